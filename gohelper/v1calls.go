package main

import (
	"go/ast"
	"go/types"
	"strings"
)

// v1Method reports whether fn is an aws-sdk-go v1 DynamoDB client method: one of
// *dynamodb.DynamoDB or dynamodbiface.DynamoDBAPI, or a method of the package's own types or
// interfaces with the name and signature of one (a fake, a narrower interface).
func (f *v1File) v1Method(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == v1DynamoDB || fn.Pkg().Path() == v1Iface {
		return fn.Type().(*types.Signature).Recv() != nil
	}
	client := f.v1ClientType()
	if client == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(client), false, client.Obj().Pkg(), fn.Name())
	v1, ok := obj.(*types.Func)
	return ok && types.Identical(v1.Type(), fn.Type())
}

// v2Signature prints a v2 client method's signature without parameter names, as the file spells
// its types: "(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)".
func (f *v1File) v2Signature(m *types.Func) string {
	sig := m.Type().(*types.Signature)
	var params, results []string
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			params = append(params, "..."+f.typeText(t.(*types.Slice).Elem()))
			continue
		}
		params = append(params, f.typeText(t))
	}
	for i := 0; i < sig.Results().Len(); i++ {
		results = append(results, f.typeText(sig.Results().At(i).Type()))
	}
	return "(" + strings.Join(params, ", ") + ") (" + strings.Join(results, ", ") + ")"
}

// declarations rewrites the package's own methods and interface methods that have a v1 client
// method's signature (fakes in tests, narrower interfaces) to the v2 signature: a context first,
// v2 options last, XxxWithContext renamed Xxx. Fakes of XxxPages, XxxRequest and waiters cannot
// be carried (v2 paginators and waiters call the operation itself) and block the fix.
func (f *v1File) declarations() {
	byRecv := map[string]map[string]bool{}
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil {
			continue
		}
		fn, _ := f.l.Info.Defs[fd.Name].(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() == v1DynamoDB || !f.v1Method(fn) {
			continue
		}
		op, kind := v2MethodOf(fn.Name())
		recv := f.src(fd.Recv.List[0].Type)
		if byRecv[recv] == nil {
			byRecv[recv] = map[string]bool{}
		}
		if byRecv[recv][op] {
			f.note(fd.Name, "error", "go-v1-iface", "aws-sdk-go-v2 has one "+op+" method where v1 had "+op+" and "+op+"WithContext: this type declares both; keep one, then migrate")
			continue
		}
		byRecv[recv][op] = true
		switch kind {
		case v1Plain:
			f.addContextParams(fd.Type, fd.Body)
		case v1Ctx:
			f.claim(fd.Name.Pos(), fd.Name.End(), op)
			f.optionsParam(fd.Type)
		default:
			f.note(fd.Name, "error", "go-v1-iface", "a fake of "+fn.Name()+" has no aws-sdk-go-v2 counterpart: v2's paginators and waiters call "+op+" itself, so fake "+op+" instead, then migrate")
		}
	}
	ast.Inspect(f.file, func(n ast.Node) bool {
		it, ok := n.(*ast.InterfaceType)
		if !ok {
			return true
		}
		seen := map[string]bool{}
		for _, m := range it.Methods.List {
			if len(m.Names) != 1 {
				continue
			}
			fn, _ := f.l.Info.Defs[m.Names[0]].(*types.Func)
			if fn == nil || !f.v1Method(fn) {
				continue
			}
			op, kind := v2MethodOf(fn.Name())
			v2m := f.p.v2.method(op)
			switch {
			case kind == v1RequestForm || v2m == nil:
				f.note(m, "error", "go-v1-iface", fn.Name()+" has no aws-sdk-go-v2 counterpart: remove it from the interface, then migrate")
			case seen[op]:
				f.removeLine(m.Pos(), m.End())
			default:
				seen[op] = true
				f.claim(m.Pos(), m.End(), op+f.v2Signature(v2m))
			}
		}
		return true
	})
}

// addContextParams makes a plain v1 method signature a v2 one: a context first, options last.
func (f *v1File) addContextParams(ft *ast.FuncType, body *ast.BlockStmt) {
	params := ft.Params
	named := len(params.List) > 0 && len(params.List[0].Names) > 0
	f.needImport("context", "")
	opts := "...func(*" + f.ddbName() + ".Options)"
	if named {
		f.insertAt(params.Opening+1, f.freeLocal(body, "ctx")+" context.Context, ")
		f.insertAt(params.Closing, ", "+f.freeLocal(body, "optFns")+" "+opts)
		return
	}
	f.insertAt(params.Opening+1, "context.Context, ")
	f.insertAt(params.Closing, ", "+opts)
}

