package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// awsV1Twin maps aws-sdk-go-v2 aws helpers to their aws-sdk-go v1 names (same types): a file whose
// aws import stays v1 (a session shared with other services still needs it) keeps v1's spelling.
var awsV1Twin = map[string]string{"ToString": "StringValue", "ToBool": "BoolValue", "ToInt64": "Int64Value", "ToStringSlice": "StringValueSlice", "ToStringMap": "StringValueMap"}

// awsRef is the aws helper name (v2 spelling) as the file can call it.
func (f *v1File) awsRef(v2Name string) string {
	if spec := f.importOf(awsV1); spec != nil && !f.awsV2 {
		name := v2Name
		if twin, ok := awsV1Twin[v2Name]; ok {
			name = twin
		}
		return f.localName(spec) + "." + name
	}
	if spec := f.importOf(awsV1); spec != nil {
		return f.localName(spec) + "." + v2Name
	}
	if spec := f.importOf(awsV2); spec != nil {
		return f.localName(spec) + "." + v2Name
	}
	f.needImport(awsV2, "")
	return "aws." + v2Name
}

// callOf returns the argument of a one-argument call to pkg.name (e.g. aws.String(x) → x), or nil.
func (f *v1File) callOf(e ast.Expr, pkg string, names ...string) (*ast.CallExpr, ast.Expr) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil, nil
	}
	fn := f.funcObj(call)
	if fn == nil || fn.Pkg() == nil || (fn.Pkg().Path() != pkg && !(pkg == awsV1 && fn.Pkg().Path() == awsV2)) {
		return nil, nil
	}
	for _, n := range names {
		if fn.Name() == n {
			return call, call.Args[0]
		}
	}
	return nil, nil
}

// unwrap replaces a one-argument call by its argument text (aws.String(x) → x), keeping the
// argument's own rewrites.
func (f *v1File) unwrap(call *ast.CallExpr, arg ast.Expr) bool {
	return f.claim(call.Pos(), arg.Pos(), "") && f.claim(arg.End(), call.End(), "")
}

// wrap puts e inside before…after.
func (f *v1File) wrap(e ast.Expr, before, after string) bool {
	return f.insertAt(e.Pos(), before) && f.insertAt(e.End(), after)
}

