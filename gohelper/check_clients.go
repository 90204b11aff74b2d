package main

// Checks of how DynamoDB clients are built: one per request or loop iteration, aws-sdk-go v1 on
// http.DefaultClient, transports that keep too few idle connections or none.

import (
	"fmt"
	"go/ast"
	"strings"
)

// clientConstructor names what call builds (a DynamoDB client, a session or a config that brings
// its own HTTP client), or "".
func (f *checkFile) clientConstructor(call *ast.CallExpr) string {
	switch {
	case f.isPkgFunc(call, pathV1DynamoDB, "New"):
		return "dynamodb.New"
	case f.isPkgFunc(call, pathV2DynamoDB, "NewFromConfig", "New"):
		return "dynamodb." + call.Fun.(*ast.SelectorExpr).Sel.Name
	case f.isPkgFunc(call, pathV1Session, "NewSession", "New", "NewSessionWithOptions"):
		return "session." + call.Fun.(*ast.SelectorExpr).Sel.Name
	case f.isPkgFunc(call, pathV2Config, "LoadDefaultConfig"):
		return "config.LoadDefaultConfig"
	case f.isPkgFunc(call, pathGuregu1, "New", "NewFromIface"), f.isPkgFunc(call, pathGuregu2, "New", "NewFromIface"):
		return "dynamo." + call.Fun.(*ast.SelectorExpr).Sel.Name
	}
	return ""
}

// handlerKind says why fn runs once per request (an HTTP handler's signature, a gin/echo/fiber
// context, a Lambda handler), or "".
func (f *checkFile) handlerKind(fn ast.Node, lambdaHandlers map[string]bool) string {
	var ft *ast.FuncType
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft = fn.Type
		if fn.Recv == nil && lambdaHandlers[fn.Name.Name] {
			return "a Lambda handler"
		}
	case *ast.FuncLit:
		ft = fn.Type
		if lambdaHandlers[fmt.Sprint(fn.Pos())] {
			return "a Lambda handler"
		}
	}
	writer, request := false, false
	for _, param := range ft.Params.List {
		switch {
		case f.isPkgType(param.Type, pathNetHTTP, "ResponseWriter"):
			writer = true
		case f.isPkgType(param.Type, pathNetHTTP, "Request"):
			request = true
		case f.isPkgType(param.Type, "github.com/gin-gonic/gin", "Context"), f.isPkgType(param.Type, "github.com/labstack/echo/v4", "Context"), f.isPkgType(param.Type, "github.com/gofiber/fiber/v2", "Ctx"):
			return "a request handler"
		}
	}
	if writer && request {
		return "an HTTP handler"
	}
	return ""
}

// lambdaStarts are the functions of aws-lambda-go/lambda that run a handler.
var lambdaStarts = []string{"Start", "StartWithOptions", "StartHandlerFunc"}

// lambdaHandlers names the functions f passes to lambda.Start (by name, or a literal by position).
func (f *checkFile) lambdaHandlers() map[string]bool {
	out := map[string]bool{}
	ast.Inspect(f.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || !f.isPkgFunc(call, pathLambda, lambdaStarts...) {
			return true
		}
		switch h := call.Args[0].(type) {
		case *ast.Ident:
			out[h.Name] = true
		case *ast.FuncLit:
			out[fmt.Sprint(h.Pos())] = true
		}
		return true
	})
	return out
}