// optionsParam turns the `...request.Option` parameter of a v1 WithContext signature into v2's
// `...func(*dynamodb.Options)` and remembers it (a call forwarding it stays as it is).
func (f *v1File) optionsParam(ft *ast.FuncType) {
	last := ft.Params.List[len(ft.Params.List)-1]
	if el, ok := last.Type.(*ast.Ellipsis); ok {
		f.claim(el.Elt.Pos(), el.Elt.End(), "func(*"+f.ddbName()+".Options)")
		for _, n := range last.Names {
			if v, ok := f.l.Info.Defs[n].(*types.Var); ok {
				f.v2Params[v] = true
			}
		}
	}
}

// freeLocal is name when the body does not mention that name, else "_".
func (f *v1File) freeLocal(body *ast.BlockStmt, name string) string {
	used := false
	if body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				used = true
			}
			return !used
		})
	}
	if used {
		return "_"
	}
	return name
}

// calls rewrites calls of v1 client methods: Xxx(in) → Xxx(ctx, in) with the context in scope,
// XxxWithContext(ctx, in) → Xxx(ctx, in), XxxPages → a paginator loop keeping the callback's
// early stop, WaitUntilTableExists → dynamodb.NewTableExistsWaiter(…).Wait.
func (f *v1File) calls() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			f.methodCall(n)
		case *ast.SelectorExpr:
			if s := f.l.Info.Selections[n]; s != nil && s.Kind() != types.FieldVal {
				if fn, _ := s.Obj().(*types.Func); fn != nil && f.v1Method(fn) {
					if call, ok := f.parent(n).(*ast.CallExpr); !ok || call.Fun != n {
						f.note(n, "error", "go-v1-client", "a method value of the v1 client ("+f.src(n)+") cannot be carried: call it instead, then migrate")
					}
				}
			}
		}
		return true
	})
}

func (f *v1File) methodCall(call *ast.CallExpr) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	s := f.l.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return
	}
	fn, _ := s.Obj().(*types.Func)
	if fn == nil || !f.v1Method(fn) {
		return
	}
	op, kind := v2MethodOf(fn.Name())
	if kind != v1RequestForm && f.p.v2.method(op) == nil {
		f.note(call, "error", "go-v1-client", "aws-sdk-go-v2's client has no "+op+": rewrite this call by hand, then migrate")
		return
	}
	switch kind {
	case v1Plain:
		sep := ", "
		if len(call.Args) == 0 {
			sep = ""
		}
		f.insertAt(call.Lparen+1, f.ctxArg(call, fn.Name())+sep)
	case v1Ctx:
		f.claim(sel.Sel.Pos(), sel.Sel.End(), op)
		f.forwardedOptions(call, 2)
	case v1Pages, v1PagesCtx:
		f.pagesCall(call, sel, op, kind)
	case v1Waiter, v1WaiterCtx:
		f.waiterCall(call, sel, fn.Name(), kind)
	case v1RequestForm:
		f.note(call, "error", "go-v1-client", fn.Name()+" returns a v1 *request.Request, which aws-sdk-go-v2 does not have: call "+op+" (with middleware through its options for what the request was for), then migrate")
	}
}

// forwardedOptions checks the request.Option arguments of a WithContext call from index first:
// only options the enclosing fake received (now v2 options) can be passed on.
func (f *v1File) forwardedOptions(call *ast.CallExpr, first int) bool {
	if len(call.Args) <= first {
		return true
	}
	if call.Ellipsis.IsValid() && len(call.Args) == first+1 {
		if id, ok := call.Args[first].(*ast.Ident); ok {
			if v, ok := f.l.Info.Uses[id].(*types.Var); ok && f.v2Params[v] {
				return true
			}
		}
	}
	f.note(call.Args[first], "error", "go-v1-client", "request.Option values have no aws-sdk-go-v2 form (v2 takes func(*dynamodb.Options) per call): remove them or write the v2 option by hand, then migrate")
	return false
}

