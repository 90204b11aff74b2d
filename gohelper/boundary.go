package main

import (
	"go/ast"
	"go/types"
)

// isV1Item reports whether t holds aws-sdk-go v1 AttributeValues: *dynamodb.AttributeValue, or a
// map, slice or pointer of them.
func isV1Item(t types.Type) bool {
	switch u := t.(type) {
	case *types.Pointer:
		return isNamed(u.Elem(), v1DynamoDB, "AttributeValue") || isV1Item(u.Elem())
	case *types.Map:
		return isV1Item(u.Elem())
	case *types.Slice:
		return isV1Item(u.Elem())
	}
	return false
}

// v1AssertionNotes blocks where a value reaches v1 item types through an interface: after the move
// this package makes aws-sdk-go-v2 items (map[string]types.AttributeValue), so a type assertion or
// type switch case to the v1 type would stop matching (or panic) at run time, which go build
// cannot see.
func (m *fileMigration) v1AssertionNotes() {
	check := func(typ ast.Expr) {
		if typ != nil && isV1Item(m.l.Info.TypeOf(typ)) {
			m.note(typ, "error", "go-boundary", "a value reaches here through an interface and is asserted to an aws-sdk-go v1 item type ("+types.ExprString(typ)+"): after the move this package makes aws-sdk-go-v2 items (types.AttributeValue), so the assertion would fail at run time (a panic, or ok == false). Change it to the v2 type with the code that produces the value, then migrate")
		}
	}
	ast.Inspect(m.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			check(n.Type)
		case *ast.TypeSwitchStmt:
			for _, c := range n.Body.List {
				for _, t := range c.(*ast.CaseClause).List {
					check(t)
				}
			}
		}
		return true
	})
}
