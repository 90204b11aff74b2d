package main

// Checks of how DynamoDB calls are made: deadlines shorter than a handshake plus a request,
// fewer retries than the SDK's default, throttling recognised by
// ProvisionedThroughputExceededException alone, batch results whose unprocessed items are
// never read.

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// checkTimeouts: `ctx, cancel := context.WithTimeout(parent, 30*time.Millisecond)` whose ctx is
// passed to a DynamoDB call of the same function.
func (p *pkgCheck) checkTimeouts(f *checkFile) {
	funcBodies(f.file, func(fn ast.Node, body *ast.BlockStmt) {
		short := map[string]*ast.CallExpr{}
		ms := map[*ast.CallExpr]float64{}
		ast.Inspect(body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && lit != fn {
				return false
			}
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
				return true
			}
			call, ok := as.Rhs[0].(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			var d float64
			var known bool
			switch {
			case f.isPkgFunc(call, pathContext, "WithTimeout"):
				d, known = p.durationMs(f, call.Args[1])
			case f.isPkgFunc(call, pathContext, "WithDeadline"):
				// time.Now().Add(D)
				if add, ok := call.Args[1].(*ast.CallExpr); ok && len(add.Args) == 1 {
					if sel, ok := add.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Add" {
						d, known = p.durationMs(f, add.Args[0])
					}
				}
			}
			if id, ok := as.Lhs[0].(*ast.Ident); ok && known && d < float64(p.req.MinTimeoutMs) {
				short[id.Name] = call
				ms[call] = d
			}
			return true
		})
		if len(short) == 0 {
			return
		}
		reported := map[*ast.CallExpr]bool{}
		ast.Inspect(body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			arg, ok := isDynamoCall(call)
			id, isIdent := arg.(*ast.Ident)
			if !ok || !isIdent {
				return true
			}
			timeout := short[id.Name]
			if timeout == nil || reported[timeout] {
				return true
			}
			reported[timeout] = true
			p.add(f, timeout, "short-call-timeout",
				fmt.Sprintf("a %s deadline around %s: shorter than a TLS handshake plus a request", formatMs(ms[timeout]), f.text(call.Fun)),
				"When the deadline passes while the request is in flight, Go closes that connection (persistConn.close), so the next call — a retry above all — dials and pays a full TLS handshake, which DynamoDB does not shorten by resuming sessions across its hosts. Seed 002 measured handshakes over 100 ms: with a 30 ms deadline a slow call turned into a chain of new connections, each timing out again, and the pool never kept them.",
				fmt.Sprintf("Allow at least a handshake plus a request (≥ %d ms; the seed settled on 70 ms and still lost calls whose handshake took 100 ms), or leave slow calls to the SDK's retryer.", p.req.MinTimeoutMs),
				nil)
			return true
		})
	})
}

func formatMs(ms float64) string {
	if ms == float64(int64(ms)) {
		return fmt.Sprintf("%d ms", int64(ms))
	}
	return fmt.Sprintf("%.2g ms", ms)
}

// checkRetries: a DynamoDB client configured with fewer attempts than its SDK's default (aws-sdk-go
// v1: 10 retries for DynamoDB; aws-sdk-go-v2: 3 attempts), or with no retryer at all.
func (p *pkgCheck) checkRetries(f *checkFile) {
	funcBodies(f.file, func(fn ast.Node, body *ast.BlockStmt) {
		defs := definitions(body)
		ast.Inspect(body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && lit != fn {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch {
			case f.isPkgFunc(call, pathV1DynamoDB, "New") && len(call.Args) >= 1:
				configs := append([]ast.Expr(nil), call.Args[1:]...)
				configs = append(configs, p.sessionConfigs(f, call.Args[0], defs)...)
				for _, c := range configs {
					for _, value := range p.resolveAll(c, defs) {
						p.v1Retries(f, value)
					}
				}
			case f.isPkgFunc(call, pathV2DynamoDB, "NewFromConfig", "New") && len(call.Args) >= 1:
				for _, a := range call.Args {
					for _, value := range p.resolveAll(a, defs) {
						p.v2Retries(f, value, defs)
					}
				}
				// cfg.RetryMaxAttempts = 1 / cfg.Retryer = … set on the config variable before the call
				if id, ok := call.Args[0].(*ast.Ident); ok {
					p.v2Retries(f, fieldAssignments(body, id.Name), defs)
				}
			}
			return true
		})
	})
}

