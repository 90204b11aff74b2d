package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

const (
	awsV2Retry     = "github.com/aws/aws-sdk-go-v2/aws/retry"
	awsV2RateLimit = "github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	// defaultRetryTimeout is guregu/dynamo v1's dynamo.RetryTimeout (retry.go).
	defaultRetryTimeout = time.Minute
)

// packageState is what the files of one package share while they are rewritten.
type packageState struct {
	// retryTimeout is dynamo.RetryTimeout as the package sets it (constant assignments, all equal),
	// else guregu v1's default; retryTimeoutSet says whether the package assigns it.
	retryTimeout    time.Duration
	retryTimeoutSet bool
	// retryTimeoutMixed is set when assignments differ or are not constant: no budget can be carried.
	retryTimeoutMixed bool
	// gureguNews counts dynamo.New / dynamo.NewFromIface calls: where the retryer can be carried.
	gureguNews int
	// usesGuregu is set when a file imports guregu/dynamo v1: the package's client moves to v2.
	usesGuregu bool
	// usesAttr is set when a file imports dynamodbattribute (it moves to attributevalue).
	usesAttr bool
	// v1Client is set when a file uses the aws-sdk-go v1 DynamoDB client: its items stay v1.
	v1Client bool
	// otherV1Services are the aws-sdk-go v1 service packages other than DynamoDB it imports.
	otherV1Services []string
}

// scanPackage fills the package state from every file before any of them is rewritten.
func scanPackage(l *Loaded) *packageState {
	p := &packageState{retryTimeout: defaultRetryTimeout}
	seen := map[string]bool{}
	for _, f := range l.Files {
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			p.usesGuregu = p.usesGuregu || path == gureguV1
			p.usesAttr = p.usesAttr || path == v1Attr
			p.v1Client = p.v1Client || path == v1DynamoDB && usesV1ClientType(l, f)
			const services = "github.com/aws/aws-sdk-go/service/"
			if rest := strings.TrimPrefix(path, services); rest != path && !strings.HasPrefix(rest, "dynamodb") && !seen[rest] {
				seen[rest] = true
				p.otherV1Services = append(p.otherV1Services, rest)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == 1 && len(n.Rhs) == 1 && isRetryTimeout(l, n.Lhs[0]) {
					d, ok := durationValue(l, n.Rhs[0])
					switch {
					case !ok || (p.retryTimeoutSet && d != p.retryTimeout):
						p.retryTimeoutMixed = true
					default:
						p.retryTimeout, p.retryTimeoutSet = d, true
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					if obj, ok := l.Info.Uses[sel.Sel].(*types.Func); ok && obj.Pkg() != nil && obj.Pkg().Path() == gureguV1 && (obj.Name() == "New" || obj.Name() == "NewFromIface") {
						p.gureguNews++
					}
				}
			}
			return true
		})
	}
	sort.Strings(p.otherV1Services)
	return p
}

// usesV1ClientType reports whether the file names *dynamodb.DynamoDB or dynamodbiface (a v1 client).
func usesV1ClientType(l *Loaded, f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if tn, ok := l.Info.Uses[id].(*types.TypeName); ok && tn.Pkg() != nil && (tn.Pkg().Path() == v1DynamoDB && tn.Name() == "DynamoDB" || tn.Pkg().Path() == v1DynamoDB+"/dynamodbiface") {
				found = true
			}
		}
		return !found
	})
	return found
}

// isRetryTimeout reports whether e is guregu/dynamo v1's dynamo.RetryTimeout.
func isRetryTimeout(l *Loaded, e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := l.Info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == gureguV1 && v.Name() == "RetryTimeout"
}

// durationValue is the value of a constant time.Duration expression.
func durationValue(l *Loaded, e ast.Expr) (time.Duration, bool) {
	tv := l.Info.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	n, ok := constant.Int64Val(tv.Value)
	return time.Duration(n), ok
}

// attemptsWithin is how many attempts aws-sdk-go-v2's standard retryer makes, under throttling,
// before their expected backoff passes d. Its i-th retry (0-based) waits b·min(2^i s, 20 s) with
// b uniform in [0, 1) (aws/retry/jitter_backoff.go, backoffDelay2026: a 1 s base for throttling
// errors, MaxBackoff 20 s), so the expected waits are 0.5, 1, 2, 4, 8, then 10 s each.
func attemptsWithin(d time.Duration) int {
	attempts, spent := 1, 0.0
	for i := 0; attempts < 1000; i++ {
		wait := 0.5 * math.Min(math.Pow(2, float64(i)), 20)
		if spent+wait > d.Seconds() {
			break
		}
		spent += wait
		attempts++
	}
	return attempts
}

// expectedBackoff is the expected total wait of attempts attempts under throttling (see attemptsWithin).
func expectedBackoff(attempts int) time.Duration {
	spent := 0.0
	for i := 0; i < attempts-1; i++ {
		spent += 0.5 * math.Min(math.Pow(2, float64(i)), 20)
	}
	return time.Duration(spent * float64(time.Second))
}

