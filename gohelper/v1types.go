package main

import (
	"go/ast"
	"go/types"
	"strings"
)

// typeExprs rewrites type expressions naming the v1 API: *dynamodb.AttributeValue →
// types.AttributeValue, *dynamodb.DynamoDB → *dynamodb.Client, shapes → types.Shape (values in
// slices and maps, as v2 declares them), dynamodbiface.DynamoDBAPI → the package's interface,
// aws.Context → context.Context. XxxInput/XxxOutput keep their names (the import path changes).
func (f *v1File) typeExprs() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StarExpr:
			if sel, ok := n.X.(*ast.SelectorExpr); ok && f.v1TypeName(sel) != nil {
				f.pointerType(n, sel)
				return false
			}
		case *ast.SelectorExpr:
			if tn := f.v1TypeName(n); tn != nil {
				f.namedType(n, tn)
				return false
			}
			if tn, ok := f.pkgObjOf(n).(*types.TypeName); ok && tn.Pkg() != nil {
				switch {
				case tn.Pkg().Path() == v1Iface:
					f.claim(n.Pos(), n.End(), f.ifaceRef())
				case tn.Pkg().Path() == awsV1 && tn.Name() == "Context":
					f.needImport("context", "")
					f.claim(n.Pos(), n.End(), "context.Context")
				case tn.Pkg().Path() == awsV1Request && tn.Name() == "Option":
					if !f.claimed(n) {
						f.note(n, "error", "go-v1-client", "request.Option has no aws-sdk-go-v2 form (v2 takes func(*dynamodb.Options)): rewrite this by hand, then migrate")
					}
				}
				return false
			}
		}
		return true
	})
}

// v1TypeName is the v1 dynamodb type a selector names, or nil.
func (f *v1File) v1TypeName(sel *ast.SelectorExpr) *types.TypeName {
	if tn, ok := f.pkgObjOf(sel).(*types.TypeName); ok && isV1(tn) {
		return tn
	}
	return nil
}

// pointerType rewrites *dynamodb.Name.
func (f *v1File) pointerType(star *ast.StarExpr, sel *ast.SelectorExpr) {
	name := sel.Sel.Name
	switch {
	case name == attributeType:
		f.claim(star.Pos(), sel.End(), f.typesRef(attributeType))
	case name == v1ClientType:
		f.claim(sel.Sel.Pos(), sel.Sel.End(), v2ClientType)
	case isIO(name):
		// *dynamodb.XxxInput is spelled the same in v2.
	case f.p.v2.shape(name) == nil:
		f.note(sel, "error", "go-v1-shape", "aws-sdk-go-v2 has no dynamodb."+name+": rewrite this by hand, then migrate")
	case f.isElementType(star):
		f.claim(star.Pos(), sel.End(), f.typesRef(name))
	default:
		f.claim(sel.Pos(), sel.End(), f.typesRef(name))
	}
}

// namedType rewrites dynamodb.Name used without a pointer.
func (f *v1File) namedType(sel *ast.SelectorExpr, tn *types.TypeName) {
	name := tn.Name()
	switch {
	case f.ownedTypes[sel], isIO(name):
	case name == attributeType || name == v1ClientType:
		f.note(sel, "error", "go-v1-shape", "a dynamodb."+name+" value (not a pointer) has no aws-sdk-go-v2 form: rewrite this by hand, then migrate")
	case f.p.v2.shape(name) == nil:
		f.note(sel, "error", "go-v1-shape", "aws-sdk-go-v2 has no dynamodb."+name+": rewrite this by hand, then migrate")
	default:
		f.claim(sel.Pos(), sel.End(), f.typesRef(name))
	}
}

// isElementType reports whether a type expression is the element of a slice or array type or the
// value of a map type (where v2 holds shapes as values).
func (f *v1File) isElementType(e ast.Expr) bool {
	switch p := f.parent(e).(type) {
	case *ast.ArrayType:
		return p.Elt == e
	case *ast.MapType:
		return p.Value == e
	}
	return false
}

// isIO reports whether a v1 type name is an operation's input or output (kept in service/dynamodb).
func isIO(name string) bool {
	return strings.HasSuffix(name, "Input") || strings.HasSuffix(name, "Output")
}

// ifaceRef is how this file names the package's client interface (qualified in a `_test` package).
func (f *v1File) ifaceRef() string {
	if !strings.HasSuffix(f.l.Pkg.ImportPath, "_test") {
		return f.p.iface
	}
	base := strings.TrimSuffix(f.l.Pkg.ImportPath, "_test")
	name := f.p.ifaceOf[base]
	for _, s := range f.file.Imports {
		if s.Path.Value == `"`+base+`"` {
			return f.localName(s) + "." + name
		}
	}
	return name
}

// claimed reports whether a node lies inside an edit already made.
func (f *v1File) claimed(n ast.Node) bool {
	start, end := f.ed.off(n.Pos()), f.ed.off(n.End())
	for _, e := range f.ed.edits {
		if e.start < e.end && e.start <= start && end <= e.end {
			return true
		}
	}
	return false
}
