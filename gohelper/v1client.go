package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// migrateV1Client moves the file's aws-sdk-go v1 DynamoDB code to aws-sdk-go-v2 with every use
// of the client in the same change (the package's other files, its tests and fakes too: see
// migrate): construction, the client interface, calls, paginators and waiters, shapes, error
// checks; dynamodbattribute follows in migrateAttr. p is the package's plan (nil: nothing to do).
func (m *fileMigration) migrateV1Client(p *v1Package) {
	if p == nil || !m.touchesV1() {
		return
	}
	if p.v2Err != nil {
		spec := m.importOf(v1DynamoDB)
		var at ast.Node = m.file.Name
		if spec != nil {
			at = spec
		}
		m.note(at, "error", "go-v1-client", "the aws-sdk-go-v2 API could not be loaded to rewrite this file against ("+p.v2Err.Error()+"): no change made")
		return
	}
	m.v1Moving = true
	f := &v1File{fileMigration: m, p: p, ddb: "dynamodb", types: "types", ownedTypes: map[ast.Expr]bool{}, marshalResults: map[*types.Var]bool{}, v2Params: map[*types.Var]bool{}}
	if spec := m.importOf(v1DynamoDB); spec != nil {
		f.ddb = m.localName(spec)
	}
	if f.nameTaken("types") {
		f.types = "ddbtypes"
	}
	f.indexParents()
	f.constructions()
	if !p.guregu {
		f.errorChecks()
		f.marshalers()
	}
	f.declarations()
	f.calls()
	f.literals()
	f.writes()
	f.reads()
	f.appends()
	f.constants()
	f.typeExprs()
	f.awsRenames()
	f.streamsNotes()
	f.declareInterface()
	f.flushHelpers()
	f.switchImports()
}

// touchesV1 reports whether the file refers to the v1 DynamoDB API (directly or through values
// of its types declared elsewhere in the package).
func (m *fileMigration) touchesV1() bool {
	for id, obj := range m.l.Info.Uses {
		if id.Pos() < m.file.Pos() || id.Pos() > m.file.End() || obj.Pkg() == nil {
			continue
		}
		switch obj.Pkg().Path() {
		case v1DynamoDB, v1Iface, v1Attr, v1Expression:
			return true
		}
		if v, ok := obj.(*types.Var); ok && v.Type() != nil && typeMentionsPath(v.Type(), v1DynamoDB, v1Iface) {
			return true
		}
	}
	return false
}

