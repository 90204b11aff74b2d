package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// configVariable carries a local v1 aws.Config variable given to the session (`&awsCfg`) that
// the function builds field by field, as in
//
//	awsCfg := aws.Config{MaxRetries: aws.Int(3)}
//	if region != "" { awsCfg.Region = aws.String(region) }
//
// The variable becomes the list of config.LoadDefaultConfig options (`awsCfg :=
// []func(*config.LoadOptions) error{…}`, each assignment an append), spread into the call; its
// MaxRetries (a constant, set once) goes into the retryer. handled is false when c is not such a
// variable; ok is false (with an error finding) when it is one that cannot be carried.
func (m *fileMigration) configVariable(c ast.Expr) (name string, maxRetries *configField, handled, ok bool) {
	e := unparen(c)
	if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		e = unparen(u.X)
	}
	id, isIdent := e.(*ast.Ident)
	if !isIdent {
		return "", nil, false, false
	}
	v, isVar := m.l.Info.Uses[id].(*types.Var)
	if !isVar {
		return "", nil, false, false
	}
	if n, isNamedT := v.Type().(*types.Named); !isNamedT || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != awsV1 || n.Obj().Name() != "Config" {
		return "", nil, false, false
	}
	block := func(why string) (string, *configField, bool, bool) {
		m.note(c, "error", "go-dynamo-new", "the aws.Config variable "+id.Name+" cannot be carried to aws-sdk-go-v2 automatically: "+why+". Write it as config.LoadDefaultConfig options by hand, then migrate")
		return "", nil, true, false
	}
	var def *ast.AssignStmt
	var sets []*ast.AssignStmt
	ast.Inspect(m.file, func(n ast.Node) bool {
		a, isAssign := n.(*ast.AssignStmt)
		if !isAssign || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			return true
		}
		if lhs, isID := a.Lhs[0].(*ast.Ident); isID && a.Tok == token.DEFINE && m.l.Info.Defs[lhs] == v {
			def = a
		}
		if sel, isSel := a.Lhs[0].(*ast.SelectorExpr); isSel && a.Tok == token.ASSIGN {
			if x, isID := sel.X.(*ast.Ident); isID && m.l.Info.Uses[x] == v {
				sets = append(sets, a)
			}
		}
		return true
	})
	lit, isLit := (*ast.CompositeLit)(nil), false
	if def != nil {
		lit, isLit = unparen(def.Rhs[0]).(*ast.CompositeLit)
	}
	if !isLit {
		return block("it is not defined here with := aws.Config{…}")
	}
	uses := 0
	for use, o := range m.l.Info.Uses {
		if o == v && use != id {
			uses++
		}
	}
	if uses != len(sets) {
		return block("it is used for more than setting its fields and making the session")
	}
	var fields []configField
	for _, el := range lit.Elts {
		if kv, isKV := el.(*ast.KeyValueExpr); isKV {
			fields = append(fields, configField{key: kv.Key.(*ast.Ident).Name, value: kv.Value, at: kv})
		}
	}
	var opts []string
	for _, f := range fields {
		opt, fine := m.fieldOption(f)
		if !fine {
			return "", nil, true, false
		}
		if f.key == "MaxRetries" {
			f := f
			maxRetries = &f
		} else if opt != "" {
			opts = append(opts, opt)
		}
	}
	type change struct {
		stmt *ast.AssignStmt
		text string
	}
	var changes []change
	for _, a := range sets {
		if !m.isBlockStatement(a) {
			return block("one of its fields is set outside a plain statement")
		}
		sel := a.Lhs[0].(*ast.SelectorExpr)
		f := configField{key: sel.Sel.Name, value: a.Rhs[0], at: a}
		opt, fine := m.fieldOption(f)
		switch {
		case !fine:
			return "", nil, true, false
		case f.key == "MaxRetries":
			if maxRetries != nil {
				return block("MaxRetries is set more than once")
			}
			maxRetries = &f
			changes = append(changes, change{a, "// MaxRetries: carried into the retryer of config.LoadDefaultConfig"})
		case opt == "":
			changes = append(changes, change{a, ""})
		default:
			changes = append(changes, change{a, fmt.Sprintf("%s = append(%s, %s)", id.Name, id.Name, opt)})
		}
	}
	body := ""
	if len(opts) > 0 {
		body = "\n" + strings.Join(opts, ",\n") + ",\n"
	}
	m.ed.replace(lit.Pos(), lit.End(), "[]func(*"+cfgPkg+".LoadOptions) error{"+body+"}")
	for _, ch := range changes {
		if ch.text == "" {
			m.removeLine(ch.stmt.Pos(), ch.stmt.End())
		} else {
			m.ed.replace(ch.stmt.Pos(), ch.stmt.End(), ch.text)
		}
	}
	return id.Name, maxRetries, true, true
}
