package main

// `gohelper check`: the connection and throttling code checks of Go packages (`dynamo-hotpath
// check`, and the editor's diagnostics). Syntax only (go/parser, go/ast): SDK functions are
// recognised through each file's imports, values are followed within a function, so nothing of
// the module is built or run. A separate command (argv "check", a JSON request on stdin) beside
// the migration's requests.

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strconv"
	"strings"
)

// CheckRequest is what `gohelper check` reads on stdin.
type CheckRequest struct {
	Packages []Package `json:"packages"`
	// MinIdleConns: a transport keeping fewer idle connections per host than this is flagged.
	MinIdleConns int `json:"minIdleConns"`
	// MinTimeoutMs: a deadline around a DynamoDB call shorter than this is flagged.
	MinTimeoutMs int `json:"minTimeoutMs"`
	// Overlay: file path → text to check instead of the file on disk (the editor's unsaved buffers).
	Overlay map[string]string `json:"overlay,omitempty"`
}

// CheckEdit replaces File[Offset:End] (bytes) with Text.
type CheckEdit struct {
	File   string `json:"file"`
	Offset int    `json:"offset"`
	End    int    `json:"end"`
	Text   string `json:"text"`
}

// CheckQuickFix is a fix safe to apply as it is.
type CheckQuickFix struct {
	Title string      `json:"title"`
	Edits []CheckEdit `json:"edits"`
}

// CheckFinding is one finding at File[Offset:End] (bytes).
type CheckFinding struct {
	File     string         `json:"file"`
	Offset   int            `json:"offset"`
	End      int            `json:"end"`
	Code     string         `json:"code"`
	Severity string         `json:"severity"`
	Message  string         `json:"message"`
	Reason   string         `json:"reason"`
	Fix      string         `json:"fix"`
	QuickFix *CheckQuickFix `json:"quickFix,omitempty"`
}

// CheckAnswer is what `gohelper check` writes on stdout.
type CheckAnswer struct {
	Findings []CheckFinding `json:"findings"`
	// Problems: files that could not be read or parsed (not checked).
	Problems []string `json:"problems"`
}

func init() {
	if len(os.Args) == 2 && os.Args[1] == "check" {
		var req CheckRequest
		if err := json.NewDecoder(os.Stdin).Decode(&req); err != nil {
			fail(fmt.Errorf("reading the check request: %w", err))
		}
		if err := json.NewEncoder(os.Stdout).Encode(check(req)); err != nil {
			fail(err)
		}
		os.Exit(0)
	}
}

const (
	pathV1DynamoDB = "github.com/aws/aws-sdk-go/service/dynamodb"
	pathV1Session  = "github.com/aws/aws-sdk-go/aws/session"
	pathV1Aws      = "github.com/aws/aws-sdk-go/aws"
	pathV1Client   = "github.com/aws/aws-sdk-go/aws/client"
	pathLambda     = "github.com/aws/aws-lambda-go/lambda"
	pathV2DynamoDB = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	pathV2Config   = "github.com/aws/aws-sdk-go-v2/config"
	pathV2Aws      = "github.com/aws/aws-sdk-go-v2/aws"
	pathV2Retry    = "github.com/aws/aws-sdk-go-v2/aws/retry"
	pathV2Types    = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	pathGuregu1    = "github.com/guregu/dynamo"
	pathGuregu2    = "github.com/guregu/dynamo/v2"
	pathNetHTTP    = "net/http"
	pathContext    = "context"
	pathTime       = "time"
)

// checkFile is one parsed file and the local names of its imports.
type checkFile struct {
	fset    *token.FileSet
	name    string
	file    *ast.File
	src     []byte
	imports map[string]string // import path → local name
}