// conv makes e, a v1 value, the v2 type `to` where the rewritten code needs it (a field of a v2
// input, an element of a v2 slice): *string → string and enum types, *int64 → *int32, []*string →
// []string, map[string]*string → map[string]string, *Shape → Shape. Conversions that cannot keep
// the value (a nil *int64 has no *int32) are reported at error level.
func (f *v1File) conv(e ast.Expr, to types.Type) {
	from := f.l.Info.TypeOf(e)
	if from == nil || to == nil || f.fromV2Twin(e) {
		return
	}
	if b, ok := from.(*types.Basic); ok && b.Kind() == types.UntypedNil {
		return
	}
	mapped, ok := f.v2Type(from)
	if !ok {
		f.note(e, "error", "go-v1-shape", fmt.Sprintf("%s has no aws-sdk-go-v2 counterpart: rewrite this value by hand, then migrate", f.typeText(from)))
		return
	}
	to = types.Unalias(to)
	if types.Identical(mapped, to) || types.AssignableTo(mapped, to) {
		return
	}
	e = ast.Unparen(e)
	switch {
	case isPtrTo(mapped, types.String) && isBasic(to, types.String):
		if call, arg := f.callOf(e, awsV1, "String"); call != nil {
			f.unwrap(call, arg)
			return
		}
		f.wrap(e, f.awsRef("ToString")+"(", ")")
		f.note(e, "information", "go-v1-shape", "aws-sdk-go-v2 takes a string here, not a *string: a nil pointer now sends \"\" (v1 sent no value)")
	case isPtrTo(mapped, types.String) && isEnum(to):
		f.enumValue(e, to.(*types.Named))
	case isPtrTo(mapped, types.Int64) && isPtrTo(to, types.Int32):
		if call, arg := f.callOf(e, awsV1, "Int64"); call != nil {
			sel := call.Fun.(*ast.SelectorExpr)
			f.claim(sel.Sel.Pos(), sel.Sel.End(), "Int32")
			f.toInt32(arg)
			return
		}
		f.note(e, "error", "go-v1-shape", "this *int64 is a *int32 in aws-sdk-go-v2: write aws.Int32(int32(n)) with the value (a nil pointer stays nil), then migrate")
	case isPtrTo(mapped, types.Int64) && isBasic(to, types.Int32):
		// An output's count, set by a fake: aws.Int64(n) → int32(n); a nil count is 0 in v2.
		if call, arg := f.callOf(e, awsV1, "Int64"); call != nil {
			f.unwrap(call, arg)
			f.toInt32(arg)
			return
		}
		f.wrap(e, "int32("+f.awsRef("ToInt64")+"(", "))")
	case isPtrTo(mapped, types.Bool) && isBasic(to, types.Bool):
		if call, arg := f.callOf(e, awsV1, "Bool"); call != nil {
			f.unwrap(call, arg)
			return
		}
		f.wrap(e, f.awsRef("ToBool")+"(", ")")
	case isSliceOf(mapped, func(t types.Type) bool { return isPtrTo(t, types.String) }) && isSliceOf(to, func(t types.Type) bool { return isBasic(t, types.String) || isEnum(t) }):
		f.stringList(e, to)
	case isMapOf(mapped, func(t types.Type) bool { return isPtrTo(t, types.String) }) && isMapOf(to, func(t types.Type) bool { return isBasic(t, types.String) }):
		f.stringMap(e, to)
	case isPtr(mapped) && types.Identical(mapped.(*types.Pointer).Elem(), to):
		f.deref(e)
	default:
		f.note(e, "error", "go-v1-shape", fmt.Sprintf("a %s cannot be carried into aws-sdk-go-v2's %s automatically: rewrite it by hand, then migrate", f.typeText(mapped), f.typeText(to)))
	}
}

// fromV2Twin reports whether e is a call into a v1 package the rewrite switches to its v2 twin
// (expression, dynamodbattribute): its result already has the v2 type.
func (f *v1File) fromV2Twin(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	var fn *types.Func
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		fn, _ = f.l.Info.Uses[fun.Sel].(*types.Func)
	case *ast.Ident:
		fn, _ = f.l.Info.Uses[fun].(*types.Func)
	}
	return fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == v1Expression || fn.Pkg().Path() == v1Attr)
}

// enumValue turns a *string into a v2 enum value: aws.String(dynamodb.ReturnValueAllNew) →
// types.ReturnValueAllNew, aws.String("ALL_NEW") → the constant of that value, other strings to a
// conversion.
func (f *v1File) enumValue(e ast.Expr, enum *types.Named) {
	call, arg := f.callOf(e, awsV1, "String")
	if call == nil {
		f.claim(e.Pos(), e.End(), f.typeText(enum)+"("+f.awsRef("ToString")+"("+f.src(e)+"))")
		return
	}
	if tv := f.l.Info.Types[arg]; tv.Value != nil && tv.Value.Kind() == constant.String {
		if name := f.enumConst(enum, constant.StringVal(tv.Value)); name != "" {
			f.claim(call.Pos(), call.End(), f.typesRef(name))
			return
		}
	}
	f.claim(call.Fun.Pos(), call.Fun.End(), f.typeText(enum))
}

// enumConst is the name of the v2 constant of an enum type with that value ("" when none).
func (f *v1File) enumConst(enum *types.Named, value string) string {
	scope := f.p.v2.types.Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), enum) && constant.StringVal(c.Val()) == value {
			return name
		}
	}
	return ""
}

