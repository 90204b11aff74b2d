package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// importOf returns the import spec of path in the file, or nil.
func (m *fileMigration) importOf(path string) *ast.ImportSpec {
	for _, s := range m.file.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); p == path {
			return s
		}
	}
	return nil
}

// localName is the name an import spec binds in the file ("" for _ and . imports).
func (m *fileMigration) localName(s *ast.ImportSpec) string {
	if obj, ok := m.l.Info.Implicits[s].(*types.PkgName); ok {
		return obj.Name()
	}
	if s.Name != nil && s.Name.Name != "_" && s.Name.Name != "." {
		return s.Name.Name
	}
	return ""
}

// usesOf counts the uses of the package an import spec binds, outside the given ranges.
func (m *fileMigration) usesOf(s *ast.ImportSpec, except [][2]token.Pos) int {
	var obj types.Object = m.l.Info.Implicits[s]
	if s.Name != nil {
		obj = m.l.Info.Defs[s.Name]
	}
	n := 0
	for id, o := range m.l.Info.Uses {
		if o != obj || id.Pos() < m.file.Pos() || id.Pos() > m.file.End() {
			continue
		}
		inside := false
		for _, r := range except {
			if id.Pos() >= r[0] && id.Pos() < r[1] {
				inside = true
			}
		}
		if !inside {
			n++
		}
	}
	return n
}

// setImportPath rewrites the path of an import spec.
func (m *fileMigration) setImportPath(s *ast.ImportSpec, path string) {
	m.ed.replace(s.Path.Pos(), s.Path.End(), strconv.Quote(path))
}

// removeImport deletes an import spec (its whole declaration when it is alone).
func (m *fileMigration) removeImport(s *ast.ImportSpec) {
	for _, d := range m.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		for _, spec := range g.Specs {
			if spec == s {
				if !g.Lparen.IsValid() {
					m.ed.replace(g.Pos(), g.End(), "")
				} else {
					m.removeLine(s.Pos(), s.End())
				}
				return
			}
		}
	}
}

// addImports inserts the imports the edits need into the first import declaration.
func (m *fileMigration) addImports() {
	if len(m.newImports) == 0 {
		return
	}
	text, std := "", ""
	for path, name := range m.newImports {
		if m.importOf(path) != nil {
			continue
		}
		if taken := m.takenOverFor(path); taken != nil {
			m.setImportPath(taken, path)
			continue
		}
		line := "\n\t" + strconv.Quote(path)
		if name != "" {
			line = "\n\t" + name + " " + strconv.Quote(path)
		}
		if isStd(path) {
			std += line
		} else {
			text += line
		}
	}
	// Standard-library imports join the file's standard-library group when it has one (goimports' layout).
	if last := m.lastStdImport(); std != "" && last != nil {
		m.ed.insert(last.End(), std)
	} else {
		text = std + text
	}
	if text == "" {
		return
	}
	for _, d := range m.file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			if g.Lparen.IsValid() {
				m.ed.insert(g.Rparen, text[1:]+"\n")
			} else {
				m.ed.insert(g.End(), "\nimport ("+text+"\n)")
			}
			return
		}
	}
	m.ed.insert(m.file.Name.End(), "\n\nimport ("+text+"\n)")
}

// takenOverFor is the v1 import spec that becomes path (see planTakeOver), or nil.
func (m *fileMigration) takenOverFor(path string) *ast.ImportSpec {
	for v1, v2 := range v2Of {
		if v2 == path && m.takeOver[v1] {
			return m.importOf(v1)
		}
	}
	return nil
}

// removeLine deletes from..to together with the rest of its line when nothing else is on it.
func (m *fileMigration) removeLine(from, to token.Pos) {
	start, end := m.ed.off(from), m.ed.off(to)
	src := m.ed.src
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	if end < len(src) && src[end] == '\n' && (start == 0 || src[start-1] == '\n') {
		end++
	}
	m.ed.edits = append(m.ed.edits, edit{start, end, ""})
}

// isStd reports whether an import path is the standard library's (no dot in its first element).
func isStd(path string) bool {
	first := path
	if i := strings.IndexByte(path, '/'); i >= 0 {
		first = path[:i]
	}
	return !strings.Contains(first, ".")
}

// lastStdImport is the last standard-library import spec of the first import block, or nil.
func (m *fileMigration) lastStdImport() *ast.ImportSpec {
	var last *ast.ImportSpec
	for _, d := range m.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT || !g.Lparen.IsValid() {
			continue
		}
		for _, spec := range g.Specs {
			s := spec.(*ast.ImportSpec)
			if p, _ := strconv.Unquote(s.Path.Value); isStd(p) {
				last = s
			}
		}
		return last
	}
	return nil
}
