package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// fieldOfV1 returns the v1 shape a field selection reads from and the field, or nil.
func (f *v1File) fieldOfV1(sel *ast.SelectorExpr) (*types.Named, *types.Var) {
	s := f.l.Info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil, nil
	}
	recv := types.Unalias(s.Recv())
	if p, ok := recv.(*types.Pointer); ok {
		recv = types.Unalias(p.Elem())
	}
	n, ok := recv.(*types.Named)
	if !ok || !isV1(n.Obj()) {
		return nil, nil
	}
	return n, s.Obj().(*types.Var)
}

// writes converts the right-hand sides of assignments to v1 shape fields and to map elements
// (in.Limit = aws.Int64(10) → aws.Int32(10)); an AttributeValue member written on a local value
// becomes a new member value (av.S = x → av = &types.AttributeValueMemberS{Value: x}).
func (f *v1File) writes() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || a.Tok != token.ASSIGN {
			return true
		}
		if len(a.Lhs) != len(a.Rhs) {
			f.tupleWrites(a)
			return true
		}
		for i, lhs := range a.Lhs {
			switch l := lhs.(type) {
			case *ast.StarExpr:
				f.derefWrite(l)
			case *ast.SelectorExpr:
				shape, fld := f.fieldOfV1(l)
				if shape == nil {
					continue
				}
				if shape.Obj().Name() == attributeType {
					f.avWrite(a, l, a.Rhs[i])
					continue
				}
				if target := f.p.v2.shape(shape.Obj().Name()); target != nil {
					if v2Field := field(target.Type(), fld.Name()); v2Field != nil {
						f.conv(a.Rhs[i], v2Field.Type())
						continue
					}
				}
				f.note(l, "error", "go-v1-shape", fmt.Sprintf("aws-sdk-go-v2's %s has no field %s: rewrite this by hand, then migrate", shape.Obj().Name(), fld.Name()))
			case *ast.IndexExpr:
				if t := f.l.Info.TypeOf(l.X); t != nil && f.mentionsV1(t) {
					if mapped, ok := f.v2Type(t); ok && elemOf(mapped) != nil {
						f.conv(a.Rhs[i], elemOf(mapped))
					}
				}
			}
		}
		return true
	})
}

// tupleWrites checks the v1 shape fields a multi-value assignment writes (`av.M, err = f(av.M)`):
// its right-hand side is one call whose results cannot be converted one by one, so a field whose
// aws-sdk-go-v2 type differs (every AttributeValue member) blocks with the reason.
func (f *v1File) tupleWrites(a *ast.AssignStmt) {
	for _, lhs := range a.Lhs {
		if l, ok := lhs.(*ast.StarExpr); ok {
			f.derefWrite(l)
			continue
		}
		l, ok := lhs.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		shape, fld := f.fieldOfV1(l)
		if shape == nil {
			continue
		}
		if shape.Obj().Name() != attributeType {
			if target := f.p.v2.shape(shape.Obj().Name()); target != nil {
				if v2Field := field(target.Type(), fld.Name()); v2Field != nil && types.Identical(v2Field.Type(), fld.Type()) {
					continue
				}
			}
		}
		f.note(l, "error", "go-v1-shape", "this assignment writes "+f.src(l)+" from a call's results, and its aws-sdk-go-v2 counterpart has another type (AttributeValues are immutable member types in v2): rewrite it by hand, then migrate")
	}
}

// derefWrite blocks `*av = …` through a pointer to a v1 AttributeValue: v2's AttributeValue is an
// interface of immutable member types, so the value the caller holds cannot be replaced in place.
func (f *v1File) derefWrite(l *ast.StarExpr) {
	if n, ok := types.Unalias(f.l.Info.TypeOf(l)).(*types.Named); ok && isV1(n.Obj()) && n.Obj().Name() == attributeType {
		f.note(l, "error", "go-v1-shape", "this replaces the v1 AttributeValue "+f.src(l.X)+" points to, in place; aws-sdk-go-v2 AttributeValues are immutable member types behind an interface, so the caller's value cannot be replaced: return the new value instead (by hand), then migrate")
	}
}