// toInt32 makes an int64 expression an int32 one: int64(x) → int32(x), constants stay, others
// are converted.
func (f *v1File) toInt32(arg ast.Expr) {
	if tv := f.l.Info.Types[arg]; tv.Value != nil {
		if _, isConv := ast.Unparen(arg).(*ast.CallExpr); !isConv {
			return
		}
	}
	if conv, ok := ast.Unparen(arg).(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if id, ok := conv.Fun.(*ast.Ident); ok && id.Name == "int64" {
			if _, isType := f.l.Info.Uses[id].(*types.TypeName); isType {
				f.claim(id.Pos(), id.End(), "int32")
				return
			}
		}
	}
	f.wrap(arg, "int32(", ")")
}

// stringList makes a []*string a []string (or a slice of an enum): aws.StringSlice(x) → x, a
// literal of aws.String elements → a literal of strings, anything else through aws.ToStringSlice.
func (f *v1File) stringList(e ast.Expr, to types.Type) {
	if call, arg := f.callOf(e, awsV1, "StringSlice"); call != nil && isSliceOf(to, func(t types.Type) bool { return isBasic(t, types.String) }) {
		f.unwrap(call, arg)
		return
	}
	if lit, ok := e.(*ast.CompositeLit); ok && lit.Type != nil {
		f.claim(lit.Type.Pos(), lit.Type.End(), f.typeText(to))
		for _, el := range lit.Elts {
			f.conv(el, to.(*types.Slice).Elem())
		}
		return
	}
	if isSliceOf(to, func(t types.Type) bool { return isBasic(t, types.String) }) {
		f.wrap(e, f.awsRef("ToStringSlice")+"(", ")")
		return
	}
	f.note(e, "error", "go-v1-shape", fmt.Sprintf("this []*string is a %s in aws-sdk-go-v2: convert it by hand, then migrate", f.typeText(to)))
}

// stringMap makes a map[string]*string a map[string]string (ExpressionAttributeNames).
func (f *v1File) stringMap(e ast.Expr, to types.Type) {
	if call, arg := f.callOf(e, awsV1, "StringMap"); call != nil {
		f.unwrap(call, arg)
		return
	}
	if lit, ok := e.(*ast.CompositeLit); ok && lit.Type != nil {
		f.claim(lit.Type.Pos(), lit.Type.End(), f.typeText(to))
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				f.conv(kv.Value, to.(*types.Map).Elem())
			}
		}
		return
	}
	f.wrap(e, f.awsRef("ToStringMap")+"(", ")")
}

// deref makes a *Shape a Shape (v2 slices and maps of shapes hold values): &T{…} → T{…}, x → *x.
func (f *v1File) deref(e ast.Expr) {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			f.claim(x.OpPos, x.X.Pos(), "")
			return
		}
	case *ast.CompositeLit:
		if x.Type == nil {
			return // an elided element literal: already a value in a v2 container
		}
	}
	f.insertAt(e.Pos(), "*")
}

// literals rewrites composite literals of v1 shapes: AttributeValue literals to the v2 member
// types, the fields of other shapes to their v2 types, and the elements of slices and maps.
func (f *v1File) literals() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := types.Unalias(f.l.Info.TypeOf(lit))
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		switch u := t.(type) {
		case *types.Named:
			if !isV1(u.Obj()) {
				return true
			}
			if u.Obj().Name() == attributeType {
				f.avLiteral(lit)
				return true
			}
			f.shapeLiteral(lit, u)
		case *types.Slice, *types.Map, *types.Array:
			if !f.mentionsV1(t) {
				return true
			}
			mapped, ok := f.v2Type(t)
			if !ok {
				return true // the type rewrite reports it
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				f.conv(el, elemOf(mapped))
			}
		}
		return true
	})
}

