package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

const v2Types = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// scalarMembers are the AttributeValue fields a custom (un)marshaler can carry automatically:
// v1 field → the Go type of the v1 field (for the shim variables), and how a v2 member's Value
// becomes it.
var scalarMembers = map[string]struct{ v1Type, fromV2 string }{
	"S":    {"*string", "&m.Value"},
	"N":    {"*string", "&m.Value"},
	"BOOL": {"*bool", "&m.Value"},
	"NULL": {"*bool", "&m.Value"},
	"B":    {"[]byte", "m.Value"},
}

// marshalerKind names the v1 custom (un)marshaler a method declaration is, or "".
func (m *fileMigration) marshalerKind(fn *ast.FuncDecl) string {
	if fn.Recv == nil || fn.Body == nil {
		return ""
	}
	obj, ok := m.l.Info.Defs[fn.Name].(*types.Func)
	if !ok {
		return ""
	}
	sig := obj.Type().(*types.Signature)
	av := func(t types.Type) bool {
		p, ok := t.(*types.Pointer)
		return ok && isNamed(p.Elem(), v1DynamoDB, "AttributeValue")
	}
	item := func(t types.Type) bool {
		mp, ok := t.(*types.Map)
		return ok && av(mp.Elem())
	}
	params, results := sig.Params(), sig.Results()
	switch fn.Name.Name {
	case "MarshalDynamo":
		if params.Len() == 0 && results.Len() == 2 && av(results.At(0).Type()) {
			return "guregu-marshal"
		}
	case "UnmarshalDynamo", "UnmarshalDynamoDBAttributeValue":
		if params.Len() == 1 && av(params.At(0).Type()) && results.Len() == 1 {
			return "unmarshal"
		}
	case "MarshalDynamoDBAttributeValue":
		if params.Len() == 1 && av(params.At(0).Type()) && results.Len() == 1 {
			return "attr-marshal"
		}
	case "MarshalDynamoItem", "UnmarshalDynamoItem":
		if (results.Len() == 2 && item(results.At(0).Type())) || (params.Len() == 1 && item(params.At(0).Type())) {
			return "item"
		}
	}
	return ""
}

// migrateMarshalers rewrites the custom (un)marshalers declared in the file to the aws-sdk-go-v2
// interfaces (guregu/dynamo v2's Marshaler/Unmarshaler, attributevalue's): kept with their v1
// signatures they would no longer be called, and v2 would encode the type by reflection instead
// (a Color stored as S:"green" would become N:1). Bodies that build or read scalar members
// (S, N, BOOL, NULL, B) are carried; anything else blocks with the reason.
func (m *fileMigration) migrateMarshalers() {
	for _, d := range m.file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		switch m.marshalerKind(fn) {
		case "guregu-marshal":
			m.gureguMarshal(fn)
		case "attr-marshal":
			m.attrMarshal(fn)
		case "unmarshal":
			m.unmarshal(fn)
		case "item":
			m.blockMarshaler(fn, "it works on whole v1 items (map[string]*dynamodb.AttributeValue)")
		}
	}
}

func (m *fileMigration) blockMarshaler(fn *ast.FuncDecl, why string) {
	m.note(fn.Name, "error", "go-marshaler-signature", fmt.Sprintf("%s is a custom aws-sdk-go v1 (un)marshaler: with its v1 signature aws-sdk-go-v2 would no longer call it and would store the type by reflection instead. It cannot be rewritten automatically: %s. Rewrite it to the v2 interface (types.AttributeValue), then migrate", m.methodName(fn), why))
}

func (m *fileMigration) methodName(fn *ast.FuncDecl) string {
	recv := m.ed.text(fn.Recv.List[0].Type.Pos(), fn.Recv.List[0].Type.End())
	return "(" + recv + ")." + fn.Name.Name
}

// memberLiteral turns `&dynamodb.AttributeValue{K: v}` (one scalar field) into the v2 member literal.
func (m *fileMigration) memberLiteral(e ast.Expr, typesName string) (string, bool) {
	u, ok := unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return "", false
	}
	lit, ok := u.X.(*ast.CompositeLit)
	if !ok || !isNamed(m.l.Info.TypeOf(lit), v1DynamoDB, "AttributeValue") || len(lit.Elts) != 1 {
		return "", false
	}
	kv, ok := lit.Elts[0].(*ast.KeyValueExpr)
	if !ok {
		return "", false
	}
	return m.memberValue(kv.Key.(*ast.Ident).Name, kv.Value, typesName)
}

