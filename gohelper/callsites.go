package main

import (
	"go/ast"
	"go/types"
)

// callSites records, for every function and method of the loaded packages (by types.Func
// FullName, the same in every package that sees it), the static types of the arguments passed to
// it anywhere in those packages: where a value reaches an attributevalue call as interface{}, its
// callers tell what it is.
type callSites map[string][][]types.Type

// indexCalls reads every call of every loaded package.
func indexCalls(pkgs []*Loaded) callSites {
	idx := callSites{}
	for _, l := range pkgs {
		for _, f := range l.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var id *ast.Ident
				switch fun := unparen(call.Fun).(type) {
				case *ast.Ident:
					id = fun
				case *ast.SelectorExpr:
					id = fun.Sel
				}
				if fn, ok := l.Info.Uses[id].(*types.Func); id != nil && ok {
					var args []types.Type
					for _, a := range call.Args {
						args = append(args, l.Info.TypeOf(a))
					}
					idx[fn.FullName()] = append(idx[fn.FullName()], args)
				}
				return true
			})
		}
	}
	return idx
}

// argTypesOf is what callers pass for e when e is an interface-typed parameter of the function
// declared around it (followed through up to three such hops); nil otherwise.
func (m *fileMigration) argTypesOf(e ast.Expr, depth int) []types.Type {
	id, ok := unparen(e).(*ast.Ident)
	if !ok || depth > 3 || m.calls == nil {
		return nil
	}
	v, ok := m.l.Info.Uses[id].(*types.Var)
	if !ok || !types.IsInterface(v.Type()) {
		return nil
	}
	fn, index := m.paramOf(v)
	if fn == nil {
		return nil
	}
	var out []types.Type
	for _, args := range m.calls[fn.FullName()] {
		if index >= len(args) || args[index] == nil {
			continue
		}
		if types.IsInterface(args[index]) {
			continue // passed on as an interface again: its own callers are not followed from here
		}
		out = append(out, args[index])
	}
	return out
}

// paramOf finds the function declaration of the file that has v as a parameter, and its index.
func (m *fileMigration) paramOf(v *types.Var) (*types.Func, int) {
	for _, d := range m.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		i := 0
		for _, field := range fd.Type.Params.List {
			for _, name := range field.Names {
				if m.l.Info.Defs[name] == v {
					fn, _ := m.l.Info.Defs[fd.Name].(*types.Func)
					return fn, i
				}
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
	}
	return nil, 0
}