// pkgCheck is the state of checking one package.
type pkgCheck struct {
	req      CheckRequest
	files    []*checkFile
	findings []CheckFinding
	// usesDynamo: some file imports a DynamoDB client (aws-sdk-go v1/v2 dynamodb, guregu/dynamo).
	usesDynamo bool
	// concurrent: the package, or one that imports it, shows that calls may run at once (see
	// concurrencyEvidence, spreadConcurrency); an idle pool of 2 is only a problem then.
	concurrent bool
	dir        string
	// funcs: the package's functions by name, to follow a value one call deep.
	funcs map[string]*ast.FuncDecl
	// consts: the package's constant values, by name; vars: its package-level variables' values.
	consts map[string]ast.Expr
	vars   map[string]ast.Expr
}

// sourceOf is the text of name to check: the request's overlay when it holds the file, else the file on disk.
func sourceOf(req CheckRequest, name string) ([]byte, error) {
	if text, ok := req.Overlay[name]; ok {
		return []byte(text), nil
	}
	return os.ReadFile(name)
}

func check(req CheckRequest) CheckAnswer {
	if req.MinIdleConns <= 0 {
		req.MinIdleConns = 10
	}
	if req.MinTimeoutMs <= 0 {
		req.MinTimeoutMs = 100
	}
	answer := CheckAnswer{Findings: []CheckFinding{}, Problems: []string{}}
	var checks []*pkgCheck
	for _, pkg := range req.Packages {
		p := &pkgCheck{req: req, funcs: map[string]*ast.FuncDecl{}, consts: map[string]ast.Expr{}, vars: map[string]ast.Expr{}}
		fset := token.NewFileSet()
		names := append([]string(nil), pkg.Files...)
		sort.Strings(names)
		for _, name := range names {
			src, err := sourceOf(req, name)
			if err != nil {
				answer.Problems = append(answer.Problems, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
			if err != nil {
				answer.Problems = append(answer.Problems, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			cf := &checkFile{fset: fset, name: name, file: f, src: src, imports: map[string]string{}}
			for _, s := range f.Imports {
				path, _ := strconv.Unquote(s.Path.Value)
				local := defaultName(strings.TrimSuffix(path, "/v2"))
				if s.Name != nil {
					local = s.Name.Name
				}
				cf.imports[path] = local
				switch path {
				case pathV1DynamoDB, pathV2DynamoDB, pathGuregu1, pathGuregu2:
					p.usesDynamo = true
				}
			}
			p.files = append(p.files, cf)
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						p.funcs[d.Name.Name] = d
					}
				case *ast.GenDecl:
					if d.Tok == token.CONST || d.Tok == token.VAR {
						into := p.consts
						if d.Tok == token.VAR {
							into = p.vars
						}
						for _, s := range d.Specs {
							vs := s.(*ast.ValueSpec)
							for i, n := range vs.Names {
								if i < len(vs.Values) {
									into[n.Name] = vs.Values[i]
								}
							}
						}
					}
				}
			}
		}
		p.dir = pkg.Dir
		checks = append(checks, p)
		for _, f := range p.files {
			p.concurrent = p.concurrent || concurrencyEvidence(f)
		}
	}
	spreadConcurrency(checks)
	for _, p := range checks {
		if !p.usesDynamo {
			continue
		}
		p.concurrent = p.concurrent && !p.lambda()
		for _, f := range p.files {
			p.checkClientsPerRequest(f)
			p.checkHTTPClients(f)
			p.checkTimeouts(f)
			p.checkRetries(f)
			p.checkThrottling(f)
			p.checkUnprocessed(f)
		}
		answer.Findings = append(answer.Findings, p.findings...)
	}
	return answer
}

// spreadConcurrency marks the packages imported (directly or not) by a concurrent package as
// concurrent too: a repository package is called from the server's goroutines. An import path is
// matched to a package by the last two elements of its folder (the module path is not known here).
func spreadConcurrency(checks []*pkgCheck) {
	byTail := map[string][]*pkgCheck{}
	tail := func(path string) string {
		parts := strings.Split(strings.TrimRight(path, "/"), "/")
		if len(parts) > 2 {
			parts = parts[len(parts)-2:]
		}
		return strings.Join(parts, "/")
	}
	for _, p := range checks {
		byTail[tail(p.dir)] = append(byTail[tail(p.dir)], p)
	}
	queue := []*pkgCheck{}
	for _, p := range checks {
		if p.concurrent {
			queue = append(queue, p)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, f := range p.files {
			for path := range f.imports {
				for _, q := range byTail[tail(path)] {
					if !q.concurrent {
						q.concurrent = true
						queue = append(queue, q)
					}
				}
			}
		}
	}
}

// concurrencyEvidence reports whether f shows that calls may run at once: it starts goroutines,
// serves HTTP or gRPC, or has an HTTP (net/http, gin, echo, fiber) handler. A command that calls DynamoDB one call after the
// other never needs more than one idle connection.
func concurrencyEvidence(f *checkFile) bool {
	found := false
	ast.Inspect(f.file, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt:
			found = true
		case *ast.CallExpr:
			if f.isPkgFunc(n, pathNetHTTP, "ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS", "HandleFunc", "Handle") || f.isPkgFunc(n, "google.golang.org/grpc", "NewServer") {
				found = true
			}
		case *ast.FuncType:
			writer, request := false, false
			for _, p := range n.Params.List {
				writer = writer || f.isPkgType(p.Type, pathNetHTTP, "ResponseWriter")
				request = request || f.isPkgType(p.Type, pathNetHTTP, "Request")
				// gin, echo and fiber run each request on its own goroutine too.
				if f.isPkgType(p.Type, "github.com/gin-gonic/gin", "Context") || f.isPkgType(p.Type, "github.com/labstack/echo/v4", "Context") || f.isPkgType(p.Type, "github.com/gofiber/fiber/v2", "Ctx") {
					found = true
				}
			}
			found = found || (writer && request)
		}
		return true
	})
	return found
}