// memberValue is the v2 member literal holding v1 field k set to v.
func (m *fileMigration) memberValue(k string, v ast.Expr, typesName string) (string, bool) {
	if _, ok := scalarMembers[k]; !ok {
		return "", false
	}
	value := m.ed.text(v.Pos(), v.End())
	if c, ok := unparen(v).(*ast.CallExpr); ok && len(c.Args) == 1 {
		if f := m.funcObj(c); f != nil && f.Pkg().Path() == awsV1 && (f.Name() == "String" || f.Name() == "Bool") {
			value = m.ed.text(c.Args[0].Pos(), c.Args[0].End())
		} else if k != "B" {
			return "", false
		}
	} else if k != "B" {
		return "", false
	}
	return fmt.Sprintf("&%s.AttributeValueMember%s{Value: %s}", typesName, k, value), true
}

// gureguMarshal: MarshalDynamo() (*dynamodb.AttributeValue, error) → (types.AttributeValue, error),
// each `return &dynamodb.AttributeValue{K: v}, …` returning the v2 member instead.
func (m *fileMigration) gureguMarshal(fn *ast.FuncDecl) {
	typesName := m.importName(v2Types, "types", fn.Pos())
	type change struct {
		from, to token.Pos
		text     string
	}
	var changes []change
	ok := true
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet || !ok {
			return ok
		}
		if len(ret.Results) != 2 {
			ok = false
			return false
		}
		if id, isNil := ret.Results[0].(*ast.Ident); isNil && id.Name == "nil" {
			return true
		}
		lit, fine := m.memberLiteral(ret.Results[0], typesName)
		if !fine {
			ok = false
			return false
		}
		changes = append(changes, change{ret.Results[0].Pos(), ret.Results[0].End(), lit})
		return true
	})
	if !ok {
		m.blockMarshaler(fn, "it returns something other than &dynamodb.AttributeValue{…} with one of S, N, BOOL, NULL, B set (or nil)")
		return
	}
	res := fn.Type.Results.List[0].Type
	m.ed.replace(res.Pos(), res.End(), typesName+".AttributeValue")
	for _, c := range changes {
		m.ed.replace(c.from, c.to, c.text)
	}
	m.note(fn.Name, "information", "go-marshaler-signature", m.methodName(fn)+" now implements guregu/dynamo v2's Marshaler (it returns types.AttributeValue): the type is stored as before")
}

// attrMarshal: MarshalDynamoDBAttributeValue(av *dynamodb.AttributeValue) error → () (types.AttributeValue, error):
// `av.K = v` statements set a local av, `return nil` returns it, `return err` returns (nil, err).
func (m *fileMigration) attrMarshal(fn *ast.FuncDecl) {
	param := fn.Type.Params.List[0]
	if len(param.Names) != 1 {
		m.blockMarshaler(fn, "its AttributeValue parameter has no name")
		return
	}
	avObj := m.l.Info.Defs[param.Names[0]]
	typesName := m.importName(v2Types, "types", fn.Pos())
	type change struct {
		from, to token.Pos
		text     string
	}
	var changes []change
	handled := map[*ast.Ident]bool{}
	ok := true
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || n.Tok != token.ASSIGN {
				return true
			}
			sel, isSel := n.Lhs[0].(*ast.SelectorExpr)
			if !isSel {
				return true
			}
			if id, isID := sel.X.(*ast.Ident); isID && m.l.Info.Uses[id] == avObj {
				lit, fine := m.memberValue(sel.Sel.Name, n.Rhs[0], typesName)
				if !fine {
					ok = false
					return false
				}
				handled[id] = true
				changes = append(changes, change{n.Pos(), n.End(), avObj.Name() + " = " + lit})
			}
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			if id, isNil := n.Results[0].(*ast.Ident); isNil && id.Name == "nil" {
				changes = append(changes, change{n.Results[0].Pos(), n.Results[0].End(), avObj.Name() + ", nil"})
			} else {
				changes = append(changes, change{n.Results[0].Pos(), n.Results[0].Pos(), "nil, "})
			}
		}
		return true
	})
	for id, o := range m.l.Info.Uses {
		if o == avObj && !handled[id] {
			ok = false
		}
	}
	if !ok {
		m.blockMarshaler(fn, "it does more with its *dynamodb.AttributeValue than set one of S, N, BOOL, NULL, B (from aws.String/aws.Bool or a []byte) and return")
		return
	}
	m.ed.replace(fn.Type.Params.Pos(), fn.Type.Params.End(), "()")
	res := fn.Type.Results
	m.ed.replace(res.Pos(), res.End(), "("+typesName+".AttributeValue, error)")
	m.ed.insert(fn.Body.Lbrace+1, "\nvar "+avObj.Name()+" "+typesName+".AttributeValue")
	for _, c := range changes {
		m.ed.replace(c.from, c.to, c.text)
	}
	m.note(fn.Name, "information", "go-marshaler-signature", m.methodName(fn)+" now implements attributevalue.Marshaler (it returns types.AttributeValue): the type is stored as before")
}