// avWrite rewrites `av.S = x` where av is a variable of this function (or a named result):
// v2 member values are immutable types, so the variable gets a new member value. A write through
// a pointer others hold (a parameter, a field) would no longer reach them: that is blocked.
func (f *v1File) avWrite(a *ast.AssignStmt, l *ast.SelectorExpr, rhs ast.Expr) {
	id, ok := l.X.(*ast.Ident)
	obj, _ := f.l.Info.Uses[id].(*types.Var)
	if !ok || obj == nil || !f.ownedLocal(obj) {
		f.note(l, "error", "go-v1-shape", "aws-sdk-go-v2 AttributeValues are immutable member types: this write to "+f.src(l)+" changes a value others hold, so it cannot be carried; build a new value (e.g. &types.AttributeValueMemberS{Value: …}) by hand, then migrate")
		return
	}
	if id, ok := ast.Unparen(rhs).(*ast.Ident); ok && id.Name == "nil" {
		f.note(l, "error", "go-v1-shape", "setting "+f.src(l)+" to nil clears one member of a v1 AttributeValue; an aws-sdk-go-v2 AttributeValue is one member type, with nothing to clear: rewrite it by hand (assign the member value it should hold), then migrate")
		return
	}
	member := avMembers[l.Sel.Name]
	memberType := f.p.v2.types.Scope().Lookup("AttributeValueMember" + member)
	if memberType == nil {
		f.note(l, "error", "go-v1-shape", "AttributeValue."+l.Sel.Name+" has no aws-sdk-go-v2 member type")
		return
	}
	f.claim(l.X.End(), rhs.Pos(), " = &"+f.typesRef(memberType.Name())+"{Value: ")
	f.insertAt(rhs.End(), "}")
	f.conv(rhs, field(memberType.Type(), "Value").Type())
}

// ownedLocal reports whether v is declared inside a function of this file and is not a
// parameter (named results count as the function's own: see the v1 Marshaler rewrite).
func (f *v1File) ownedLocal(v *types.Var) bool {
	if f.marshalResults[v] {
		return true
	}
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || v.Pos() < fd.Pos() || v.Pos() >= fd.End() {
			continue
		}
		return v.Pos() >= fd.Body.Pos()
	}
	return false
}

// avReaders maps AttributeValue fields to the helper reading them and its result type.
var avReaders = map[string]string{
	"S": "*string", "N": "*string", "BOOL": "*bool", "NULL": "*bool", "B": "[]byte", "BS": "[][]byte",
	"SS": "[]*string", "NS": "[]*string", "M": "map[string]TYPES.AttributeValue", "L": "[]TYPES.AttributeValue",
}

// reads rewrites reads of v1 shape fields whose v2 type differs: AttributeValue members through a
// helper that keeps v1's result (nil when the value is another type or missing), counts and enum
// outputs back to what the code around them expects (*out.Count → int64(out.Count)).
func (f *v1File) reads() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		shape, fld := f.fieldOfV1(sel)
		if shape == nil || f.isWriteTarget(sel) {
			return true
		}
		if shape.Obj().Name() == attributeType {
			f.avRead(sel)
			return true
		}
		if shape.Obj().Name() == v1ClientType {
			f.note(sel, "error", "go-v1-client", "the v1 client's "+fld.Name()+" (its internals) has no aws-sdk-go-v2 counterpart (a *dynamodb.Client shows its settings through Options()): rewrite this by hand, then migrate")
			return true
		}
		target := f.p.v2.shape(shape.Obj().Name())
		var v2Field *types.Var
		if target != nil {
			v2Field = field(target.Type(), fld.Name())
		}
		if v2Field == nil {
			f.note(sel, "error", "go-v1-shape", fmt.Sprintf("aws-sdk-go-v2's %s has no field %s: rewrite this by hand, then migrate", shape.Obj().Name(), fld.Name()))
			return true
		}
		want, ok := f.v2Type(fld.Type())
		if ok && !types.Identical(want, types.Unalias(v2Field.Type())) {
			f.readBack(sel, v2Field.Type(), want)
		}
		return true
	})
}

// isWriteTarget reports whether sel is assigned to (its value is not read).
func (f *v1File) isWriteTarget(sel *ast.SelectorExpr) bool {
	if a, ok := f.parent(sel).(*ast.AssignStmt); ok && a.Tok == token.ASSIGN {
		for _, l := range a.Lhs {
			if l == sel {
				return true
			}
		}
	}
	return false
}

// avRead turns x.S into avS(x): v2 values are member types, and the helper answers what v1's
// field held (nil when x holds another member type or is nil; v1 panicked on a nil x).
func (f *v1File) avRead(sel *ast.SelectorExpr) {
	result, ok := avReaders[sel.Sel.Name]
	if !ok {
		f.note(sel, "error", "go-v1-shape", "AttributeValue."+sel.Sel.Name+" has no aws-sdk-go-v2 counterpart")
		return
	}
	name := f.avHelper(sel.Sel.Name, result)
	if f.insertAt(sel.X.Pos(), name+"(") {
		f.claim(sel.X.End(), sel.End(), ")")
	}
}

