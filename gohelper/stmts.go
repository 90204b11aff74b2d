package main

import "go/ast"

// statementsOf is the statement list of a block, case clause or select clause (nil for other nodes).
func statementsOf(n ast.Node) []ast.Stmt {
	switch b := n.(type) {
	case *ast.BlockStmt:
		return b.List
	case *ast.CaseClause:
		return b.Body
	case *ast.CommClause:
		return b.Body
	}
	return nil
}

// enclosingBlockStatement is the innermost statement of a block (function body, case clause)
// that contains n, or nil at package level.
func (m *fileMigration) enclosingBlockStatement(n ast.Node) ast.Stmt {
	var found ast.Stmt
	ast.Inspect(m.file, func(x ast.Node) bool {
		if x == nil || x.Pos() > n.Pos() || x.End() < n.End() {
			return x == nil || x.Pos() <= n.Pos()
		}
		for _, s := range statementsOf(x) {
			if s.Pos() <= n.Pos() && n.End() <= s.End() {
				found = s
			}
		}
		return true
	})
	return found
}

// isBlockStatement reports whether s is itself a statement of a block (so it can be replaced or
// removed on its own).
func (m *fileMigration) isBlockStatement(s ast.Stmt) bool {
	return m.enclosingBlockStatement(s) == s
}
