package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
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

// pruneImports removes the imports the edits leave unused: every use lies in text an edit
// replaces and no edit's new text names the import (a v1 import taken over by its v2 twin stays
// when the twin is needed: addImports repoints it).
func (m *fileMigration) pruneImports() {
	for _, s := range m.file.Imports {
		name := m.localName(s)
		path, _ := strconv.Unquote(s.Path.Value)
		if name == "" || m.edited(s.Pos(), s.End()) {
			continue
		}
		if _, needed := m.newImports[v2Of[path]]; m.takeOver[path] && needed {
			continue
		}
		if m.usesOf(s, nil) == 0 || m.usesOf(s, m.editedRanges()) > 0 {
			continue
		}
		if !m.emits(name + ".") {
			m.removeImport(s)
		}
	}
}

// emits reports whether an edit inserts code (comments aside) that refers to prefix ("aws.").
func (m *fileMigration) emits(prefix string) bool {
	for _, e := range m.ed.edits {
		for _, line := range strings.Split(e.text, "\n") {
			if i := strings.Index(line, "//"); i >= 0 {
				line = line[:i]
			}
			if strings.Contains(line, prefix) {
				return true
			}
		}
	}
	return false
}

// edited reports whether an edit touches the source between two positions.
func (m *fileMigration) edited(from, to token.Pos) bool {
	a, b := m.ed.off(from), m.ed.off(to)
	for _, e := range m.ed.edits {
		if e.start < b && a < e.end || (e.start == e.end && a <= e.start && e.start < b) {
			return true
		}
	}
	return false
}

// editedRanges are the source ranges the edits replace.
func (m *fileMigration) editedRanges() [][2]token.Pos {
	base := token.Pos(m.ed.fset.File(m.file.Pos()).Base())
	var out [][2]token.Pos
	for _, e := range m.ed.edits {
		out = append(out, [2]token.Pos{base + token.Pos(e.start), base + token.Pos(e.end)})
	}
	return out
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
				m.removedImports[s] = true
				return
			}
		}
	}
}

// addImports inserts the imports the edits need where goimports would put them: a standard
// library path in the file's standard-library group, another path in the group whose path shares
// the most elements with it (golang.org/x/tools/go/ast/astutil.AddNamedImport's rule), a new
// group when the file has none of its kind (standard library first, others last, a blank line
// between); gofmt then sorts each group, as the edited import declaration is laid out whole.
func (m *fileMigration) addImports() {
	var paths []string
	for path := range m.newImports {
		if m.importOf(path) != nil {
			continue
		}
		if taken := m.takenOverFor(path); taken != nil {
			m.setImportPath(taken, path)
			continue
		}
		paths = append(paths, path)
	}
	if len(paths) == 0 {
		return
	}
	sort.Strings(paths)
	specLine := func(path string) string {
		if name := m.newImports[path]; name != "" {
			return name + " " + strconv.Quote(path)
		}
		return strconv.Quote(path)
	}
	decl := m.firstImportDecl()
	if decl == nil || !decl.Lparen.IsValid() {
		m.newImportBlock(decl, paths, specLine)
		return
	}
	groups := m.importGroups(decl)
	if len(groups) == 0 { // every import of the block is removed: the new ones fill it
		var lines []string
		for _, path := range paths {
			lines = append(lines, specLine(path))
		}
		m.ed.insertAt(m.ed.off(decl.Lparen)+1, "\n\t"+strings.Join(lines, "\n\t"))
		return
	}
	var topGroup, bottomGroup []string
	after := map[*ast.ImportSpec][]string{}
	for _, path := range paths {
		if best := bestImportGroup(groups, path); best != nil {
			last := best[len(best)-1]
			after[last] = append(after[last], specLine(path))
		} else if isStd(path) {
			topGroup = append(topGroup, specLine(path))
		} else {
			bottomGroup = append(bottomGroup, specLine(path))
		}
	}
	for spec, lines := range after {
		m.ed.insertAt(m.lineEnd(spec.End()), "\n\t"+strings.Join(lines, "\n\t"))
	}
	if len(topGroup) > 0 {
		first := groups[0][0]
		at := first.Pos()
		if first.Doc != nil {
			at = first.Doc.Pos()
		}
		m.ed.insertAt(m.lineStart(at), "\t"+strings.Join(topGroup, "\n\t")+"\n\n")
	}
	if len(bottomGroup) > 0 {
		last := groups[len(groups)-1]
		m.ed.insertAt(m.lineEnd(last[len(last)-1].End()), "\n\n\t"+strings.Join(bottomGroup, "\n\t"))
	}
}