// unmarshal: UnmarshalDynamo / UnmarshalDynamoDBAttributeValue(av *dynamodb.AttributeValue) take
// types.AttributeValue; each v1 field the body reads (av.S, av.N, …) becomes a local variable of
// the v1 field's type, set from the v2 member when av is one (nil otherwise, as v1's field was).
func (m *fileMigration) unmarshal(fn *ast.FuncDecl) {
	param := fn.Type.Params.List[0]
	if len(param.Names) != 1 {
		m.blockMarshaler(fn, "its AttributeValue parameter has no name")
		return
	}
	avObj := m.l.Info.Defs[param.Names[0]]
	used := map[string][]*ast.SelectorExpr{}
	ok := true
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		sel, isSel := n.(*ast.SelectorExpr)
		if !isSel {
			return true
		}
		if id, isID := sel.X.(*ast.Ident); isID && m.l.Info.Uses[id] == avObj {
			if _, scalar := scalarMembers[sel.Sel.Name]; !scalar {
				ok = false
			}
			used[sel.Sel.Name] = append(used[sel.Sel.Name], sel)
		}
		return true
	})
	uses := 0
	for _, o := range m.l.Info.Uses {
		if o == avObj {
			uses++
		}
	}
	fields := 0
	for _, sels := range used {
		fields += len(sels)
	}
	if !ok || uses != fields+m.nilChecks(fn.Body, avObj) {
		m.blockMarshaler(fn, "it does more with its *dynamodb.AttributeValue than read S, N, BOOL, NULL or B (or compare it with nil)")
		return
	}
	typesName := m.importName(v2Types, "types", fn.Pos())
	m.ed.replace(param.Type.Pos(), param.Type.End(), typesName+".AttributeValue")
	var keys []string
	for k := range used {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var prelude []string
	for _, k := range keys {
		name := m.freshName(fn.Body.Lbrace+1, avObj.Name()+k)
		member := scalarMembers[k]
		prelude = append(prelude, fmt.Sprintf("var %s %s\nif m, ok := %s.(*%s.AttributeValueMember%s); ok {\n%s = %s\n}", name, member.v1Type, avObj.Name(), typesName, k, name, member.fromV2))
		for _, sel := range used[k] {
			m.ed.replace(sel.Pos(), sel.End(), name)
		}
	}
	if len(prelude) > 0 {
		m.ed.insert(fn.Body.Lbrace+1, "\n"+strings.Join(prelude, "\n"))
	}
	m.note(fn.Name, "information", "go-marshaler-signature", m.methodName(fn)+" now takes types.AttributeValue (the v2 Unmarshaler interface); the v1 fields it read are set from the v2 member, nil when the attribute has another type, as before")
}

// nilChecks counts `av == nil` / `av != nil` comparisons of obj in body.
func (m *fileMigration) nilChecks(body *ast.BlockStmt, obj types.Object) int {
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		if b, ok := x.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				id, isID := pair[0].(*ast.Ident)
				nilID, isNil := pair[1].(*ast.Ident)
				if isID && isNil && nilID.Name == "nil" && m.l.Info.Uses[id] == obj {
					n++
				}
			}
		}
		return true
	})
	return n
}