// checkClientsPerRequest: a DynamoDB client (or session/config) built inside a loop or a
// function that runs per request.
func (p *pkgCheck) checkClientsPerRequest(f *checkFile) {
	lambdas := f.lambdaHandlers()
	var stack []ast.Node
	ast.Inspect(f.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		what := f.clientConstructor(call)
		if what == "" {
			return true
		}
		where := ""
		for i := len(stack) - 2; i >= 0 && where == ""; i-- {
			switch s := stack[i].(type) {
			case *ast.ForStmt:
				if s.Body != nil && s.Body.Pos() <= call.Pos() {
					where = "a loop"
				}
			case *ast.RangeStmt:
				if s.Body != nil && s.Body.Pos() <= call.Pos() {
					where = "a loop"
				}
			case *ast.FuncDecl, *ast.FuncLit:
				if kind := f.handlerKind(s, lambdas); kind != "" {
					where = kind
				}
				i = -1 // only the innermost function decides
			}
		}
		if where == "" {
			return true
		}
		p.add(f, call, "client-per-request",
			fmt.Sprintf("%s inside %s: a new DynamoDB client each time", what, where),
			"Each client made here sets itself up again (credentials, endpoint resolution, handlers), and one that brings its own HTTP client — a new session or config, aws-sdk-go-v2's default client — starts an empty connection pool: the calls then open new connections, each with a full TLS handshake (DynamoDB resumes no TLS session across its hosts).",
			"Build the client once, at start-up (main, or a package-level variable set in init), and share it: SDK clients are safe for concurrent use.",
			nil)
		return true
	})
}

// checkHTTPClients: the HTTP client a DynamoDB client sends through — aws-sdk-go v1's
// http.DefaultClient when none is given, transports with keep-alives off or a small idle pool.
func (p *pkgCheck) checkHTTPClients(f *checkFile) {
	seen := map[ast.Node]bool{}
	funcBodies(f.file, func(fn ast.Node, body *ast.BlockStmt) {
		defs := definitions(body)
		clientConfigHasHTTPClient := p.v1ClientGetsHTTPClient(f, body, defs) || f.buildsOtherV1ServicesOnly(body)
		ast.Inspect(body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok && n != fn {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if clientConfigHasHTTPClient && f.isPkgFunc(n, pathV1Session, "NewSession", "New", "NewSessionWithOptions") {
					break
				}
				if f.isPkgFunc(n, pathV1Session, "NewSession", "New") {
					p.checkV1Session(f, n, n.Args, defs)
				}
				if f.isPkgFunc(n, pathV1Session, "NewSessionWithOptions") && len(n.Args) == 1 {
					if opts := literalOf(p.resolve(n.Args[0], defs)); opts != nil {
						var cfgs []ast.Expr
						if kv := keyValue(opts, "Config"); kv != nil {
							cfgs = append(cfgs, kv.Value)
						}
						p.checkV1Session(f, n, cfgs, defs)
					}
				}
				// v2: config.WithHTTPClient(c); v1: cfg.WithHTTPClient(c)
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "WithHTTPClient" && len(n.Args) == 1 {
					p.checkHTTPClient(f, n.Args[0], defs, seen)
				}
				// v2: awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) { … })
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "WithTransportOptions" {
					for _, a := range n.Args {
						if lit, ok := a.(*ast.FuncLit); ok {
							p.checkTransportFunc(f, lit)
						}
					}
				}
			case *ast.CompositeLit:
				if kv := keyValue(n, "HTTPClient"); kv != nil && (f.isPkgType(n.Type, pathV1Aws, "Config") || f.isPkgType(n.Type, pathV2Aws, "Config") || f.isPkgType(n.Type, pathV2DynamoDB, "Options")) {
					p.checkHTTPClient(f, kv.Value, defs, seen)
				}
			case *ast.AssignStmt:
				// o.HTTPClient = c (dynamodb.Options in an option function), cfg.HTTPClient = c
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "HTTPClient" && i < len(n.Rhs) {
						p.checkHTTPClient(f, n.Rhs[i], defs, seen)
					}
				}
			}
			return true
		})
	})
}

// v1ClientGetsHTTPClient reports whether body builds the DynamoDB client with a config of its own
// carrying an HTTP client, as in dynamodb.New(sess, aws.NewConfig().WithHTTPClient(c)): the
// client's config overrides the session's, so the session's http.DefaultClient is not used.
func (p *pkgCheck) v1ClientGetsHTTPClient(f *checkFile, body *ast.BlockStmt, defs map[string][]ast.Expr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || len(call.Args) < 2 || !f.isPkgFunc(call, pathV1DynamoDB, "New") {
			return !found
		}
		for _, cfg := range call.Args[1:] {
			for _, value := range p.resolveAll(cfg, defs) {
				found = found || containsWord(f.text(value), "HTTPClient")
			}
		}
		return !found
	})
	return found
}

