package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// v1File rewrites one file of a package that uses the aws-sdk-go v1 DynamoDB client (see
// migrateV1Client). Each rewrite claims the source range it replaces; a later, more general rule
// never edits inside a claimed range, so a value converted as a whole is not converted twice.
type v1File struct {
	*fileMigration
	p *v1Package
	// ddb and types are the local names of v2 service/dynamodb (the v1 import's own name: its path
	// is switched) and service/dynamodb/types.
	ddb, types string
	// awsV2 is set when the file's aws import moves to aws-sdk-go-v2's aws (every use has a twin).
	awsV2 bool
	// ownedTypes are composite literal type expressions a literal rewrite replaces itself.
	ownedTypes map[ast.Expr]bool
	// parents maps each node of the file to its parent.
	parents map[ast.Node]ast.Node
	// helperText collects the helper functions this file declares (appended at its end).
	helperText string
	// marshalResults are the parameters of v1 Marshalers that become named results.
	marshalResults map[*types.Var]bool
	// v2Params are `...request.Option` parameters whose type became v2's options.
	v2Params map[*types.Var]bool
}

// claim records an edit unless it overlaps one already made (then it is dropped: the range was
// rewritten as a whole by a more specific rule). Inserts may touch a replaced range's ends.
func (f *v1File) claim(from, to token.Pos, text string) bool {
	start, end := f.ed.off(from), f.ed.off(to)
	for _, e := range f.ed.edits {
		if e.start == e.end || start == end {
			if (start == end && start > e.start && start < e.end) || (e.start == e.end && e.start > start && e.start < end) {
				return false
			}
			continue
		}
		if start < e.end && e.start < end {
			return false
		}
	}
	f.ed.edits = append(f.ed.edits, edit{start, end, text})
	return true
}

func (f *v1File) insertAt(at token.Pos, text string) bool { return f.claim(at, at, text) }

// src is the original text of a node.
func (f *v1File) src(n ast.Node) string { return f.ed.text(n.Pos(), n.End()) }

// parent is n's parent node (nil for the file).
func (f *v1File) parent(n ast.Node) ast.Node { return f.parents[n] }