// lambda reports whether the package calls lambda.Start (whatever the handler: a function, or
// an http.Handler wrapped into one): one invocation at a time per instance, so one idle
// connection is enough.
func (p *pkgCheck) lambda() bool {
	for _, f := range p.files {
		starts := false
		ast.Inspect(f.file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && f.isPkgFunc(call, pathLambda, lambdaStarts...) {
				starts = true
			}
			return !starts
		})
		if starts {
			return true
		}
	}
	return false
}

// add records a finding at node n of file f, once (a value reached from two clients is one finding).
func (p *pkgCheck) add(f *checkFile, n ast.Node, code, message, reason, fix string, quick *CheckQuickFix) {
	for _, known := range p.findings {
		if known.File == f.name && known.Offset == f.off(n.Pos()) && known.Code == code {
			return
		}
	}
	p.findings = append(p.findings, CheckFinding{File: f.name, Offset: f.off(n.Pos()), End: f.off(n.End()), Code: code, Severity: "warning", Message: message, Reason: reason, Fix: fix, QuickFix: quick})
}

func (f *checkFile) off(p token.Pos) int { return f.fset.Position(p).Offset }

func (f *checkFile) text(n ast.Node) string { return string(f.src[f.off(n.Pos()):f.off(n.End())]) }

// isPkgFunc reports whether call calls path.<one of names> through the file's import of path.
func (f *checkFile) isPkgFunc(call *ast.CallExpr, path string, names ...string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	return f.isPkgSel(sel, path, names...)
}

// isPkgSel reports whether sel is path.<one of names>.
func (f *checkFile) isPkgSel(sel *ast.SelectorExpr, path string, names ...string) bool {
	x, ok := sel.X.(*ast.Ident)
	local, imported := f.imports[path]
	if !ok || !imported || x.Name != local || x.Obj != nil {
		return false
	}
	for _, n := range names {
		if sel.Sel.Name == n {
			return true
		}
	}
	return len(names) == 0
}

// isPkgType reports whether e is path.name or &path.name{…}'s type (composite literal type).
func (f *checkFile) isPkgType(e ast.Expr, path, name string) bool {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && f.isPkgSel(sel, path, name)
}