// buildsOtherV1ServicesOnly reports whether body builds aws-sdk-go v1 clients of other services
// (s3.New(sess)) and no DynamoDB client: its session's HTTP client is none of DynamoDB's business.
// A body building no client (a session handed back to its caller) may serve DynamoDB.
func (f *checkFile) buildsOtherV1ServicesOnly(body *ast.BlockStmt) bool {
	other, dynamo := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "New" {
			return true
		}
		for path := range f.imports {
			if strings.HasPrefix(path, "github.com/aws/aws-sdk-go/service/") && f.isPkgSel(sel, path) {
				if path == pathV1DynamoDB {
					dynamo = true
				} else {
					other = true
				}
			}
		}
		return true
	})
	return other && !dynamo
}

// checkV1Session: a session made without an HTTP client sends through http.DefaultClient, whose
// transport keeps 2 idle connections per host. `cfgs` are the aws.Config arguments.
func (p *pkgCheck) checkV1Session(f *checkFile, call *ast.CallExpr, cfgs []ast.Expr, defs map[string][]ast.Expr) {
	if !p.concurrent {
		return
	}
	var literal *ast.CompositeLit
	for _, c := range cfgs {
		c = p.resolve(c, defs)
		if lit := literalOf(c); lit != nil && f.isPkgType(lit.Type, pathV1Aws, "Config") {
			if keyValue(lit, "HTTPClient") != nil {
				return
			}
			literal = lit
			continue
		}
		if strings := f.text(c); containsWord(strings, "WithHTTPClient") || containsWord(strings, "HTTPClient") {
			return
		}
		if _, ok := c.(*ast.Ident); ok {
			// A config made elsewhere: its HTTP client cannot be told here.
			return
		}
	}
	var quick *CheckQuickFix
	if literal != nil {
		text := fmt.Sprintf("HTTPClient: &http.Client{Transport: func() http.RoundTripper { t := http.DefaultTransport.(*http.Transport).Clone(); t.MaxIdleConnsPerHost = %d; return t }()},", p.req.MinIdleConns)
		edits := []edit{insertField(f, literal, text)}
		if e := f.importEdit(pathNetHTTP); e != nil {
			edits = append(edits, *e)
		}
		quick = f.quickFix(fmt.Sprintf("Give the session an HTTP client keeping %d idle connections per host", p.req.MinIdleConns), edits...)
	}
	p.add(f, call, "default-http-client",
		"aws-sdk-go v1 session without an HTTP client: DynamoDB calls go through http.DefaultClient, which keeps 2 idle connections per host",
		"Go's http.Transport keeps DefaultMaxIdleConnsPerHost = 2 idle connections per host: with more than 2 calls in flight, every connection beyond them is closed when its call ends and the next call opens a new one, with a full TLS handshake (DynamoDB resumes no TLS session across its hosts). aws-sdk-go-v2 builds a client with a larger pool by itself.",
		fmt.Sprintf("Set aws.Config.HTTPClient to a client whose transport keeps as many idle connections per host as the service has DynamoDB calls in flight (a clone of http.DefaultTransport with MaxIdleConnsPerHost ≥ %d).", p.req.MinIdleConns),
		quick)
}

func containsWord(text, word string) bool {
	for i := 0; i+len(word) <= len(text); i++ {
		if text[i:i+len(word)] == word {
			return true
		}
	}
	return false
}

