package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

const (
	v1Attr     = "github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute"
	v2Attr     = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	v1DynamoDB = "github.com/aws/aws-sdk-go/service/dynamodb"
)

// noTwin lists dynamodbattribute functions with no attributevalue equivalent.
var noTwin = map[string]bool{"ConvertTo": true, "ConvertFrom": true, "ConvertToMap": true, "ConvertFromMap": true, "ConvertToList": true, "ConvertFromList": true}

// migrateAttr rewrites dynamodbattribute to attributevalue when the package's items are
// aws-sdk-go-v2 values; with a v1 client in the package it makes no change and says so at error
// level (attributevalue cannot read v1 items). Notes what changes in the stored items.
func (m *fileMigration) migrateAttr() {
	spec := m.importOf(v1Attr)
	if spec == nil {
		return
	}
	if uses := m.v1ClientUses(); uses != "" && !m.v1Moving {
		m.note(spec, "error", "go-dynamodbattribute", "attributevalue (aws-sdk-go-v2) reads and writes map[string]types.AttributeValue, but this file still works with aws-sdk-go v1 items ("+uses+"): no change made. Move the DynamoDB client to aws-sdk-go-v2 (github.com/aws/aws-sdk-go-v2/service/dynamodb) first; then this fix applies")
		return
	}
	m.setImportPath(spec, v2Attr)
	dropped := m.emptyCollectionOptions()
	if spec.Name == nil {
		for id, obj := range m.l.Info.Uses {
			if pn, ok := obj.(*types.PkgName); ok && pn.Imported().Path() == v1Attr && id.Pos() >= m.file.Pos() && id.Pos() < m.file.End() && !dropped[id.Pos()] {
				m.ed.replace(id.Pos(), id.End(), "attributevalue")
			}
		}
	}
	m.note(spec, "information", "go-dynamodbattribute", "aws-sdk-go v1 dynamodbattribute → aws-sdk-go-v2 feature/dynamodb/attributevalue (same function names; AWS measured ~50 % less serialization CPU in v2)")
	m.note(spec, "warning", "go-empty-values", "what is stored changes for empty values: v1 wrote empty strings, empty []byte and empty (non-nil) lists and maps as NULL, v2 writes S:\"\", B:\"\", L:[] and M:{} (nil slices and maps, and empty sets, stay NULL); add omitempty to fields that must stay absent (conditions such as attribute_not_exists and sparse indexes see the difference). The fields concerned are named at each call")
	ast.Inspect(m.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		obj := m.pkgObjOf(sel)
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != v1Attr {
			return true
		}
		if noTwin[obj.Name()] {
			m.note(call, "error", "go-dynamodbattribute", "dynamodbattribute."+obj.Name()+" has no attributevalue equivalent: use attributevalue.Marshal/Unmarshal (or MarshalMap/UnmarshalMap) by hand, then migrate")
			return true
		}
		if (obj.Name() == "NewEncoder" || obj.Name() == "NewDecoder") && len(call.Args) > 0 && onlyEmptyCollections(call.Args) {
			m.ed.replace(call.Lparen+1, call.Rparen, "")
			m.note(call, "information", "go-dynamodbattribute", "EnableEmptyCollections is dropped: attributevalue's "+obj.Name()+" writes empty lists and maps as L:[] and M:{} and reads them back as empty values by default, as this option made v1 do (empty strings still change: NULL in v1, S:\"\" in v2)")
			return true
		}
		if (obj.Name() == "NewEncoder" || obj.Name() == "NewDecoder") && len(call.Args) > 0 {
			m.note(call, "error", "go-dynamodbattribute", "dynamodbattribute."+obj.Name()+" options set fields of v1's Encoder/Decoder (MarshalOptions, EnableEmptyCollections, …), which attributevalue's EncoderOptions/DecoderOptions do not have (v2 always writes empty lists and maps, and reads TagKey, NullEmptySets, UseEncodingMarshalers…): rewrite these options by hand, then migrate")
			return true
		}
		if i, ok := itemArg[obj.Name()]; ok && i < len(call.Args) {
			m.itemTypeNotes(call, sel, obj.Name(), call.Args[i], m.localName(spec))
		}
		return true
	})
}

// v1ClientUses names the aws-sdk-go v1 DynamoDB types the file uses ("" when none).
func (m *fileMigration) v1ClientUses() string {
	spec := m.importOf(v1DynamoDB)
	if spec == nil {
		return ""
	}
	names := map[string]bool{}
	for id, obj := range m.l.Info.Uses {
		if id.Pos() < m.file.Pos() || id.Pos() >= m.file.End() || obj.Pkg() == nil || obj.Pkg().Path() != v1DynamoDB {
			continue
		}
		if obj.Parent() == obj.Pkg().Scope() { // package-level names, not struct fields
			names["dynamodb."+obj.Name()] = true
		}
	}
	var list []string
	for n := range names {
		list = append(list, n)
	}
	if len(list) == 0 {
		return ""
	}
	sortStrings(list)
	if len(list) > 4 {
		list = append(list[:4], fmt.Sprintf("and %d more", len(list)-4))
	}
	return strings.Join(list, ", ")
}

// emptyCollectionOptions: the positions of the identifiers inside the options of the
// dynamodbattribute.NewEncoder/NewDecoder calls whose options are dropped (onlyEmptyCollections),
// which the import's rename leaves to that deletion.
func (m *fileMigration) emptyCollectionOptions() map[token.Pos]bool {
	inside := map[token.Pos]bool{}
	ast.Inspect(m.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || !onlyEmptyCollections(call.Args) {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if obj := m.pkgObjOf(sel); obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != v1Attr || (obj.Name() != "NewEncoder" && obj.Name() != "NewDecoder") {
			return true
		}
		for _, a := range call.Args {
			ast.Inspect(a, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					inside[id.Pos()] = true
				}
				return true
			})
		}
		return false
	})
	return inside
}

// onlyEmptyCollections: every option is a function literal whose body only sets its parameter's
// EnableEmptyCollections to true, the one v1 Encoder/Decoder option attributevalue's defaults
// already behave as (pinned by test/fixtures/go-migrate/v2deps/emptycollections_test.go).
func onlyEmptyCollections(args []ast.Expr) bool {
	for _, a := range args {
		lit, ok := a.(*ast.FuncLit)
		if !ok || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 || len(lit.Body.List) == 0 {
			return false
		}
		param := lit.Type.Params.List[0].Names[0].Name
		for _, st := range lit.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return false
			}
			sel, ok := as.Lhs[0].(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "EnableEmptyCollections" {
				return false
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != param {
				return false
			}
			if v, ok := as.Rhs[0].(*ast.Ident); !ok || v.Name != "true" {
				return false
			}
		}
	}
	return true
}
