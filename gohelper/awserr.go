package main

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

const (
	awsV1Err = "github.com/aws/aws-sdk-go/aws/awserr"
	smithyGo = "github.com/aws/smithy-go"
	// ccfCode is the error code of a failed condition (dynamodb.ErrCodeConditionalCheckFailedException).
	ccfCode = "ConditionalCheckFailedException"
)

// migrateAwsErr rewrites the awserr checks of a package whose DynamoDB client moves to
// aws-sdk-go-v2 (guregu/dynamo v2): v2 returns smithy errors, so each check would stop matching.
//   - `if ae, ok := err.(awserr.Error); ok && ae.Code() == "ConditionalCheckFailedException"`
//     (or errors.As) → `if dynamo.IsCondCheckFailed(err)`;
//   - other checks keep their meaning with smithy.APIError: comma-ok assertions become errors.As,
//     `var ae awserr.Error` becomes `var ae smithy.APIError`, Code()/Message() become
//     ErrorCode()/ErrorMessage().
//
// Anything else on awserr (OrigErr, RequestFailure, awserr.New, type switches) blocks, as does a
// package that still calls other AWS services through aws-sdk-go v1 (their errors stay awserr.Error,
// and a check cannot tell them apart).
func (m *fileMigration) migrateAwsErr() {
	spec := m.importOf(awsV1Err)
	if spec == nil || !m.pkg.usesGuregu {
		return
	}
	if len(m.pkg.otherV1Services) > 0 {
		m.note(spec, "error", "go-awserr", "aws-sdk-go-v2 errors are not awserr.Error, so the awserr checks of this file stop matching DynamoDB errors; they cannot be rewritten to smithy.APIError here because the package still calls "+strings.Join(m.pkg.otherV1Services, ", ")+" through aws-sdk-go v1, whose errors stay awserr.Error. Separate the DynamoDB checks (errors.As with smithy.APIError or *types.XxxException), then migrate")
		return
	}
	done := map[ast.Node]bool{}
	ast.Inspect(m.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			m.awsErrIf(n, done)
		case *ast.AssignStmt:
			if !done[n] {
				m.awsErrAssign(n, done)
			}
		}
		return true
	})
	ast.Inspect(m.file, func(n ast.Node) bool {
		if done[n] {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			m.awsErrSelector(n, done)
		}
		return true
	})
}

// awsErrIf handles an if statement whose init asserts awserr.Error or whose condition checks a
// failed condition through errors.As: see migrateAwsErr.
func (m *fileMigration) awsErrIf(s *ast.IfStmt, done map[ast.Node]bool) {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 2 || len(init.Rhs) != 1 || init.Tok != token.DEFINE {
		return
	}
	assert, ok := init.Rhs[0].(*ast.TypeAssertExpr)
	if !ok || !m.isAwsErrType(assert.Type) {
		return
	}
	target, _ := init.Lhs[0].(*ast.Ident)
	okVar, _ := init.Lhs[1].(*ast.Ident)
	src, isIdent := assert.X.(*ast.Ident)
	if target == nil || okVar == nil || !isIdent {
		return
	}
	targetObj, okObj := m.l.Info.Defs[target], m.l.Info.Defs[okVar]
	if m.isCondCheck(s.Cond, okObj, targetObj) && !m.usedIn(targetObj, s.Body, s.Else) && !m.usedIn(okObj, s.Body, s.Else) {
		m.ed.replace(init.Pos(), s.Cond.End(), m.gureguName(s.Pos())+".IsCondCheckFailed("+src.Name+")")
		m.note(s.Cond, "information", "go-awserr", "the awserr check for "+ccfCode+" becomes dynamo.IsCondCheckFailed: aws-sdk-go-v2 errors are not awserr.Error. It is also true for a transaction cancelled by a failed condition (as guregu/dynamo v1's own IsCondCheckFailed was)")
		done[init], done[s.Cond] = true, true
		return
	}
	smithyName := m.importName(smithyGo, "smithy", s.Pos())
	errorsName := m.importName("errors", "errors", s.Pos())
	if m.usedIn(okObj, s.Body, s.Else) || okVar.Name == "_" {
		m.ed.replace(assert.Pos(), assert.End(), "func() ("+smithyName+".APIError, bool) {\nvar apiErr "+smithyName+".APIError\nreturn apiErr, "+errorsName+".As("+src.Name+", &apiErr)\n}()")
	} else {
		m.ed.replace(init.Pos(), init.End(), target.Name+" := "+smithyName+".APIError(nil)")
		for id, o := range m.l.Info.Uses {
			if o == okObj {
				m.ed.replace(id.Pos(), id.End(), errorsName+".As("+src.Name+", &"+target.Name+")")
			}
		}
	}
	m.note(assert, "information", "go-awserr", "awserr.Error → smithy.APIError (aws-sdk-go-v2 wraps service errors, so errors.As finds them where a type assertion would not)")
	done[init] = true
}