// insertField is the edit adding `text` as the last field of lit (on its own line).
func insertField(f *checkFile, lit *ast.CompositeLit, text string) edit {
	at := f.off(lit.Rbrace)
	if len(lit.Elts) == 0 {
		return edit{at, at, text}
	}
	last := lit.Elts[len(lit.Elts)-1]
	end := f.off(last.End())
	// After the last field's comma when it has one.
	rest := string(f.src[end:at])
	if i := indexByte(rest, ','); i >= 0 {
		return edit{end + i + 1, end + i + 1, "\n" + text}
	}
	return edit{end, end, ",\n" + text}
}

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

// checkHTTPClient follows an HTTP client expression to its http.Client literals and transports.
func (p *pkgCheck) checkHTTPClient(f *checkFile, e ast.Expr, defs map[string][]ast.Expr, seen map[ast.Node]bool) {
	for _, value := range p.resolveAll(e, defs) {
		p.checkHTTPClientValue(f, value, defs, seen)
	}
}

func (p *pkgCheck) checkHTTPClientValue(f *checkFile, e ast.Expr, defs map[string][]ast.Expr, seen map[ast.Node]bool) {
	lit := literalOf(e)
	if lit == nil || !f.isPkgType(lit.Type, pathNetHTTP, "Client") || seen[lit] {
		return
	}
	seen[lit] = true
	kv := keyValue(lit, "Transport")
	if kv == nil {
		if !p.concurrent {
			return
		}
		p.add(f, lit, "small-idle-pool",
			"the DynamoDB client's http.Client has no Transport: it uses http.DefaultTransport, which keeps 2 idle connections per host",
			"Go's DefaultMaxIdleConnsPerHost is 2: with more than 2 DynamoDB calls in flight, connections beyond them are closed after their call and the next calls open new ones, each with a full TLS handshake (aws/aws-sdk-go#3067).",
			fmt.Sprintf("Give it a transport with MaxIdleConnsPerHost at least the service's DynamoDB calls in flight (≥ %d).", p.req.MinIdleConns),
			nil)
		return
	}
	for _, value := range p.resolveAll(kv.Value, defs) {
		t := literalOf(value)
		if t == nil || !f.isPkgType(t.Type, pathNetHTTP, "Transport") || seen[t] {
			continue
		}
		seen[t] = true
		p.checkTransport(f, t)
	}
}

// checkTransport: keep-alives off, or fewer idle connections per host than the service needs.
func (p *pkgCheck) checkTransport(f *checkFile, t *ast.CompositeLit) {
	if kv := keyValue(t, "DisableKeepAlives"); kv != nil {
		if id, ok := kv.Value.(*ast.Ident); ok && id.Name == "true" {
			p.add(f, kv, "keep-alives-disabled",
				"DisableKeepAlives on the DynamoDB client's transport: every call opens a new connection",
				"With keep-alives off each request's connection is closed when it ends, so every DynamoDB call dials and pays a full TLS handshake (DynamoDB resumes no TLS session across its hosts) — CPU on both sides and tens of milliseconds of latency, over 100 ms at times.",
				"Remove DisableKeepAlives (keep-alives are on by default) and keep an idle pool as large as the calls in flight.",
				f.quickFix("Remove DisableKeepAlives", removeElement(f, t, kv)))
			return
		}
	}
	kv := keyValue(t, "MaxIdleConnsPerHost")
	if !p.concurrent {
		return
	}
	if kv == nil {
		p.add(f, t, "small-idle-pool",
			"the DynamoDB client's transport does not set MaxIdleConnsPerHost: Go keeps 2 idle connections per host",
			"Go's DefaultMaxIdleConnsPerHost is 2: with more than 2 DynamoDB calls in flight, connections beyond them are closed after their call and the next calls open new ones, each with a full TLS handshake (aws/aws-sdk-go#3067).",
			fmt.Sprintf("Set MaxIdleConnsPerHost to the service's DynamoDB calls in flight (≥ %d; `--concurrency N` tells this check your number).", p.req.MinIdleConns),
			f.quickFix(fmt.Sprintf("Set MaxIdleConnsPerHost: %d", p.req.MinIdleConns), insertField(f, t, fmt.Sprintf("MaxIdleConnsPerHost: %d,", p.req.MinIdleConns))))
		return
	}
	if v, ok := p.intValue(kv.Value); ok && v < int64(p.req.MinIdleConns) {
		p.add(f, kv, "small-idle-pool",
			fmt.Sprintf("MaxIdleConnsPerHost: %d on the DynamoDB client's transport keeps fewer idle connections than %d calls in flight", v, p.req.MinIdleConns),
			"Connections beyond the idle pool are closed when their call ends; the next calls open new ones, each with a full TLS handshake (aws/aws-sdk-go#3067).",
			fmt.Sprintf("Raise MaxIdleConnsPerHost to the service's DynamoDB calls in flight (≥ %d; `--concurrency N` tells this check your number).", p.req.MinIdleConns),
			f.quickFix(fmt.Sprintf("Set MaxIdleConnsPerHost: %d", p.req.MinIdleConns), edit{f.off(kv.Value.Pos()), f.off(kv.Value.End()), fmt.Sprint(p.req.MinIdleConns)}))
	}
}