// fieldAssignments is a block of the statements of body assigning a field of variable name (`name.X = …`).
func fieldAssignments(body *ast.BlockStmt, name string) *ast.BlockStmt {
	out := &ast.BlockStmt{}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
			if sel, ok := as.Lhs[0].(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == name {
					out.List = append(out.List, as)
				}
			}
		}
		return true
	})
	return out
}

// sessionConfigs are the aws.Config arguments of the session e comes from (session.Must included).
func (p *pkgCheck) sessionConfigs(f *checkFile, e ast.Expr, defs map[string][]ast.Expr) []ast.Expr {
	e = p.resolve(e, defs)
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	if f.isPkgFunc(call, pathV1Session, "Must") && len(call.Args) == 1 {
		return p.sessionConfigs(f, call.Args[0], defs)
	}
	if f.isPkgFunc(call, pathV1Session, "NewSession", "New") {
		return call.Args
	}
	if f.isPkgFunc(call, pathV1Session, "NewSessionWithOptions") && len(call.Args) == 1 {
		if opts := literalOf(p.resolve(call.Args[0], defs)); opts != nil {
			if kv := keyValue(opts, "Config"); kv != nil {
				return []ast.Expr{kv.Value}
			}
		}
	}
	return nil
}

const v1DynamoRetries = 10
const v2Attempts = 3

func (p *pkgCheck) v1Retries(f *checkFile, e ast.Expr) {
	reason := "aws-sdk-go v1 retries DynamoDB calls 10 times by default (service/dynamodb/customizations.go; the SDK-wide default is 3): DynamoDB refuses work past capacity with ThrottlingException (on-demand tables, HTTP 400, within seconds of a burst) or ProvisionedThroughputExceededException, and each retry the default would have made is a call that now fails."
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && (k.Name == "MaxRetries" || k.Name == "NumMaxRetries") {
				if v, ok := p.intValue(n.Value); ok && v >= 0 && v < v1DynamoRetries {
					p.retryFinding(f, n.Value, v, fmt.Sprintf("%s %d on a DynamoDB client: fewer retries than aws-sdk-go v1's DynamoDB default of 10", k.Name, v), reason, v1DynamoRetries)
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "WithMaxRetries" && len(n.Args) == 1 {
				if v, ok := p.intValue(n.Args[0]); ok && v >= 0 && v < v1DynamoRetries {
					p.retryFinding(f, n.Args[0], v, fmt.Sprintf("WithMaxRetries(%d) on a DynamoDB client: fewer retries than aws-sdk-go v1's DynamoDB default of 10", v), reason, v1DynamoRetries)
				}
			}
		}
		return true
	})
}

// v2Retries looks into an argument of dynamodb.NewFromConfig: the config (its literal, or the
// options of config.LoadDefaultConfig) and option functions.
func (p *pkgCheck) v2Retries(f *checkFile, e ast.Node, defs map[string][]ast.Expr) {
	reason := "aws-sdk-go-v2's standard retryer makes 3 attempts (RetryMaxAttempts counts attempts, not retries): DynamoDB refuses work past capacity with ThrottlingException (on-demand tables, HTTP 400, within seconds of a burst), and each attempt the default would have made is a call that now fails."
	_ = defs
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && k.Name == "RetryMaxAttempts" {
				if v, ok := p.intValue(n.Value); ok && v > 0 && v < v2Attempts {
					p.retryFinding(f, n.Value, v, fmt.Sprintf("RetryMaxAttempts %d on a DynamoDB client: fewer attempts than aws-sdk-go-v2's default of 3", v), reason, v2Attempts)
				}
			}
		case *ast.AssignStmt:
			if sel, ok := n.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "RetryMaxAttempts" && len(n.Rhs) == 1 {
				if v, ok := p.intValue(n.Rhs[0]); ok && v > 0 && v < v2Attempts {
					p.retryFinding(f, n.Rhs[0], v, fmt.Sprintf("RetryMaxAttempts = %d on a DynamoDB client: fewer attempts than aws-sdk-go-v2's default of 3", v), reason, v2Attempts)
				}
			}
		case *ast.CallExpr:
			switch {
			case f.isPkgFunc(n, pathV2Config, "WithRetryMaxAttempts") && len(n.Args) == 1:
				if v, ok := p.intValue(n.Args[0]); ok && v > 0 && v < v2Attempts {
					p.retryFinding(f, n.Args[0], v, fmt.Sprintf("config.WithRetryMaxAttempts(%d) for a DynamoDB client: fewer attempts than aws-sdk-go-v2's default of 3", v), reason, v2Attempts)
				}
			case f.isPkgFunc(n, pathV2Retry, "AddWithMaxAttempts") && len(n.Args) == 2:
				if v, ok := p.intValue(n.Args[1]); ok && v > 0 && v < v2Attempts {
					p.retryFinding(f, n.Args[1], v, fmt.Sprintf("retry.AddWithMaxAttempts(…, %d) on a DynamoDB client: fewer attempts than aws-sdk-go-v2's default of 3", v), reason, v2Attempts)
				}
			}
		case *ast.CompositeLit:
			if f.isPkgType(n.Type, pathV2Aws, "NopRetryer") {
				p.add(f, n, "retries-below-default", "aws.NopRetryer on a DynamoDB client: no call is ever retried", reason, "Use the default retryer (drop the Retryer option), or retry.NewStandard / retry.NewAdaptiveMode, which also slows down under throttling.", nil)
			}
		}
		return true
	})
}

