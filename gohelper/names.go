package main

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"unicode"
)

// freshName is the first candidate free at pos: nothing of that name is visible there, and nothing
// of that name is declared in pos's innermost scope (also after pos, where a later := would no
// longer declare it). Past the candidates: the first candidate numbered from 2.
func (m *fileMigration) freshName(pos token.Pos, candidates ...string) string {
	inner := m.l.Types.Scope().Innermost(pos)
	free := func(name string) bool {
		if inner == nil {
			return true
		}
		_, obj := inner.LookupParent(name, pos)
		return obj == nil && inner.Lookup(name) == nil
	}
	for _, c := range candidates {
		if free(c) {
			return c
		}
	}
	for i := 2; ; i++ {
		if c := fmt.Sprintf("%s%d", candidates[0], i); free(c) {
			return c
		}
	}
}

// importName is the name under which code at pos reaches the package path: its local name when
// the file imports it (or will, see planTakeOver), else want when nothing else has that name there
// (else want+"v2", numbered past that). The import is requested (needImport) under that name.
func (m *fileMigration) importName(path, want string, pos token.Pos) string {
	if spec := m.importOf(path); spec != nil {
		return m.localName(spec)
	}
	if name, ok := m.newImports[path]; ok {
		if name == "" {
			return defaultName(path)
		}
		return name
	}
	for v1, v2 := range v2Of {
		if v2 == path && m.takeOver[v1] {
			m.needImport(path, "")
			return m.localName(m.importOf(v1))
		}
	}
	taken := func(name string) bool {
		for p, n := range m.newImports {
			if n == name || (n == "" && defaultName(p) == name) {
				return true
			}
		}
		inner := m.l.Types.Scope().Innermost(pos)
		if inner == nil {
			return false
		}
		_, obj := inner.LookupParent(name, pos)
		if pn, ok := obj.(*types.PkgName); ok && m.takeOver[pn.Imported().Path()] {
			return v2Of[pn.Imported().Path()] != path
		}
		return obj != nil
	}
	name := want
	for i := 2; taken(name); i++ {
		name = fmt.Sprintf("%sv%d", want, i)
	}
	alias := name
	if alias == defaultName(path) {
		alias = ""
	}
	m.needImport(path, alias)
	return name
}

// defaultName is the name goimports assumes for an import path (golang.org/x/tools'
// ImportPathToAssumedName): the last element, the one before it for a major version suffix
// (…/dynamo/v2 → dynamo), without a "go-" prefix, cut at the first character that cannot be in
// an identifier (smithy-go → smithy).
func defaultName(path string) string {
	base := path[strings.LastIndexByte(path, '/')+1:]
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && strings.Contains(path, "/") {
		dir := path[:strings.LastIndexByte(path, '/')]
		base = dir[strings.LastIndexByte(dir, '/')+1:]
	}
	base = strings.TrimPrefix(base, "go-")
	if i := strings.IndexFunc(base, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }); i >= 0 {
		base = base[:i]
	}
	return base
}