// literalOf returns the composite literal of e (`T{…}` or `&T{…}`), or nil.
func literalOf(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	if p, ok := e.(*ast.ParenExpr); ok {
		return literalOf(p.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// keyValue returns the key-value element of lit whose key is name, or nil.
func keyValue(lit *ast.CompositeLit, name string) *ast.KeyValueExpr {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
				return kv
			}
		}
	}
	return nil
}

// funcBodies calls visit with every function body of f (declarations and literals), innermost
// last, and first with the package-level variable declarations as one body (their values are
// code that runs too: `var db = dynamodb.New(session.Must(session.NewSession()))`).
func funcBodies(f *ast.File, visit func(fn ast.Node, body *ast.BlockStmt)) {
	top := &ast.BlockStmt{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			top.List = append(top.List, &ast.DeclStmt{Decl: g})
		}
	}
	if len(top.List) > 0 {
		visit(top, top)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				visit(n, n.Body)
			}
		case *ast.FuncLit:
			visit(n, n.Body)
		}
		return true
	})
}

// definitions maps the identifiers assigned in body (`x := e`, `x = e`, `var x = e`) to every
// value they are given, in order, not looking into nested function literals.
func definitions(body *ast.BlockStmt) map[string][]ast.Expr {
	defs := map[string][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						defs[id.Name] = append(defs[id.Name], n.Rhs[i])
					}
				}
			} else if len(n.Rhs) == 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					defs[id.Name] = append(defs[id.Name], n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i < len(n.Values) {
					defs[id.Name] = append(defs[id.Name], n.Values[i])
				}
			}
		}
		return true
	})
	return defs
}

// resolveAll follows identifiers through defs (every value they are given) and package-level
// variables, and `pkgFunc()` calls of the package returning one value; returns the expressions
// that may make the value (e itself when nothing is known of it).
func (p *pkgCheck) resolveAll(e ast.Expr, defs map[string][]ast.Expr) []ast.Expr {
	return p.resolveDepth(e, defs, 4)
}

func (p *pkgCheck) resolveDepth(e ast.Expr, defs map[string][]ast.Expr, depth int) []ast.Expr {
	if depth == 0 {
		return []ast.Expr{e}
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return p.resolveDepth(x.X, defs, depth)
	case *ast.Ident:
		values := defs[x.Name]
		if len(values) == 0 {
			if v, ok := p.vars[x.Name]; ok {
				values = []ast.Expr{v}
			}
		}
		var out []ast.Expr
		for _, v := range values {
			if v != e {
				out = append(out, p.resolveDepth(v, defs, depth-1)...)
			}
		}
		if len(out) > 0 {
			return out
		}
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok {
			if fd := p.funcs[id.Name]; fd != nil && fd.Body != nil {
				if r := singleReturn(fd.Body); r != nil {
					return p.resolveDepth(r, definitions(fd.Body), depth-1)
				}
			}
		}
	}
	return []ast.Expr{e}
}

// resolve is the last of {@link resolveAll}'s values.
func (p *pkgCheck) resolve(e ast.Expr, defs map[string][]ast.Expr) ast.Expr {
	all := p.resolveAll(e, defs)
	return all[len(all)-1]
}

// singleReturn is the value of a function whose returns all return one expression (the last one seen).
func singleReturn(body *ast.BlockStmt) ast.Expr {
	var out ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) >= 1 {
			out = r.Results[0]
		}
		return true
	})
	return out
}

// intValue is the integer value of a literal or a constant of the package, if it has one.
func (p *pkgCheck) intValue(e ast.Expr) (int64, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.INT {
			v, err := strconv.ParseInt(x.Value, 0, 64)
			return v, err == nil
		}
	case *ast.ParenExpr:
		return p.intValue(x.X)
	case *ast.Ident:
		if c, ok := p.consts[x.Name]; ok && c != e {
			return p.intValue(c)
		}
	case *ast.CallExpr:
		// aws.Int(3), int32(3), aws.Int32(3), time.Duration(30)
		if len(x.Args) == 1 {
			return p.intValue(x.Args[0])
		}
	}
	return 0, false
}

