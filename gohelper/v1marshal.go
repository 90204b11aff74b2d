package main

import (
	"go/ast"
	"go/types"
)

// marshalers rewrites custom v1 marshalers to aws-sdk-go-v2's interface, so attributevalue keeps
// calling them (a v1 method no longer matches and v2 would encode the type by reflection, e.g. a
// Color stored as S "green" written as N 1):
//
//	func (c Color) MarshalDynamoDBAttributeValue(av *dynamodb.AttributeValue) error { av.S = aws.String(c.String()); return nil }
//	func (c Color) MarshalDynamoDBAttributeValue() (av types.AttributeValue, _ error) { av = &types.AttributeValueMemberS{Value: c.String()}; return av, nil }
//
// The parameter becomes a named result and each member write a new member value (see avWrite).
// UnmarshalDynamoDBAttributeValue keeps its shape: its parameter becomes types.AttributeValue and
// its reads go through the member readers.
func (f *v1File) marshalers() {
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || fd.Name.Name != "MarshalDynamoDBAttributeValue" || fd.Body == nil {
			continue
		}
		params, results := fd.Type.Params, fd.Type.Results
		if len(params.List) != 1 || results == nil || len(results.List) != 1 || len(results.List[0].Names) > 0 {
			continue
		}
		p := params.List[0]
		star, ok := p.Type.(*ast.StarExpr)
		if !ok || len(p.Names) != 1 || p.Names[0].Name == "_" {
			continue
		}
		if sel, ok := star.X.(*ast.SelectorExpr); !ok || f.v1TypeName(sel) == nil || sel.Sel.Name != attributeType {
			continue
		}
		name := p.Names[0].Name
		if v, ok := f.l.Info.Defs[p.Names[0]].(*types.Var); ok {
			f.marshalResults[v] = true
		}
		f.claim(params.Opening+1, params.Closing, "")
		f.claim(results.Pos(), results.End(), "("+name+" "+f.typesRef(attributeType)+", _ error)")
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) == 1 {
					f.insertAt(n.Results[0].Pos(), name+", ")
				}
			}
			return true
		})
		f.note(fd.Name, "information", "go-marshaler-signature", "the aws-sdk-go v1 Marshaler becomes aws-sdk-go-v2's (MarshalDynamoDBAttributeValue() (types.AttributeValue, error)), so attributevalue keeps calling it")
	}
}