func (p *pkgCheck) retryFinding(f *checkFile, value ast.Expr, v int64, message, reason string, def int) {
	p.add(f, value, "retries-below-default", message, reason,
		fmt.Sprintf("Keep the SDK's default (%d) or more for DynamoDB; under sustained throttling, the adaptive retry mode also slows the client down.", def),
		f.quickFix(fmt.Sprintf("Use the SDK's default: %d", def), edit{f.off(value.Pos()), f.off(value.End()), replaceInt(f.text(value), v, def)}))
}

// replaceInt replaces the literal v inside text (`aws.Int(2)` → `aws.Int(10)`).
func replaceInt(text string, v int64, by int) string {
	s := fmt.Sprint(v)
	if i := strings.LastIndex(text, s); i >= 0 {
		return text[:i] + fmt.Sprint(by) + text[i+len(s):]
	}
	return fmt.Sprint(by)
}

// checkThrottling: ProvisionedThroughputExceededException treated as the throttling error, in a
// function that never names ThrottlingException (or another throttling test).
func (p *pkgCheck) checkThrottling(f *checkFile) {
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		var refs []ast.Expr
		mentions := false
		parents := map[ast.Node]ast.Node{}
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if len(stack) > 0 {
				parents[n] = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.Ident:
				// Retryable: aws-sdk-go v1 sets a request's Retryable from its retryer, which counts every
				// throttling code (request.IsErrorThrottle): a test of it covers ThrottlingException.
				if strings.Contains(strings.ToLower(n.Name), "throttl") || n.Name == "Retryable" {
					mentions = true
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if strings.Contains(n.Value, "Throttling") {
						mentions = true
					}
					// Kinesis throttles with ProvisionedThroughputExceededException alone: a string in a file using it may be Kinesis's.
					if n.Value == `"ProvisionedThroughputExceededException"` && !f.usesKinesis() {
						refs = append(refs, n)
					}
				}
			case *ast.SelectorExpr:
				if f.isPkgSel(n, pathV1DynamoDB, "ErrCodeProvisionedThroughputExceededException") || f.isPkgSel(n, pathV2Types, "ProvisionedThroughputExceededException") {
					refs = append(refs, n)
				}
			}
			return true
		})
		if mentions {
			continue
		}
		refs = f.testedRefs(refs, parents)
		// One finding per function: its first reference (the others are the same test).
		if len(refs) > 1 {
			refs = refs[:1]
		}
		for _, ref := range refs {
			p.add(f, ref, "throttling-pte-only",
				"throttling recognised by ProvisionedThroughputExceededException alone: on-demand tables throttle with ThrottlingException",
				"A table in on-demand mode refuses writes past its capacity (a new table: ~4,000/s) with ThrottlingException, HTTP 400 — not ProvisionedThroughputExceededException, which only provisioned capacity answers. Code that treats only the latter as throttling handles on-demand throttling as a hard failure.",
				"Treat ThrottlingException the same way (and RequestLimitExceeded where it applies), or use the SDK's own test (aws-sdk-go v1 request.IsErrorThrottle, aws-sdk-go-v2 retry.IsErrorThrottles).",
				p.throttlingFix(f, ref, parents))
		}
	}
}