// checkTransportFunc: `t.DisableKeepAlives = true` / `t.MaxIdleConnsPerHost = 2` in a transport option function.
func (p *pkgCheck) checkTransportFunc(f *checkFile, fn *ast.FuncLit) {
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		sel, ok := as.Lhs[0].(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch sel.Sel.Name {
		case "DisableKeepAlives":
			if id, ok := as.Rhs[0].(*ast.Ident); ok && id.Name == "true" {
				p.add(f, as, "keep-alives-disabled",
					"DisableKeepAlives on the DynamoDB client's transport: every call opens a new connection",
					"With keep-alives off each request's connection is closed when it ends, so every DynamoDB call dials and pays a full TLS handshake (aws/aws-sdk-go#3067).",
					"Remove the assignment (keep-alives are on by default).",
					f.quickFix("Remove DisableKeepAlives", removeStatement(f, as)))
			}
		case "MaxIdleConnsPerHost":
			if v, ok := p.intValue(as.Rhs[0]); ok && p.concurrent && v < int64(p.req.MinIdleConns) {
				p.add(f, as, "small-idle-pool",
					fmt.Sprintf("MaxIdleConnsPerHost = %d on the DynamoDB client's transport keeps fewer idle connections than %d calls in flight", v, p.req.MinIdleConns),
					"Connections beyond the idle pool are closed when their call ends; the next calls open new ones, each with a full TLS handshake (aws/aws-sdk-go#3067).",
					fmt.Sprintf("Raise it to the service's DynamoDB calls in flight (≥ %d).", p.req.MinIdleConns),
					f.quickFix(fmt.Sprintf("Set MaxIdleConnsPerHost = %d", p.req.MinIdleConns), edit{f.off(as.Rhs[0].Pos()), f.off(as.Rhs[0].End()), fmt.Sprint(p.req.MinIdleConns)}))
			}
		}
		return true
	})
}

// removeElement is the edit removing element el of lit with its comma and line.
func removeElement(f *checkFile, lit *ast.CompositeLit, el ast.Expr) edit {
	start, end := f.off(el.Pos()), f.off(el.End())
	for end < len(f.src) && (f.src[end] == ',' || f.src[end] == ' ' || f.src[end] == '\t') {
		end++
	}
	if end < len(f.src) && f.src[end] == '\n' {
		end++
		for start > 0 && (f.src[start-1] == ' ' || f.src[start-1] == '\t') {
			start--
		}
	}
	_ = lit
	return edit{start, end, ""}
}

// removeStatement is the edit removing a statement alone on its line.
func removeStatement(f *checkFile, s ast.Stmt) edit {
	start, end := f.off(s.Pos()), f.off(s.End())
	for start > 0 && (f.src[start-1] == ' ' || f.src[start-1] == '\t') {
		start--
	}
	if end < len(f.src) && f.src[end] == '\n' {
		end++
	}
	return edit{start, end, ""}
}
