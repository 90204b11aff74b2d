package main

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

const (
	gureguV1 = "github.com/guregu/dynamo"
	gureguV2 = "github.com/guregu/dynamo/v2"
)

// ctxFirstInV2 lists the guregu/dynamo methods (receiver type.method) that take a context first
// in v2 and had a ctx-less form in v1 (the v1 `…WithContext` twins are renamed to these).
var ctxFirstInV2 = map[string]bool{
	"BatchGet.All": true, "BatchWrite.Run": true, "CreateTable.Run": true, "CreateTable.Wait": true,
	"Delete.OldValue": true, "Delete.Run": true, "DescribeTTL.Run": true, "DeleteTable.Run": true,
	"DeleteTable.Wait": true, "DescribeTable.Run": true, "ListTables.All": true, "Put.OldValue": true,
	"Put.Run": true, "Query.All": true, "Query.AllWithLastEvaluatedKey": true, "Query.Count": true,
	"Query.One": true, "Scan.All": true, "Scan.AllWithLastEvaluatedKey": true, "Scan.Count": true,
	"Table.Wait": true, "UpdateTTL.Run": true, "GetTx.All": true, "GetTx.Run": true, "WriteTx.Run": true,
	"Update.OldValue": true, "Update.OnlyUpdatedOldValue": true, "Update.OnlyUpdatedValue": true,
	"Update.Run": true, "Update.Value": true, "UpdateTable.Run": true, "Iter.Next": true,
}

// intInV2 lists methods whose int64 parameters became int in v2, with the parameter indexes.
var intInV2 = map[string][]int{
	"Query.Limit": {0}, "Query.SearchLimit": {0}, "Scan.Limit": {0}, "Scan.SearchLimit": {0},
	"Scan.Segment": {0, 1}, "Scan.AllParallel": {1}, "Scan.AllParallelWithLastEvaluatedKeys": {1},
	"Scan.IterParallel": {1},
}

// gureguMethod resolves a call to a guregu/dynamo v1 method: "Type.Method", or "" when it is not one.
func (m *fileMigration) gureguMethod(call *ast.CallExpr) (string, *ast.SelectorExpr) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", nil
	}
	s := m.l.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return "", nil
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != gureguV1 {
		return "", nil
	}
	_, recv := namedOf(fn.Type().(*types.Signature).Recv().Type())
	return recv + "." + fn.Name(), sel
}

// migrateGuregu rewrites guregu/dynamo v1 to v2 in the file: the import, every executor to its
// ctx-first form (with the context in scope), int64 → int parameters, LastEvaluatedKey(s), and
// dynamo.New(session) (see session.go); notes behaviour that changes at its line.
func (m *fileMigration) migrateGuregu() {
	// Calls are rewritten by type, also in files that reach guregu values without importing it
	// (a *dynamo.DB field declared in another file of the package).
	if spec := m.importOf(gureguV1); spec != nil {
		m.setImportPath(spec, gureguV2)
		m.note(spec, "information", "go-dynamo-v1", "guregu/dynamo v1 (aws-sdk-go v1) → guregu/dynamo/v2 (aws-sdk-go-v2): executors take a context first. guregu/dynamo ≥ 1.22 already caches type information on SDK v1, so part of the gain may come from upgrading within v1")
		// Sessions are rewritten only for dynamo.New, which needs the import.
		m.planTakeOver()
	}
	assigns := map[ast.Expr]*ast.AssignStmt{}
	ast.Inspect(m.file, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && len(a.Rhs) == 1 {
			assigns[a.Lhs[0]] = a
		}
		return true
	})
	ast.Inspect(m.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			m.gureguCall(n)
		case *ast.SelectorExpr:
			if isRetryTimeout(m.l, n) {
				m.retryTimeoutUse(n, assigns[n])
			}
		}
		return true
	})
}