// throttlingFix: `case X:` → `case X, "ThrottlingException":`; `c == X` → `(c == X || c == "ThrottlingException")`.
func (p *pkgCheck) throttlingFix(f *checkFile, ref ast.Expr, parents map[ast.Node]ast.Node) *CheckQuickFix {
	if sel, ok := ref.(*ast.SelectorExpr); ok && f.isPkgSel(sel, pathV2Types) {
		return nil // a type: ThrottlingException's own type depends on the SDK version
	}
	switch parent := parents[ref].(type) {
	case *ast.CaseClause:
		end := f.off(ref.End())
		return f.quickFix("Also handle ThrottlingException", edit{end, end, `, "ThrottlingException"`})
	case *ast.BinaryExpr:
		if parent.Op != token.EQL {
			return nil
		}
		other := parent.X
		if other == ref {
			other = parent.Y
		}
		switch other.(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr:
		default:
			return nil
		}
		text := fmt.Sprintf("(%s || %s == %q)", f.text(parent), f.text(other), "ThrottlingException")
		return f.quickFix("Also handle ThrottlingException", edit{f.off(parent.Pos()), f.off(parent.End()), text})
	}
	return nil
}

// testedRefs keeps the references that test an error, leaving out those that make one — the
// argument of awserr.New (a fake or a wrapper answering throttling) or the type of a literal
// (&types.ProvisionedThroughputExceededException{…}).
func (f *checkFile) testedRefs(refs []ast.Expr, parents map[ast.Node]ast.Node) []ast.Expr {
	var out []ast.Expr
	for _, ref := range refs {
		switch parent := parents[ref].(type) {
		case *ast.CallExpr:
			if f.isPkgFunc(parent, "github.com/aws/aws-sdk-go/aws/awserr", "New", "NewRequestFailure", "NewBatchError") {
				continue
			}
		case *ast.CompositeLit:
			if parent.Type == ref {
				continue
			}
		}
		out = append(out, ref)
	}
	return out
}

// usesKinesis reports whether f imports a Kinesis client (v1 or v2).
func (f *checkFile) usesKinesis() bool {
	for path := range f.imports {
		if strings.HasSuffix(path, "/service/kinesis") {
			return true
		}
	}
	return false
}

// checkUnprocessed: a BatchWriteItem / BatchGetItem result whose UnprocessedItems / UnprocessedKeys
// is never read (the result dropped, or a variable never asked for it and not passed on).
func (p *pkgCheck) checkUnprocessed(f *checkFile) {
	funcBodies(f.file, func(fn ast.Node, body *ast.BlockStmt) {
		var stack []ast.Node
		ast.Inspect(body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if lit, ok := n.(*ast.FuncLit); ok && lit != fn {
				return false
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			operation := strings.TrimSuffix(sel.Sel.Name, "WithContext")
			if operation != "BatchWriteItem" && operation != "BatchGetItem" {
				return true
			}
			fieldName := "UnprocessedItems"
			if operation == "BatchGetItem" {
				fieldName = "UnprocessedKeys"
			}
			parent := stack[len(stack)-2]
			result := ""
			switch parent := parent.(type) {
			case *ast.ExprStmt:
				result = "_"
			case *ast.AssignStmt:
				if len(parent.Rhs) == 1 && parent.Rhs[0] == call {
					if id, ok := parent.Lhs[0].(*ast.Ident); ok {
						result = id.Name
					}
				}
			}
			if result == "" || (result != "_" && readsOrPasses(body, result, fieldName)) {
				return true
			}
			p.add(f, call, "unprocessed-not-read",
				fmt.Sprintf("%s's %s is never read: items DynamoDB did not process are dropped", operation, fieldName),
				fmt.Sprintf("Under throttling %s answers part of a batch with %s instead of an error: those items were not written (or read) and are lost unless sent again.", operation, fieldName),
				fmt.Sprintf("Send %s again, with exponential back-off, until it is empty (guregu/dynamo's Batch does this for you).", fieldName),
				nil)
			return true
		})
	})
}

// readsOrPasses reports whether body reads name.field, or hands name on (returns it, passes it to
// a call, stores it): then someone else may read it.
func readsOrPasses(body *ast.BlockStmt, name, fieldName string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Name == name && n.Sel.Name == fieldName {
				found = true
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if id, ok := r.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if id, ok := a.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				if id, ok := r.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		case *ast.CompositeLit:
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				if id, ok := el.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return true
	})
	return found
}