// shapeLiteral converts each field of a v1 shape literal to its v2 field's type.
func (f *v1File) shapeLiteral(lit *ast.CompositeLit, t *types.Named) {
	target := f.p.v2.shape(t.Obj().Name())
	if target == nil {
		f.note(lit, "error", "go-v1-shape", "aws-sdk-go-v2 has no "+t.Obj().Name()+": rewrite this by hand, then migrate")
		return
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			f.note(el, "error", "go-v1-shape", "a "+t.Obj().Name()+" literal without field names cannot be carried: name the fields, then migrate")
			continue
		}
		name := kv.Key.(*ast.Ident).Name
		v2Field := field(target.Type(), name)
		if v2Field == nil {
			f.note(kv, "error", "go-v1-shape", fmt.Sprintf("aws-sdk-go-v2's %s has no field %s: rewrite this by hand, then migrate", target.Name(), name))
			continue
		}
		f.conv(kv.Value, v2Field.Type())
	}
}

// avMembers maps v1 AttributeValue fields to the v2 member types.
var avMembers = map[string]string{"S": "S", "N": "N", "B": "B", "BOOL": "BOOL", "NULL": "NULL", "SS": "SS", "NS": "NS", "BS": "BS", "M": "M", "L": "L"}

// avLiteral turns &dynamodb.AttributeValue{S: aws.String(x)} (or an elided {S: …} in a map or
// slice of them) into &types.AttributeValueMemberS{Value: x}.
func (f *v1File) avLiteral(lit *ast.CompositeLit) {
	if lit.Type != nil {
		f.ownedTypes[lit.Type] = true
	}
	var set []*ast.KeyValueExpr
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			set = append(set, kv)
		}
	}
	if len(set) != 1 || len(lit.Elts) != 1 {
		f.note(lit, "error", "go-v1-shape", fmt.Sprintf("an AttributeValue with %d members set has no aws-sdk-go-v2 form (each value is one member type, e.g. &types.AttributeValueMemberS{Value: …}): rewrite it by hand, then migrate", len(lit.Elts)))
		return
	}
	kv := set[0]
	member, ok := avMembers[kv.Key.(*ast.Ident).Name]
	if !ok {
		f.note(kv, "error", "go-v1-shape", "AttributeValue."+kv.Key.(*ast.Ident).Name+" has no aws-sdk-go-v2 member type")
		return
	}
	memberType := f.p.v2.types.Scope().Lookup("AttributeValueMember" + member)
	if lit.Type != nil {
		if u, ok := f.parent(lit).(*ast.UnaryExpr); !ok || u.Op != token.AND {
			f.note(lit, "error", "go-v1-shape", "a dynamodb.AttributeValue value (not a pointer) has no aws-sdk-go-v2 form: use a *dynamodb.AttributeValue, then migrate")
			return
		}
		f.claim(lit.Type.Pos(), lit.Type.End(), f.typesRef(memberType.Name()))
	} else {
		f.insertAt(lit.Lbrace, "&"+f.typesRef(memberType.Name()))
	}
	f.claim(kv.Key.Pos(), kv.Key.End(), "Value")
	f.conv(kv.Value, field(memberType.Type(), "Value").Type())
}

// elemOf is the element type of a slice, array or map.
func elemOf(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return nil
}

func isBasic(t types.Type, kind types.BasicKind) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Kind() == kind
}

func isPtr(t types.Type) bool { _, ok := types.Unalias(t).(*types.Pointer); return ok }

func isPtrTo(t types.Type, kind types.BasicKind) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isBasic(p.Elem(), kind)
}

// isEnum reports whether t is a v2 enum (a named string type of service/dynamodb/types).
func isEnum(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == v2Types && isBasic(n.Underlying(), types.String)
}

func isSliceOf(t types.Type, elem func(types.Type) bool) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	return ok && elem(s.Elem())
}

func isMapOf(t types.Type, elem func(types.Type) bool) bool {
	m, ok := types.Unalias(t).(*types.Map)
	return ok && isBasic(m.Key(), types.String) && elem(m.Elem())
}

// quoteConst is a v1 string constant as a Go string literal.
func quoteConst(c *types.Const) string {
	if c.Val().Kind() == constant.String {
		return strconv.Quote(constant.StringVal(c.Val()))
	}
	return c.Val().ExactString()
}

// lowerFirst is name with its first letter in lower case.
func lowerFirst(name string) string { return strings.ToLower(name[:1]) + name[1:] }