func (m *fileMigration) gureguCall(call *ast.CallExpr) {
	if obj := m.funcObj(call); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == gureguV1 {
		switch obj.Name() {
		case "New":
			m.gureguNew(call)
		case "NewFromIface":
			m.gureguNewFromIface(call)
		}
		return
	}
	key, sel := m.gureguMethod(call)
	if key == "" {
		return
	}
	typ, name := key[:strings.IndexByte(key, '.')], sel.Sel.Name
	switch {
	case strings.HasSuffix(name, "WithContext") && ctxFirstInV2[typ+"."+strings.TrimSuffix(name, "WithContext")]:
		m.ed.replace(sel.Sel.Pos(), sel.Sel.End(), strings.TrimSuffix(name, "WithContext"))
	case strings.HasSuffix(name, "Context") && ctxFirstInV2[typ+"."+strings.TrimSuffix(name, "Context")]:
		m.ed.replace(sel.Sel.Pos(), sel.Sel.End(), strings.TrimSuffix(name, "Context"))
	case ctxFirstInV2[key]:
		sep := ", "
		if len(call.Args) == 0 {
			sep = ""
		}
		m.ed.insert(call.Lparen+1, m.ctxArg(call, name)+sep)
	case name == "LastEvaluatedKey" || name == "LastEvaluatedKeys":
		m.lastEvaluatedKey(call, name)
	}
	if idx, ok := intInV2[key]; ok {
		for _, i := range idx {
			if i < len(call.Args) {
				m.toInt(call.Args[i])
			}
		}
	}
	switch {
	case strings.HasPrefix(name, "Count"):
		m.keepCountInt64(call)
	case (typ == "WriteTx" || typ == "GetTx") && strings.HasPrefix(name, "Run"):
		m.note(call, "warning", "go-dynamo-retry", "guregu/dynamo v2 no longer retries canceled transactions (TransactionCanceledException) by default; v1 did. To keep that, build the DB with dynamo.New(cfg) where cfg has retry.NewStandard(dynamo.RetryTxConflicts) as its retryer")
	}
}

// funcObj is the package-level function a call calls (`pkg.F(…)`), or nil.
func (m *fileMigration) funcObj(call *ast.CallExpr) types.Object {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if obj, ok := m.pkgObjOf(sel).(*types.Func); ok {
			return obj
		}
	}
	return nil
}

// toInt makes an int64 argument an int: constants stay, int64(x) becomes int(x), others are wrapped.
func (m *fileMigration) toInt(arg ast.Expr) {
	tv := m.l.Info.Types[arg]
	if tv.Value != nil && tv.Value.Kind() == constant.Int {
		if _, isConv := arg.(*ast.CallExpr); !isConv {
			return
		}
	}
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if id, ok := conv.Fun.(*ast.Ident); ok && id.Name == "int64" {
			m.ed.replace(id.Pos(), id.End(), "int")
			return
		}
	}
	m.ed.insert(arg.Pos(), "int(")
	m.ed.insert(arg.End(), ")")
}

// lastEvaluatedKey rewrites `k := it.LastEvaluatedKey()` to `k, _ := it.LastEvaluatedKey(ctx)`:
// v2 returns (key, error) where v1 logged a warning and returned the same key, so discarding the
// error keeps v1's result. Anywhere else (inside an expression) it cannot be rewritten.
func (m *fileMigration) lastEvaluatedKey(call *ast.CallExpr, name string) {
	assign := m.enclosingAssign(call)
	if assign == nil {
		m.note(call, "error", "go-dynamo-v1", name+" takes a context and returns (key, error) in guregu/dynamo v2: assign it to a variable first (k := it."+name+"()), then migrate")
		return
	}
	m.ed.insert(call.Lparen+1, m.ctxArg(call, name))
	m.ed.insert(assign.Lhs[0].End(), ", _")
	m.note(call, "warning", "go-dynamo-v1", name+" returns an error in guregu/dynamo v2 (v1 logged a warning and returned the same key): it is discarded with _ to keep v1's result; handle it")
}

// enclosingAssign returns the `x := call` / `x = call` statement whose only right-hand side is call.
func (m *fileMigration) enclosingAssign(call *ast.CallExpr) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(m.file, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && len(a.Rhs) == 1 && a.Rhs[0] == call {
			found = a
		}
		return found == nil
	})
	return found
}

// keepCountInt64 keeps v1's int64 count where `n, err := q.Count()` defines n: v2's int goes to
// nInt and `n := int64(nInt)` follows, so the code after it is unchanged. Elsewhere it only notes.
func (m *fileMigration) keepCountInt64(call *ast.CallExpr) {
	assign := m.enclosingAssign2(call)
	if assign != nil && assign.Tok == token.DEFINE {
		if id, ok := assign.Lhs[0].(*ast.Ident); ok && id.Name != "_" && m.l.Info.Defs[id] != nil {
			tmp := id.Name + "Int"
			if _, taken := m.l.Types.Scope().Innermost(assign.Pos()).LookupParent(tmp, assign.End()); taken == nil {
				m.ed.replace(id.Pos(), id.End(), tmp)
				m.ed.insert(assign.End(), "\n"+id.Name+" := int64("+tmp+")")
				m.note(call, "information", "go-dynamo-v1", "Count returns int in guregu/dynamo v2 (int64 in v1): "+id.Name+" keeps its int64 type")
				return
			}
		}
	}
	m.note(call, "information", "go-dynamo-v1", "Count returns int in guregu/dynamo v2 (int64 in v1)")
}

// enclosingAssign2 returns the `a, b := call` statement whose only right-hand side is call.
func (m *fileMigration) enclosingAssign2(call *ast.CallExpr) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(m.file, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && a.Rhs[0] == call {
			found = a
		}
		return found == nil
	})
	return found
}