// typeMentionsPath reports whether t refers to a named type of one of the packages.
func typeMentionsPath(t types.Type, paths ...string) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			if t.Obj().Pkg() != nil {
				for _, p := range paths {
					if t.Obj().Pkg().Path() == p {
						return true
					}
				}
			}
		case *types.Pointer:
			return walk(t.Elem())
		case *types.Slice:
			return walk(t.Elem())
		case *types.Array:
			return walk(t.Elem())
		case *types.Map:
			return walk(t.Key()) || walk(t.Elem())
		case *types.Signature:
			for i := 0; i < t.Params().Len(); i++ {
				if walk(t.Params().At(i).Type()) {
					return true
				}
			}
			for i := 0; i < t.Results().Len(); i++ {
				if walk(t.Results().At(i).Type()) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// nameTaken reports whether any declaration of the package or import of the file uses name.
func (f *v1File) nameTaken(name string) bool {
	for _, s := range f.file.Imports {
		if f.localName(s) == name {
			if p, _ := strconv.Unquote(s.Path.Value); p != v2Types {
				return true
			}
		}
	}
	for id := range f.l.Info.Defs {
		if id.Name == name {
			return true
		}
	}
	return false
}

// awsMovesToV2 reports whether every use of the v1 aws package left in the file (outside the
// ranges the construction rewrite replaces) has an aws-sdk-go-v2 twin, so the import can switch
// to v2's aws.
func (f *v1File) awsMovesToV2(replaced [][2]token.Pos) bool {
	spec := f.importOf(awsV1)
	if spec == nil {
		return false
	}
	ok := true
	for id, obj := range f.l.Info.Uses {
		if obj.Pkg() == nil || obj.Pkg().Path() != awsV1 || id.Pos() < f.file.Pos() || id.Pos() > f.file.End() || within(id.Pos(), replaced) {
			continue
		}
		if _, isPkg := obj.(*types.PkgName); isPkg {
			continue
		}
		switch obj.(type) {
		case *types.Func:
			if obj.Name() == "BackgroundContext" || f.v2AwsFunc(obj.Name()) != "" {
				continue
			}
		case *types.TypeName:
			if obj.Name() == "Context" {
				continue
			}
		}
		ok = false
	}
	return ok
}

// v2AwsFunc is the aws-sdk-go-v2 name of a v1 aws helper ("" when v2 has none): StringValue →
// ToString, StringValueSlice → ToStringSlice, String → String.
func (f *v1File) v2AwsFunc(name string) string {
	for v2, v1 := range awsV1Twin {
		if v1 == name {
			return v2
		}
	}
	switch {
	case len(name) > 5 && name[len(name)-5:] == "Value":
		return "To" + name[:len(name)-5]
	case len(name) > 10 && name[len(name)-10:] == "ValueSlice":
		return "To" + name[:len(name)-10] + "Slice"
	case len(name) > 8 && name[len(name)-8:] == "ValueMap":
		return "To" + name[:len(name)-8] + "Map"
	}
	switch name {
	case "MillisecondsTimeValue", "SecondsTimeValue", "TimeUnixMilli", "Config", "NewConfig", "LogLevel", "IsReaderSeekable", "ReadSeekCloser", "CopySeekableBody", "SeekerLen", "URLHostname", "WriteAtBuffer", "NewWriteAtBuffer", "JSONValue", "Int8", "Int16", "Uint", "Uint8", "Uint16", "Uint32", "Uint64":
		return ""
	}
	return name
}

// awsRenames renames v1 aws helpers that v2 spells differently (when the import moves to v2).
func (f *v1File) awsRenames() {
	if !f.awsV2 {
		return
	}
	ast.Inspect(f.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := f.funcObj(call); fn != nil && fn.Pkg().Path() == awsV1 && fn.Name() == "BackgroundContext" {
				f.needImport("context", "")
				f.claim(call.Pos(), call.End(), "context.Background()")
			}
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if fn, ok := f.pkgObjOf(sel).(*types.Func); ok && fn.Pkg().Path() == awsV1 {
			if v2 := f.v2AwsFunc(fn.Name()); v2 != "" && v2 != fn.Name() {
				f.claim(sel.Sel.Pos(), sel.Sel.End(), v2)
			}
		}
		return true
	})
}

// switchImports points the v1 dynamodb and expression imports at their v2 twins, or removes them
// when nothing uses them any more, and has the aws import taken over by v2's when code still
// uses it (the other v1 imports the rewrite empties go in pruneImports).
func (f *v1File) switchImports() {
	if spec := f.importOf(awsV1); spec != nil && f.awsV2 && (f.usesOf(spec, f.editedRanges()) > 0 || f.emits(f.localName(spec)+".")) {
		f.needImport(awsV2, "")
	}
	for path, v2 := range map[string]string{v1DynamoDB: v2DynamoDB, v1Expression: v2Expression} {
		if spec := f.importOf(path); spec != nil {
			if f.usesOf(spec, f.editedRanges()) == 0 && !f.emits(f.localName(spec)+".") {
				f.removeImport(spec)
			} else {
				f.setImportPath(spec, v2)
			}
		}
	}
}

// streamsNotes reports DynamoDB Streams code: the v1 dynamodbstreams client is not moved by this
// fix (it has its own v2 module and types), and Lambda stream events carry aws-lambda-go's own
// attribute type, which the rewritten code converts by hand.
func (f *v1File) streamsNotes() {
	if spec := f.importOf(v1Streams); spec != nil {
		f.note(spec, "warning", "go-v1-streams", "the aws-sdk-go v1 dynamodbstreams client stays as it is: its records hold dynamodbstreams.AttributeValue, not DynamoDB's; move it to github.com/aws/aws-sdk-go-v2/service/dynamodbstreams (whose types differ from service/dynamodb/types) in its own change")
	}
	if spec := f.importOf(lambdaEvents); spec != nil {
		for id, obj := range f.l.Info.Uses {
			if obj.Pkg() != nil && obj.Pkg().Path() == lambdaEvents && obj.Name() == "DynamoDBAttributeValue" && id.Pos() >= f.file.Pos() && id.Pos() < f.file.End() {
				f.note(id, "information", "go-v1-streams", "events.DynamoDBAttributeValue (aws-lambda-go) is its own type in both SDKs: where this code turns it into DynamoDB attribute values, they are now aws-sdk-go-v2 types.AttributeValue members")
				break
			}
		}
	}
}

// within reports whether pos lies in one of the ranges.
func within(pos token.Pos, ranges [][2]token.Pos) bool {
	for _, r := range ranges {
		if pos >= r[0] && pos < r[1] {
			return true
		}
	}
	return false
}