// pagesCall turns c.QueryPages(in, fn) / c.QueryPagesWithContext(ctx, in, fn) into
// queryPages(ctx, c, in, fn), the package's paginator loop.
func (f *v1File) pagesCall(call *ast.CallExpr, sel *ast.SelectorExpr, op string, kind v1MethodKind) {
	helper := f.pagesHelper(op)
	if kind == v1Pages {
		f.insertAt(sel.X.Pos(), helper+"("+f.ctxArg(call, sel.Sel.Name)+", ")
		f.claim(sel.X.End(), call.Lparen+1, ", ")
		return
	}
	if !f.forwardedOptions(call, 3) {
		return
	}
	if len(call.Args) > 3 {
		f.claim(call.Args[2].End(), call.Rparen, "")
	}
	f.claim(call.Pos(), call.Args[0].End(), helper+"("+f.src(call.Args[0])+", "+f.src(sel.X))
}

// waiterCall turns c.WaitUntilTableExists(in) into
// dynamodb.NewTableExistsWaiter(c).Wait(ctx, in, 8*time.Minute): v1's waiter tried 25 times,
// 20 s apart; v2's waits up to the given duration with growing delays (20 s to 120 s).
func (f *v1File) waiterCall(call *ast.CallExpr, sel *ast.SelectorExpr, name string, kind v1MethodKind) {
	waiter := strings.TrimSuffix(strings.TrimPrefix(name, "WaitUntil"), "WithContext")
	if f.p.v2.ddb.Scope().Lookup("New"+waiter+"Waiter") == nil {
		f.note(call, "error", "go-v1-client", "aws-sdk-go-v2 has no "+waiter+" waiter: rewrite this wait by hand, then migrate")
		return
	}
	f.needImport("time", "")
	f.insertAt(sel.X.Pos(), f.ddbName()+".New"+waiter+"Waiter(")
	if kind == v1Waiter {
		f.claim(sel.X.End(), call.Lparen+1, ").Wait("+f.ctxArg(call, name)+", ")
		f.insertAt(call.Args[len(call.Args)-1].End(), ", 8*time.Minute")
	} else {
		if len(call.Args) > 2 {
			f.note(call.Args[2], "error", "go-v1-client", "request.WaiterOption values have no aws-sdk-go-v2 form: v2's Wait takes the longest wait and func(*dynamodb."+waiter+"WaiterOptions) options; write them by hand, then migrate")
			return
		}
		f.claim(sel.X.End(), call.Lparen+1, ").Wait(")
		f.insertAt(call.Args[1].End(), ", 8*time.Minute")
	}
	f.note(call, "information", "go-v1-waiter", "aws-sdk-go v1's "+name+" polled 25 times, 20 s apart (about 8 minutes); aws-sdk-go-v2's waiter polls with growing delays (20 s to 120 s) for at most the duration given, 8 minutes here")
}

// declareInterface writes the package's own client interface before the first declaration of
// this file that uses dynamodbiface.DynamoDBAPI (once per package).
func (f *v1File) declareInterface() {
	if f.p.iface == "" || f.p.ifaceDone || strings.HasSuffix(f.l.Pkg.ImportPath, "_test") {
		return
	}
	if f.p.ifaceFile != nil && f.p.ifaceFile != f.file {
		return
	}
	for _, d := range f.file.Decls {
		if !f.declUsesIface(d) {
			continue
		}
		f.p.ifaceDone = true
		var b strings.Builder
		b.WriteString("// " + f.p.iface + " is the part of the aws-sdk-go-v2 DynamoDB client this package uses\n")
		b.WriteString("// (aws-sdk-go-v2 has no dynamodbiface): *" + f.ddb + ".Client implements it, and so can a test's fake.\n")
		b.WriteString("type " + f.p.iface + " interface {\n")
		for _, name := range f.p.sortedMethods() {
			m := f.p.v2.method(name)
			if m == nil {
				f.note(d, "error", "go-v1-iface", "aws-sdk-go-v2's client has no "+name+": rewrite its use by hand, then migrate")
				continue
			}
			b.WriteString("\t" + name + f.v2Signature(m) + "\n")
		}
		b.WriteString("}\n\n")
		at := d.Pos()
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Doc != nil {
				at = d.Doc.Pos()
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				at = d.Doc.Pos()
			}
		}
		f.insertAt(at, b.String())
		return
	}
}

// declUsesIface reports whether a declaration mentions dynamodbiface.DynamoDBAPI.
func (f *v1File) declUsesIface(d ast.Decl) bool {
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if tn, ok := f.pkgObjOf(sel).(*types.TypeName); ok && tn.Pkg().Path() == v1Iface {
				found = true
			}
		}
		return !found
	})
	return found
}