// retryOption is the config.LoadDefaultConfig option that carries guregu/dynamo v1's retry budget
// into aws-sdk-go-v2 (see the finding it adds at call), from the v1 config's MaxRetries (nil when
// unset) and the package's dynamo.RetryTimeout. ok is false when it cannot be carried (an error
// finding says why).
func (m *fileMigration) retryOption(call *ast.CallExpr, maxRetries *configField) (string, bool) {
	if m.pkg.retryTimeoutMixed {
		m.note(call, "error", "go-dynamo-retry", "dynamo.RetryTimeout is set to different or non-constant values in this package: the retry budget guregu/dynamo v1 spent cannot be carried into aws-sdk-go-v2's retryer. Set it once to a constant (or remove it), then migrate")
		return "", false
	}
	timeout := m.pkg.retryTimeout
	if timeout <= 0 {
		m.note(call, "error", "go-dynamo-retry", "dynamo.RetryTimeout = 0 made guregu/dynamo v1 retry throttling without a time limit; aws-sdk-go-v2's retryer counts attempts: choose a number (config.WithRetryMaxAttempts) by hand, then migrate")
		return "", false
	}
	count := attemptsWithin(timeout)
	attempts := fmt.Sprint(count)
	budget := fmt.Sprintf("until dynamo.RetryTimeout (%s) ran out", timeout)
	if maxRetries != nil {
		n, constant := m.intValue(maxRetries.value)
		switch {
		case constant && n >= 0:
			count = minInt((n+1)*(n+1), count)
			attempts = fmt.Sprint(count)
			budget = fmt.Sprintf("up to MaxRetries (%d) times, each attempt an aws-sdk-go v1 call with MaxRetries retries of its own, until dynamo.RetryTimeout (%s) ran out", n, timeout)
		case !constant:
			count = -1
			attempts = m.plusOne(*maxRetries)
			budget = "up to MaxRetries times (each attempt an aws-sdk-go v1 call with MaxRetries retries of its own) until dynamo.RetryTimeout ran out; carried: MaxRetries + 1 attempts"
		}
	}
	awsName := m.importName(awsV2, "aws", call.Pos())
	retryName := m.importName(awsV2Retry, "retry", call.Pos())
	limitName := m.importName(awsV2RateLimit, "ratelimit", call.Pos())
	expected := ""
	if count > 0 {
		expected = fmt.Sprintf(" (under throttling their expected backoff is %s: v2 waits up to 1 s, 2 s, 4 s … 20 s with jitter)", expectedBackoff(count).Round(100*time.Millisecond))
	}
	m.note(call, "warning", "go-dynamo-retry", fmt.Sprintf("retries: guregu/dynamo v1 retried throttling (ThrottlingException, ProvisionedThroughputExceededException) and HTTP 500/503 itself %s, on top of aws-sdk-go v1's own retries (10 for DynamoDB); guregu/dynamo v2 leaves retries to aws-sdk-go-v2, whose DynamoDB client makes 4 attempts by default. Carried: a standard retryer with %s attempts%s and no client-side retry quota (v1 had none; v2's token bucket stops retrying under sustained throttling, aws/aws-sdk-go-v2#1665). Calls given their own context were not bound by RetryTimeout in v1; they now stop after these attempts too", budget, attempts, expected))
	return fmt.Sprintf(cfgPkg+".WithRetryer(func() %s.Retryer {\nreturn %s.NewStandard(func(o *%s.StandardOptions) {\no.MaxAttempts = %s\no.RateLimiter = %s.None\n})\n})", awsName, retryName, retryName, attempts, limitName), true
}

// intValue is the constant value of an *int expression written aws.Int(n), or of n itself.
func (m *fileMigration) intValue(e ast.Expr) (int, bool) {
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if f := m.funcObj(c); f != nil && f.Pkg().Path() == awsV1 && f.Name() == "Int" {
			e = c.Args[0]
		}
	}
	if tv := m.l.Info.Types[e]; tv.Value != nil {
		if n, ok := constant.Int64Val(tv.Value); ok {
			return int(n), true
		}
	}
	return 0, false
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// retryTimeoutUse rewrites a use of dynamo.RetryTimeout: a statement assigning it a constant is
// removed (its budget goes into the retryer of the package's dynamo.New); any other use blocks.
func (m *fileMigration) retryTimeoutUse(sel *ast.SelectorExpr, assign *ast.AssignStmt) {
	if assign != nil && !m.pkg.retryTimeoutMixed && m.pkg.gureguNews > 0 && m.isBlockStatement(assign) {
		m.removeLine(assign.Pos(), assign.End())
		m.note(assign, "information", "go-dynamo-retry", fmt.Sprintf("dynamo.RetryTimeout is gone in guregu/dynamo v2: its budget (%s) is carried into the aws-sdk-go-v2 retryer built at dynamo.New (%d attempts)", m.pkg.retryTimeout, attemptsWithin(m.pkg.retryTimeout)))
		return
	}
	why := "it is read here"
	if assign != nil {
		why = "this package builds no dynamo.DB (dynamo.New) to carry it into"
		if m.pkg.retryTimeoutMixed {
			why = "it is set to different or non-constant values in this package"
		}
	}
	m.note(sel, "error", "go-dynamo-retry", "dynamo.RetryTimeout is gone in guregu/dynamo v2 (retries follow the aws.Config retryer: config.WithRetryMaxAttempts / config.WithRetryer) and cannot be carried automatically: "+why+". Remove it by hand, then migrate")
}