func (f *v1File) indexParents() {
	f.parents = map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(f.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if len(stack) > 0 {
			f.parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
}

// v2Type maps a v1 type to the type the rewritten code has: v1 shapes to their v2 types
// (*AttributeValue → types.AttributeValue, *DynamoDB → *dynamodb.Client, slices and maps of shape
// pointers → of values, as v2 declares them), dynamodbiface.DynamoDBAPI to the package's own
// interface, aws.Context to context.Context; everything else as it is. ok is false when a v1 shape
// has no v2 counterpart.
func (f *v1File) v2Type(t types.Type) (types.Type, bool) {
	t = types.Unalias(t)
	switch t := t.(type) {
	case *types.Named:
		obj := t.Obj()
		switch {
		case isV1(obj):
			switch obj.Name() {
			case attributeType:
				return nil, false // a value AttributeValue: v2's is an interface, only *AttributeValue maps
			case v1ClientType:
				return f.p.v2.ddb.Scope().Lookup(v2ClientType).Type(), true
			}
			if tn := f.p.v2.shape(obj.Name()); tn != nil {
				return tn.Type(), true
			}
			return nil, false
		case obj.Pkg() != nil && obj.Pkg().Path() == v1Iface:
			return types.NewNamed(types.NewTypeName(token.NoPos, f.l.Types, f.p.iface, nil), types.NewInterfaceType(nil, nil), nil), true
		}
		return t, true
	case *types.Pointer:
		if n, ok := types.Unalias(t.Elem()).(*types.Named); ok && isV1(n.Obj()) && n.Obj().Name() == attributeType {
			return f.p.v2.types.Scope().Lookup(attributeType).Type(), true
		}
		elem, ok := f.v2Type(t.Elem())
		return types.NewPointer(elem), ok
	case *types.Slice:
		elem, ok := f.v2Element(t.Elem())
		return types.NewSlice(elem), ok
	case *types.Map:
		key, ok1 := f.v2Type(t.Key())
		elem, ok2 := f.v2Element(t.Elem())
		return types.NewMap(key, elem), ok1 && ok2
	case *types.Signature:
		params, ok1 := f.v2Tuple(t.Params())
		results, ok2 := f.v2Tuple(t.Results())
		return types.NewSignatureType(nil, nil, nil, params, results, t.Variadic()), ok1 && ok2
	}
	return t, true
}

// v2Element maps the element type of a slice or map: a pointer to a v1 shape becomes the v2
// value type (v2 declares []types.WriteRequest where v1 had []*dynamodb.WriteRequest).
func (f *v1File) v2Element(t types.Type) (types.Type, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		if n, ok := types.Unalias(p.Elem()).(*types.Named); ok && isV1(n.Obj()) && n.Obj().Name() != attributeType && n.Obj().Name() != v1ClientType {
			return f.v2Type(n)
		}
	}
	return f.v2Type(t)
}

func (f *v1File) v2Tuple(t *types.Tuple) (*types.Tuple, bool) {
	if t == nil {
		return nil, true
	}
	vars := make([]*types.Var, t.Len())
	ok := true
	for i := range vars {
		typ, k := f.v2Type(t.At(i).Type())
		ok = ok && k
		vars[i] = types.NewVar(token.NoPos, nil, t.At(i).Name(), typ)
	}
	return types.NewTuple(vars...), ok
}

// mentionsV1 reports whether a type refers to the v1 DynamoDB API anywhere.
func (f *v1File) mentionsV1(t types.Type) bool {
	if t == nil {
		return false
	}
	m, ok := f.v2Type(t)
	return !ok || !types.Identical(m, types.Unalias(t))
}

// typeText prints a (v2) type as the file spells it: v2 packages under their local names, the
// file's own package unqualified, other packages under their import names.
func (f *v1File) typeText(t types.Type) string {
	return types.TypeString(t, func(pkg *types.Package) string {
		switch pkg.Path() {
		case f.l.Pkg.ImportPath, f.l.Types.Path():
			return ""
		case v2DynamoDB:
			return f.ddbName()
		case v2Types:
			f.needImport(v2Types, f.typesAlias())
			return f.types
		case "context":
			f.needImport("context", "")
			return "context"
		}
		for _, s := range f.file.Imports {
			if p, _ := strconv.Unquote(s.Path.Value); p == pkg.Path() {
				if name := f.localName(s); name != "" {
					return name
				}
			}
		}
		return pkg.Name()
	})
}

// typesAlias is the import name to give service/dynamodb/types ("" when it is "types").
func (f *v1File) typesAlias() string {
	if f.types == "types" {
		return ""
	}
	return f.types
}

// typesRef is `types.Name` for a name in v2 service/dynamodb/types, with the import added.
func (f *v1File) typesRef(name string) string {
	f.needImport(v2Types, f.typesAlias())
	return f.types + "." + name
}

// v1Client returns the v1 *dynamodb.DynamoDB type as the package sees it (nil when it does not).
func (f *v1File) v1ClientType() *types.Named {
	seen := map[*types.Package]bool{}
	var find func(pkgs []*types.Package) *types.Named
	find = func(pkgs []*types.Package) *types.Named {
		for _, pkg := range pkgs {
			if seen[pkg] {
				continue
			}
			seen[pkg] = true
			if pkg.Path() == v1DynamoDB {
				if tn, ok := pkg.Scope().Lookup(v1ClientType).(*types.TypeName); ok {
					return tn.Type().(*types.Named)
				}
			}
			if pkg.Path() == v1Iface || pkg.Path() == v1Attr || pkg.Path() == v1Expression {
				if n := find(pkg.Imports()); n != nil {
					return n
				}
			}
		}
		return nil
	}
	if f.l.Types == nil {
		return nil
	}
	return find(f.l.Types.Imports())
}

// ddbName is the name this file reaches v2's service/dynamodb by, with the import added when the
// file had no v1 dynamodb import to switch (a file that only used dynamodbiface).
func (f *v1File) ddbName() string {
	if f.importOf(v1DynamoDB) == nil {
		f.needImport(v2DynamoDB, "")
	}
	return f.ddb
}