// newImportBlock makes the import block when the file has none (after the package clause) or only
// a one-line `import "x"` (which it replaces): standard library paths, a blank line, the others.
func (m *fileMigration) newImportBlock(decl *ast.GenDecl, paths []string, specLine func(string) string) {
	var std, other []string
	if decl != nil {
		for _, s := range decl.Specs {
			text, path, kept := m.specNow(s.(*ast.ImportSpec))
			if !kept {
				continue
			}
			if isStd(path) {
				std = append(std, text)
			} else {
				other = append(other, text)
			}
		}
		m.dropEditsIn(decl.Pos(), decl.End()) // the new block holds them
	}
	for _, p := range paths {
		if isStd(p) {
			std = append(std, specLine(p))
		} else {
			other = append(other, specLine(p))
		}
	}
	var groups []string
	for _, g := range [][]string{std, other} {
		if len(g) > 0 {
			groups = append(groups, "\t"+strings.Join(g, "\n\t")+"\n")
		}
	}
	block := "import (\n" + strings.Join(groups, "\n") + ")"
	if decl != nil {
		m.ed.replace(decl.Pos(), decl.End(), block)
	} else {
		m.ed.insert(m.file.Name.End(), "\n\n"+block)
	}
}

// specNow is an import spec as the edits leave it: its text and path with a repointed path
// (setImportPath), or kept false when it is removed.
func (m *fileMigration) specNow(s *ast.ImportSpec) (text, path string, kept bool) {
	if m.removedImports[s] {
		return "", "", false
	}
	path, _ = strconv.Unquote(s.Path.Value)
	text = m.ed.text(s.Pos(), s.End())
	from, to := m.ed.off(s.Path.Pos()), m.ed.off(s.Path.End())
	for _, e := range m.ed.edits {
		if e.start == from && e.end == to {
			path, _ = strconv.Unquote(e.text)
			text = m.ed.text(s.Pos(), s.Path.Pos()) + e.text
		}
	}
	return text, path, true
}

// dropEditsIn forgets the edits inside [from, to) (a replacement of the whole range holds them).
func (m *fileMigration) dropEditsIn(from, to token.Pos) {
	start, end := m.ed.off(from), m.ed.off(to)
	kept := m.ed.edits[:0]
	for _, e := range m.ed.edits {
		if e.start < start || e.end > end {
			kept = append(kept, e)
		}
	}
	m.ed.edits = kept
}

// firstImportDecl is the file's first import declaration, or nil.
func (m *fileMigration) firstImportDecl() *ast.GenDecl {
	for _, d := range m.file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			return g
		}
	}
	return nil
}

// importGroups splits a parenthesised import declaration into its groups: runs of specs on
// consecutive lines, as gofmt sorts them (a blank line ends a group).
func (m *fileMigration) importGroups(decl *ast.GenDecl) [][]*ast.ImportSpec {
	var groups [][]*ast.ImportSpec
	lastLine := -1
	for _, spec := range decl.Specs {
		s := spec.(*ast.ImportSpec)
		first := s.Pos()
		if s.Doc != nil {
			first = s.Doc.Pos()
		}
		if len(groups) == 0 || m.ed.fset.Position(first).Line > lastLine+1 {
			groups = append(groups, nil)
		}
		if !m.removedImports[s] {
			groups[len(groups)-1] = append(groups[len(groups)-1], s)
		}
		lastLine = m.ed.fset.Position(s.End()).Line
		if s.Comment != nil {
			lastLine = m.ed.fset.Position(s.Comment.End()).Line
		}
	}
	kept := groups[:0]
	for _, g := range groups {
		if len(g) > 0 {
			kept = append(kept, g)
		}
	}
	return kept
}

// bestImportGroup is the group a new import path joins, or nil when no group holds a path of its
// kind (standard library or not): the group of the path sharing the most path elements with it;
// among equals, the first (for a non-standard path with nothing shared: the first non-standard).
func bestImportGroup(groups [][]*ast.ImportSpec, path string) []*ast.ImportSpec {
	var best []*ast.ImportSpec
	bestLen := -1
	for _, g := range groups {
		for _, s := range g {
			p, _ := strconv.Unquote(s.Path.Value)
			if isStd(p) != isStd(path) {
				continue
			}
			if n := sharedElements(p, path); n > bestLen {
				best, bestLen = g, n
			}
		}
	}
	return best
}

// sharedElements counts the slashes in the common prefix of two import paths (astutil's matchLen).
func sharedElements(a, b string) int {
	n := 0
	for i := 0; i < len(a) && i < len(b) && a[i] == b[i]; i++ {
		if a[i] == '/' {
			n++
		}
	}
	return n
}

// lineStart and lineEnd are the byte offsets of the start of pos's line and of its newline.
func (m *fileMigration) lineStart(pos token.Pos) int {
	off := m.ed.off(pos)
	for off > 0 && m.ed.src[off-1] != '\n' {
		off--
	}
	return off
}

func (m *fileMigration) lineEnd(pos token.Pos) int {
	off := m.ed.off(pos)
	for off < len(m.ed.src) && m.ed.src[off] != '\n' && m.ed.src[off] != '\r' {
		off++
	}
	return off
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

// importDeclRanges are the byte ranges of the import declarations of a Go source (none when its
// import section does not parse).
func importDeclRanges(src []byte) [][2]int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly)
	if err != nil {
		return nil
	}
	var out [][2]int
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			out = append(out, [2]int{fset.Position(g.Pos()).Offset, fset.Position(g.End()).Offset})
		}
	}
	return out
}
