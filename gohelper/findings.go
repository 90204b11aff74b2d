package main

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Finding is a note at a range of one file (byte offsets). Severity: "error" (no fix can be made
// here, or the fix would not build), "warning" (behaviour changes: read it), "information".
type Finding struct {
	File     string `json:"file"`
	Offset   int    `json:"offset"`
	End      int    `json:"end"`
	Line     int    `json:"line"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// fileMigration is the state of rewriting one file.
type fileMigration struct {
	l        *Loaded
	file     *ast.File
	name     string
	ed       *fileEdits
	findings []Finding
	// blocked is set when something in the file cannot be rewritten: the fix is then not made.
	blocked bool
	// newImports are import paths (with their local name, "" for the default) the edits need.
	newImports map[string]string
	// takeOver marks v1 imports whose path is switched to their v2 twin (same local name).
	takeOver map[string]bool
	// pkg is what the package's files share (see scanPackage).
	pkg *packageState
	// removedImports are the import specs an edit deletes.
	removedImports map[*ast.ImportSpec]bool
	// usesConfigPkg is set when generated code names aws-sdk-go-v2's config package (cfgPkg).
	usesConfigPkg bool
	// calls holds the argument types of every call in the loaded packages (see callsites.go).
	calls callSites
	// configsMade names the config made from each session statement already rewritten.
	configsMade map[*ast.AssignStmt]string
	// v1Moving is set when the v1 DynamoDB client moves to aws-sdk-go-v2 in this change (v1client.go).
	v1Moving bool
}

func (m *fileMigration) note(n ast.Node, severity, code, message string) {
	m.noteRange(n.Pos(), n.End(), severity, code, message)
}

func (m *fileMigration) noteRange(from, to token.Pos, severity, code, message string) {
	m.findings = append(m.findings, Finding{File: m.name, Offset: m.ed.off(from), End: m.ed.off(to), Line: m.ed.fset.Position(from).Line, Severity: severity, Code: code, Message: message})
	if severity == "error" {
		m.blocked = true
	}
}

// isNamed reports whether t (or what it points to) is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// namedOf returns the package path and name of t's named type (through one pointer), or "", "".
func namedOf(t types.Type) (string, string) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path(), n.Obj().Name()
	}
	return "", ""
}

// pkgFuncOf returns the package-level function or variable a selector `pkg.Name` resolves to.
func (m *fileMigration) pkgObjOf(sel *ast.SelectorExpr) types.Object {
	if id, ok := sel.X.(*ast.Ident); ok {
		if _, ok := m.l.Info.Uses[id].(*types.PkgName); ok {
			return m.l.Info.Uses[sel.Sel]
		}
	}
	return nil
}

// contextIn returns the name of a context.Context variable visible at pos ("ctx" preferred), or "".
func (m *fileMigration) contextIn(pos token.Pos) string {
	if m.l.Types == nil {
		return ""
	}
	inner := m.l.Types.Scope().Innermost(pos)
	visible := func(name string) bool {
		_, obj := inner.LookupParent(name, pos)
		v, ok := obj.(*types.Var)
		return ok && isNamed(v.Type(), "context", "Context")
	}
	if visible("ctx") {
		return "ctx"
	}
	for s := inner; s != nil && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			if visible(name) {
				return name
			}
		}
	}
	return ""
}

// ctxArg is the context expression to pass at pos: a variable in scope, else context.TODO() (with
// a warning, and the import added).
func (m *fileMigration) ctxArg(call *ast.CallExpr, what string) string {
	if name := m.contextIn(call.Pos()); name != "" {
		return name
	}
	m.note(call, "warning", "go-context-todo", what+" now takes a context first and none is in scope here: context.TODO() was passed; pass the caller's context")
	m.needImport("context", "")
	return "context.TODO()"
}

func (m *fileMigration) needImport(path, name string) {
	if m.newImports == nil {
		m.newImports = map[string]string{}
	}
	m.newImports[path] = name
}