// durationMs is the value in milliseconds of a constant duration expression (30*time.Millisecond,
// time.Second/10, time.Duration(n)*time.Millisecond, a constant of the package), if it has one.
func (p *pkgCheck) durationMs(f *checkFile, e ast.Expr) (float64, bool) {
	units := map[string]float64{"Nanosecond": 1e-6, "Microsecond": 1e-3, "Millisecond": 1, "Second": 1e3, "Minute": 6e4, "Hour": 3.6e6}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return p.durationMs(f, x.X)
	case *ast.SelectorExpr:
		if f.isPkgSel(x, pathTime) {
			v, ok := units[x.Sel.Name]
			return v, ok
		}
	case *ast.Ident:
		if c, ok := p.consts[x.Name]; ok && c != e {
			return p.durationMs(f, c)
		}
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && f.isPkgSel(sel, pathTime, "Duration") && len(x.Args) == 1 {
			if v, ok := p.intValue(x.Args[0]); ok {
				return float64(v) * 1e-6, true
			}
		}
	case *ast.BinaryExpr:
		l, lok := p.durationMs(f, x.X)
		r, rok := p.durationMs(f, x.Y)
		li, liok := p.intValue(x.X)
		ri, riok := p.intValue(x.Y)
		switch x.Op {
		case token.MUL:
			if lok && riok {
				return l * float64(ri), true
			}
			if liok && rok {
				return float64(li) * r, true
			}
		case token.QUO:
			if lok && riok && ri != 0 {
				return l / float64(ri), true
			}
		case token.ADD:
			if lok && rok {
				return l + r, true
			}
		}
	}
	return 0, false
}

// quickFix returns a fix of edits to f, or nil when the edited file does not parse.
func (f *checkFile) quickFix(title string, edits ...edit) *CheckQuickFix {
	fe := &fileEdits{fset: f.fset, src: f.src, edits: append([]edit(nil), edits...)}
	if _, err := fe.apply(); err != nil {
		return nil
	}
	out := &CheckQuickFix{Title: title}
	for _, e := range edits {
		out.Edits = append(out.Edits, CheckEdit{File: f.name, Offset: e.start, End: e.end, Text: e.text})
	}
	return out
}

// importEdit returns the edit adding `import "path"` to f, or nil when f imports it already.
func (f *checkFile) importEdit(path string) *edit {
	if _, ok := f.imports[path]; ok {
		return nil
	}
	for _, d := range f.file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			if g.Lparen.IsValid() {
				return &edit{f.off(g.Lparen) + 1, f.off(g.Lparen) + 1, "\n\t" + strconv.Quote(path)}
			}
			return &edit{f.off(g.Pos()), f.off(g.Pos()), "import " + strconv.Quote(path) + "\n"}
		}
	}
	at := f.off(f.file.Name.End())
	return &edit{at, at, "\n\nimport " + strconv.Quote(path)}
}

// dynamoOperations are the DynamoDB API operations a data-plane call names.
var dynamoOperations = map[string]bool{
	"GetItem": true, "PutItem": true, "UpdateItem": true, "DeleteItem": true, "Query": true, "Scan": true,
	"BatchGetItem": true, "BatchWriteItem": true, "TransactGetItems": true, "TransactWriteItems": true,
	"ExecuteStatement": true, "BatchExecuteStatement": true, "ExecuteTransaction": true,
}

// isDynamoCall reports whether call is a DynamoDB operation (`svc.GetItemWithContext(ctx, …)` of
// aws-sdk-go v1, `client.GetItem(ctx, …)` of v2) or a guregu/dynamo run with a context, and
// returns its context argument.
func isDynamoCall(call *ast.CallExpr) (ast.Expr, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 {
		return nil, false
	}
	name := sel.Sel.Name
	if dynamoOperations[strings.TrimSuffix(name, "WithContext")] || dynamoOperations[strings.TrimSuffix(name, "PagesWithContext")] {
		return call.Args[0], true
	}
	switch name {
	case "RunWithContext", "OneWithContext", "AllWithContext", "CountWithContext":
		return call.Args[0], true
	}
	return nil, false
}