// awsErrAssign rewrites `ae, ok := err.(awserr.Error)` as a statement of its own.
func (m *fileMigration) awsErrAssign(a *ast.AssignStmt, done map[ast.Node]bool) {
	if len(a.Rhs) != 1 {
		return
	}
	assert, ok := a.Rhs[0].(*ast.TypeAssertExpr)
	if !ok || !m.isAwsErrType(assert.Type) {
		return
	}
	done[a] = true
	src, isIdent := assert.X.(*ast.Ident)
	target, _ := a.Lhs[0].(*ast.Ident)
	if len(a.Lhs) != 2 || a.Tok != token.DEFINE || !isIdent || target == nil || target.Name == "_" || !m.isBlockStatement(a) {
		m.note(a, "error", "go-awserr", "aws-sdk-go-v2 errors are not awserr.Error and this assertion cannot be carried automatically (use errors.As with smithy.APIError, or with a typed exception such as *types.ConditionalCheckFailedException), then migrate")
		return
	}
	smithyName := m.importName(smithyGo, "smithy", a.Pos())
	errorsName := m.importName("errors", "errors", a.Pos())
	okText := m.ed.text(a.Lhs[1].Pos(), a.Lhs[1].End())
	as := errorsName + ".As(" + src.Name + ", &" + target.Name + ")"
	if okText == "_" {
		m.ed.replace(a.Pos(), a.End(), "var "+target.Name+" "+smithyName+".APIError\n_ = "+as)
	} else {
		m.ed.replace(a.Pos(), a.End(), "var "+target.Name+" "+smithyName+".APIError\n"+okText+" := "+as)
	}
	m.note(assert, "information", "go-awserr", "awserr.Error → smithy.APIError (aws-sdk-go-v2 wraps service errors, so errors.As finds them where a type assertion would not)")
}

// awsErrSelector rewrites what remains: the awserr.Error type name and its Code/Message methods;
// anything else blocks.
func (m *fileMigration) awsErrSelector(sel *ast.SelectorExpr, done map[ast.Node]bool) {
	if obj := m.pkgObjOf(sel); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == awsV1Err {
		if obj.Name() == "Error" && m.l.Info.Types[sel].IsType() {
			m.ed.replace(sel.Pos(), sel.End(), m.importName(smithyGo, "smithy", sel.Pos())+".APIError")
			m.note(sel, "information", "go-awserr", "awserr.Error → smithy.APIError (Code → ErrorCode, Message → ErrorMessage): the errors aws-sdk-go-v2 returns")
			done[sel] = true
			return
		}
		m.note(sel, "error", "go-awserr", "awserr."+obj.Name()+" has no automatic aws-sdk-go-v2 equivalent (v2 errors are smithy.APIError, *smithyhttp.ResponseError, typed exceptions): rewrite this by hand, then migrate")
		return
	}
	s := m.l.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !isNamed(s.Recv(), awsV1Err, "Error") && !isNamed(s.Recv(), awsV1Err, "RequestFailure") {
		return
	}
	switch sel.Sel.Name {
	case "Code":
		m.ed.replace(sel.Sel.Pos(), sel.Sel.End(), "ErrorCode")
	case "Message":
		m.ed.replace(sel.Sel.Pos(), sel.Sel.End(), "ErrorMessage")
	case "Error":
	default:
		m.note(sel, "error", "go-awserr", "awserr's "+sel.Sel.Name+"() has no smithy.APIError equivalent (the v2 error wraps its cause: errors.Unwrap / errors.As): rewrite this by hand, then migrate")
	}
}

// isAwsErrType reports whether e names awserr.Error.
func (m *fileMigration) isAwsErrType(e ast.Expr) bool {
	return isNamed(m.l.Info.TypeOf(e), awsV1Err, "Error")
}

// isCondCheck reports whether cond is `ok && ae.Code() == "ConditionalCheckFailedException"` (or
// the dynamodb.ErrCodeConditionalCheckFailedException constant), in either order.
func (m *fileMigration) isCondCheck(cond ast.Expr, okObj, aeObj types.Object) bool {
	b, isBin := unparen(cond).(*ast.BinaryExpr)
	if !isBin || b.Op != token.LAND {
		return false
	}
	isOk := func(e ast.Expr) bool { id, ok := unparen(e).(*ast.Ident); return ok && m.l.Info.Uses[id] == okObj }
	isCode := func(e ast.Expr) bool {
		eq, ok := unparen(e).(*ast.BinaryExpr)
		if !ok || eq.Op != token.EQL {
			return false
		}
		for _, pair := range [][2]ast.Expr{{eq.X, eq.Y}, {eq.Y, eq.X}} {
			call, ok := unparen(pair[0]).(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				continue
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Code" {
				continue
			}
			if id, ok := sel.X.(*ast.Ident); !ok || m.l.Info.Uses[id] != aeObj {
				continue
			}
			if tv := m.l.Info.Types[pair[1]]; tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ccfCode {
				return true
			}
		}
		return false
	}
	return (isOk(b.X) && isCode(b.Y)) || (isCode(b.X) && isOk(b.Y))
}

// usedIn reports whether obj is used inside any of the nodes.
func (m *fileMigration) usedIn(obj types.Object, nodes ...ast.Node) bool {
	for id, o := range m.l.Info.Uses {
		if o != obj {
			continue
		}
		for _, n := range nodes {
			if n != nil && id.Pos() >= n.Pos() && id.End() <= n.End() {
				return true
			}
		}
	}
	return false
}

// gureguName is the name under which the file reaches guregu/dynamo (v2 after the rewrite).
func (m *fileMigration) gureguName(pos token.Pos) string {
	if spec := m.importOf(gureguV1); spec != nil {
		return m.localName(spec)
	}
	return m.importName(gureguV2, "dynamo", pos)
}
