package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"sort"
)

// Loaded is a parsed and type-checked package. TypeErrors are kept, not fatal: a package that
// does not type-check is still rewritten where its types resolve, and the caller's build check
// reports what remains.
type Loaded struct {
	Pkg        Package
	Fset       *token.FileSet
	Files      []*ast.File
	Sources    map[*ast.File][]byte
	Names      map[*ast.File]string
	Types      *types.Package
	Info       *types.Info
	TypeErrors []string
}

// load parses pkg's files and type-checks them against the compiler export data in exports.
func load(fset *token.FileSet, pkg Package, exports map[string]string) (*Loaded, error) {
	l := &Loaded{Pkg: pkg, Fset: fset, Sources: map[*ast.File][]byte{}, Names: map[*ast.File]string{}}
	files := append([]string(nil), pkg.Files...)
	sort.Strings(files)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		l.Files = append(l.Files, f)
		l.Sources[f] = src
		l.Names[f] = name
	}
	lookup := func(path string) (io.ReadCloser, error) {
		file, ok := pkg.ImportOverrides[path]
		if !ok {
			file, ok = exports[path]
		}
		if !ok || file == "" {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(file)
	}
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "gc", lookup),
		Error:    func(err error) { l.TypeErrors = append(l.TypeErrors, err.Error()) },
	}
	l.Info = &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Implicits:  map[ast.Node]types.Object{},
	}
	l.Types, _ = conf.Check(pkg.ImportPath, fset, l.Files, l.Info)
	return l, nil
}
