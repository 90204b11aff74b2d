package main

import (
	"go/ast"
	"go/types"
)

const awsV1Err = "github.com/aws/aws-sdk-go/aws/awserr"

// awsErrNotes warns at every awserr use in a file that moves to aws-sdk-go-v2 (guregu v2 or
// attributevalue with a v2 client): v2 returns smithy errors, so these checks stop matching.
func (m *fileMigration) awsErrNotes() {
	if len(m.ed.edits) == 0 || m.importOf(awsV1Err) == nil {
		return
	}
	ast.Inspect(m.file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if obj := m.pkgObjOf(sel); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == awsV1Err && !m.edited(sel) {
				if _, isType := obj.(*types.TypeName); isType {
					m.note(sel, "warning", "go-awserr", "aws-sdk-go-v2 errors are not awserr."+obj.Name()+": this check stops matching. Use errors.As(err, &apiErr) with smithy.APIError (github.com/aws/smithy-go) and apiErr.ErrorCode(), or errors.As with a typed exception such as *types.ConditionalCheckFailedException")
				}
			}
		}
		return true
	})
}

// edited reports whether an edit already replaces n (a rewritten check needs no warning).
func (m *fileMigration) edited(n ast.Node) bool {
	start, end := m.ed.off(n.Pos()), m.ed.off(n.End())
	for _, e := range m.ed.edits {
		if e.start < e.end && e.start <= start && end <= e.end {
			return true
		}
	}
	return false
}