// readBack converts a v2 field read (now of type have) to the type the code around it was
// written for (want, the v1 field's type as rewritten): *out.Count → int64(out.Count).
func (f *v1File) readBack(sel *ast.SelectorExpr, have, want types.Type) {
	outer := f.parent(sel)
	star, _ := outer.(*ast.StarExpr)
	var valueCall *ast.CallExpr
	if c, ok := outer.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if fn := f.funcObj(c); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == awsV1 || fn.Pkg().Path() == awsV2) && (strings.Contains(fn.Name(), "Value") || strings.HasPrefix(fn.Name(), "To")) {
			valueCall = c
		}
	}
	// value replaces the dereference (or the aws …Value call) around sel with conversion text.
	value := func(before, after string) bool {
		switch {
		case star != nil:
			return f.claim(star.Pos(), sel.Pos(), before) && f.insertAt(sel.End(), after)
		case valueCall != nil:
			return f.claim(valueCall.Pos(), sel.Pos(), before) && f.claim(sel.End(), valueCall.End(), after)
		}
		return false
	}
	have = types.Unalias(have)
	switch p := types.Unalias(want).(type) {
	case *types.Pointer:
		elem := f.typeText(p.Elem())
		switch {
		case isBasic(have, types.Int32) || isBasic(have, types.Int64) || isBasic(have, types.Bool) || isBasic(have, types.String):
			if value(elem+"(", ")") {
				return
			}
			if types.Identical(have, p.Elem()) {
				f.wrap(sel, f.awsRef(awsPtrFunc(p.Elem()))+"(", ")")
			} else {
				f.wrap(sel, f.awsRef(awsPtrFunc(p.Elem()))+"("+elem+"(", "))")
			}
			return
		case isEnum(have) && isBasic(p.Elem(), types.String):
			if value("string(", ")") {
				return
			}
			f.wrap(sel, f.awsRef("String")+"(string(", "))")
			return
		}
	case *types.Slice:
		if isSliceOf(have, func(t types.Type) bool { return isBasic(t, types.String) }) && isPtrTo(p.Elem(), types.String) {
			if valueCall != nil && f.claim(valueCall.Pos(), sel.Pos(), "") && f.claim(sel.End(), valueCall.End(), "") {
				return
			}
			f.wrap(sel, f.awsRef("StringSlice")+"(", ")")
			return
		}
	case *types.Map:
		if isMapOf(have, func(t types.Type) bool { return isBasic(t, types.String) }) && isPtrTo(p.Elem(), types.String) {
			f.wrap(sel, f.awsRef("StringMap")+"(", ")")
			return
		}
	}
	f.note(sel, "error", "go-v1-shape", fmt.Sprintf("%s is a %s in aws-sdk-go-v2 (a %s in v1): rewrite its use by hand, then migrate", f.src(sel), f.typeText(have), f.typeText(want)))
}

// awsPtrFunc is the aws helper that makes a pointer of a basic type (aws.Int64, aws.String…).
func awsPtrFunc(t types.Type) string {
	name := types.Unalias(t).(*types.Basic).Name()
	return strings.ToUpper(name[:1]) + name[1:]
}

// appends converts the elements appended to slices whose v2 element type differs (append(reqs,
// &dynamodb.WriteRequest{…}) → append(reqs, types.WriteRequest{…})).
func (f *v1File) appends() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 || call.Ellipsis.IsValid() {
			return true
		}
		if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "append" {
			return true
		} else if _, builtin := f.l.Info.Uses[id].(*types.Builtin); !builtin {
			return true
		}
		t := f.l.Info.TypeOf(call.Args[0])
		if t == nil || !f.mentionsV1(t) {
			return true
		}
		if mapped, ok := f.v2Type(t); ok {
			for _, arg := range call.Args[1:] {
				f.conv(arg, elemOf(mapped))
			}
		}
		return true
	})
}

// constants rewrites the v1 package's constants outside the values already converted: error codes
// to their strings, enum values to the v2 constants (as strings, the type v1 gave them).
func (f *v1File) constants() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		obj := f.pkgObjOf(sel)
		if !isV1(obj) {
			return true
		}
		switch obj := obj.(type) {
		case *types.Const:
			text := quoteConst(obj)
			if !strings.HasPrefix(obj.Name(), "ErrCode") {
				if c, ok := f.p.v2.types.Scope().Lookup(obj.Name()).(*types.Const); ok && c.Val().ExactString() == obj.Val().ExactString() {
					text = "string(" + f.typesRef(obj.Name()) + ")"
				}
			}
			f.claim(sel.Pos(), sel.End(), text)
		case *types.Func:
			if obj.Name() != "New" {
				f.note(sel, "error", "go-v1-client", "dynamodb."+obj.Name()+" has no aws-sdk-go-v2 counterpart here: rewrite it by hand, then migrate")
			}
		case *types.Var:
			f.note(sel, "error", "go-v1-client", "dynamodb."+obj.Name()+" has no aws-sdk-go-v2 counterpart here: rewrite it by hand, then migrate")
		}
		return true
	})
}
