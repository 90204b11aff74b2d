package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

const (
	awsV1Session     = "github.com/aws/aws-sdk-go/aws/session"
	awsV1            = "github.com/aws/aws-sdk-go/aws"
	awsV1Credentials = "github.com/aws/aws-sdk-go/aws/credentials"
	awsV2            = "github.com/aws/aws-sdk-go-v2/aws"
	awsV2Config      = "github.com/aws/aws-sdk-go-v2/config"
	awsV2Credentials = "github.com/aws/aws-sdk-go-v2/credentials"
)

// sessionOrigin is where a v1 session passed to dynamo.New comes from.
type sessionOrigin struct {
	// stmt defines the session variable (`s, err := session.NewSession(…)`), nil for an inline call.
	stmt *ast.AssignStmt
	// call is session.NewSession / session.New, inside session.Must when must is set.
	call *ast.CallExpr
	must bool
	obj  types.Object
}

// gureguNew rewrites dynamo.New(session, cfgs…) to dynamo.New(cfg), building cfg with
// config.LoadDefaultConfig from the session's options where the session is made in the same
// function; anything else is reported at error level and blocks the fix.
func (m *fileMigration) gureguNew(call *ast.CallExpr) {
	if len(call.Args) == 0 {
		return
	}
	if isNamed(m.l.Info.TypeOf(call.Args[0]), awsV2, "Config") {
		return // already an aws-sdk-go-v2 config: dynamo.New(cfg) is v2's signature
	}
	origin := m.sessionOrigin(call.Args[0])
	if origin == nil {
		m.note(call, "error", "go-dynamo-new", "dynamo.New takes an aws.Config in guregu/dynamo v2, and this session is made elsewhere (a parameter, a field or another function): build an aws-sdk-go-v2 config there (config.LoadDefaultConfig with the session's options) and pass it, then migrate")
		return
	}
	if origin.stmt == nil {
		m.note(call, "error", "go-dynamo-new", "dynamo.New(session…) inline: move the session into a variable first, then migrate")
		return
	}
	rewritten := [][2]token.Pos{{origin.stmt.Pos(), origin.stmt.End()}, {call.Pos(), call.End()}}
	m.planTakeOver(rewritten)
	var cfgs []ast.Expr
	cfgs = append(cfgs, origin.call.Args...)
	cfgs = append(cfgs, call.Args[1:]...)
	opts, ok := m.configOptions(cfgs)
	if !ok {
		return
	}
	ctx := m.contextIn(call.Pos())
	if ctx == "" {
		ctx = "context.TODO()"
		m.needImport("context", "")
	}
	load := fmt.Sprintf("config.LoadDefaultConfig(%s)", ctx)
	if len(opts) > 0 {
		load = fmt.Sprintf("config.LoadDefaultConfig(%s,\n%s,\n)", ctx, strings.Join(opts, ",\n"))
	}
	m.needImport(awsV2Config, "")
	name := m.configName(origin)
	if origin.must {
		m.ed.replace(origin.stmt.Pos(), origin.stmt.End(), fmt.Sprintf("%s, err := %s\nif err != nil {\npanic(err)\n}", name, load))
	} else {
		m.ed.replace(origin.stmt.Rhs[0].Pos(), origin.stmt.Rhs[0].End(), load)
		if name != origin.obj.Name() {
			lhs := origin.stmt.Lhs[0]
			m.ed.replace(lhs.Pos(), lhs.End(), name)
		}
	}
	if name != origin.obj.Name() {
		for id, o := range m.l.Info.Uses {
			if o == origin.obj {
				m.ed.replace(id.Pos(), id.End(), name)
			}
		}
	}
	if len(call.Args) > 1 {
		m.ed.replace(call.Args[0].End(), call.Args[len(call.Args)-1].End(), "")
	}
	m.note(origin.stmt, "information", "go-dynamo-new", "the aws-sdk-go v1 session becomes an aws-sdk-go-v2 config (config.LoadDefaultConfig reads the same environment and shared files); region, endpoint, static credentials, HTTP client and retries are carried (v1 MaxRetries n = v2 RetryMaxAttempts n+1)")
	m.dropIfUnused(awsV1Session, rewritten)
	for path := range m.takeOver {
		if _, needed := m.newImports[v2Of[path]]; !needed {
			m.dropIfUnused(path, rewritten)
		}
	}
}

// v2Of maps the v1 packages a rewrite can take over to their v2 twins.
var v2Of = map[string]string{awsV1: awsV2, awsV1Credentials: awsV2Credentials}

// sessionOrigin follows a dynamo.New argument to the statement that made the session.
func (m *fileMigration) sessionOrigin(arg ast.Expr) *sessionOrigin {
	id, ok := arg.(*ast.Ident)
	if !ok {
		return nil
	}
	obj := m.l.Info.Uses[id]
	if obj == nil || !isNamed(obj.Type(), awsV1Session, "Session") {
		return nil
	}
	var origin *sessionOrigin
	ast.Inspect(m.file, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 || len(a.Lhs) == 0 {
			return origin == nil
		}
		lhs, ok := a.Lhs[0].(*ast.Ident)
		if !ok || (m.l.Info.Defs[lhs] != obj && m.l.Info.Uses[lhs] != obj) {
			return true
		}
		call, ok := a.Rhs[0].(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := m.funcObj(call)
		switch {
		case fn != nil && fn.Pkg().Path() == awsV1Session && fn.Name() == "NewSession":
			origin = &sessionOrigin{stmt: a, call: call, obj: obj}
		case fn != nil && fn.Pkg().Path() == awsV1Session && fn.Name() == "Must" && len(call.Args) == 1:
			if inner, ok := call.Args[0].(*ast.CallExpr); ok {
				if f := m.funcObj(inner); f != nil && f.Name() == "NewSession" {
					origin = &sessionOrigin{stmt: a, call: inner, must: true, obj: obj}
				}
			}
		}
		return origin == nil
	})
	if origin == nil {
		return nil
	}
	// Every other use of the session must be a dynamo.New argument, or the session must stay.
	for use, o := range m.l.Info.Uses {
		if o == obj && !m.isGureguNewArg(use) {
			m.note(use, "error", "go-dynamo-new", "this aws-sdk-go v1 session is also used here: it cannot become an aws-sdk-go-v2 config until this use moves to aws-sdk-go-v2 too")
			return nil
		}
	}
	return origin
}

func (m *fileMigration) isGureguNewArg(id *ast.Ident) bool {
	found := false
	ast.Inspect(m.file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && len(c.Args) > 0 && c.Args[0] == id {
			if f := m.funcObj(c); f != nil && f.Pkg().Path() == gureguV1 && f.Name() == "New" {
				found = true
			}
		}
		return !found
	})
	return found
}

// configOptions turns v1 *aws.Config literals into config.LoadDefaultConfig options.
func (m *fileMigration) configOptions(cfgs []ast.Expr) ([]string, bool) {
	var opts []string
	for _, c := range cfgs {
		u, ok := c.(*ast.UnaryExpr)
		lit, ok2 := (*ast.CompositeLit)(nil), false
		if ok && u.Op == token.AND {
			lit, ok2 = u.X.(*ast.CompositeLit)
		}
		if !ok2 || !isNamed(m.l.Info.TypeOf(lit), awsV1, "Config") {
			m.note(c, "error", "go-dynamo-new", "only &aws.Config{…} literals can be carried to aws-sdk-go-v2 automatically: write this configuration as config.LoadDefaultConfig options by hand, then migrate")
			return nil, false
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key := kv.Key.(*ast.Ident).Name
			switch key {
			case "Region":
				opts = append(opts, "config.WithRegion("+m.stringValue(kv.Value)+")")
			case "Endpoint":
				m.needImport(awsV2, m.v2AwsName())
				opts = append(opts, fmt.Sprintf("config.WithEndpointResolverWithOptions(%[1]s.EndpointResolverWithOptionsFunc(func(service, region string, _ ...interface{}) (%[1]s.Endpoint, error) {\nreturn %[1]s.Endpoint{URL: %[2]s}, nil\n}))", m.v2AwsName(), m.stringValue(kv.Value)))
			case "HTTPClient":
				opts = append(opts, "config.WithHTTPClient("+m.ed.text(kv.Value.Pos(), kv.Value.End())+")")
			case "MaxRetries":
				opts = append(opts, "config.WithRetryMaxAttempts("+m.plusOne(kv.Value)+")")
			case "Credentials":
				creds, ok := m.staticCredentials(kv.Value)
				if !ok {
					return nil, false
				}
				opts = append(opts, "config.WithCredentialsProvider("+creds+")")
			default:
				m.note(kv, "error", "go-dynamo-new", "aws.Config."+key+" has no automatic aws-sdk-go-v2 equivalent here: carry it by hand (a config.LoadDefaultConfig option or a dynamodb.Options func), then migrate")
				return nil, false
			}
		}
	}
	return opts, true
}

// stringValue is the Go text of a *string's value: aws.String(e) → e, else *x.
func (m *fileMigration) stringValue(e ast.Expr) string {
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if f := m.funcObj(c); f != nil && f.Pkg().Path() == awsV1 && f.Name() == "String" {
			return m.ed.text(c.Args[0].Pos(), c.Args[0].End())
		}
	}
	return "*" + m.ed.text(e.Pos(), e.End())
}

// plusOne is v1 MaxRetries (*int) as v2 RetryMaxAttempts: aws.Int(2) → 3, aws.Int(n) → n + 1.
func (m *fileMigration) plusOne(e ast.Expr) string {
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if tv := m.l.Info.Types[c.Args[0]]; tv.Value != nil {
			if n, ok := constant.Int64Val(tv.Value); ok {
				return fmt.Sprint(n + 1)
			}
		}
		if f := m.funcObj(c); f != nil && f.Pkg().Path() == awsV1 && f.Name() == "Int" {
			return m.ed.text(c.Args[0].Pos(), c.Args[0].End()) + " + 1"
		}
	}
	return "*" + m.ed.text(e.Pos(), e.End()) + " + 1"
}

// staticCredentials turns credentials.NewStaticCredentials(a, b, c) into the v2 provider.
func (m *fileMigration) staticCredentials(e ast.Expr) (string, bool) {
	c, ok := e.(*ast.CallExpr)
	if ok {
		if f := m.funcObj(c); f != nil && f.Pkg().Path() == awsV1Credentials && f.Name() == "NewStaticCredentials" && len(c.Args) == 3 {
			m.needImport(awsV2Credentials, m.v2CredentialsName())
			return m.v2CredentialsName() + ".NewStaticCredentialsProvider(" + m.ed.text(c.Args[0].Pos(), c.Args[2].End()) + ")", true
		}
	}
	m.note(e, "error", "go-dynamo-new", "only credentials.NewStaticCredentials can be carried automatically; other v1 credential providers need their aws-sdk-go-v2 equivalent (config.WithCredentialsProvider / WithSharedConfigProfile), then migrate")
	return "", false
}

// v2AwsName is the local name for aws-sdk-go-v2's aws package: "aws" unless v1's aws keeps it.
func (m *fileMigration) v2AwsName() string {
	if m.importOf(awsV1) != nil && !m.takeOver[awsV1] {
		return "awsv2"
	}
	return "aws"
}

// v2CredentialsName is the local name for aws-sdk-go-v2's credentials package.
func (m *fileMigration) v2CredentialsName() string {
	if m.importOf(awsV1Credentials) != nil && !m.takeOver[awsV1Credentials] {
		return "credentialsv2"
	}
	return "credentials"
}

// planTakeOver marks the v1 imports (aws, credentials) whose every use lies in the rewritten
// ranges: their import then points at the v2 package under the same name instead.
func (m *fileMigration) planTakeOver(rewritten [][2]token.Pos) {
	for _, path := range []string{awsV1, awsV1Credentials} {
		if spec := m.importOf(path); spec != nil && m.usesOf(spec, rewritten) == 0 && m.localName(spec) == defaultName(path) {
			m.takeOver[path] = true
		}
	}
}

func defaultName(path string) string { return path[strings.LastIndexByte(path, '/')+1:] }

// dropIfUnused removes the import of path when every use of it lies in the given (rewritten) ranges.
func (m *fileMigration) dropIfUnused(path string, rewritten [][2]token.Pos) {
	if spec := m.importOf(path); spec != nil && m.usesOf(spec, rewritten) == 0 {
		m.removeImport(spec)
	}
}

// configName is the name for the config that replaces the session: "cfg" when that name is free
// where the session is defined and used, else the session variable's own name.
func (m *fileMigration) configName(origin *sessionOrigin) string {
	inner := m.l.Types.Scope().Innermost(origin.stmt.Pos())
	if _, obj := inner.LookupParent("cfg", origin.stmt.End()); obj != nil {
		return origin.obj.Name()
	}
	for id, o := range m.l.Info.Uses {
		if o == origin.obj {
			if _, obj := m.l.Types.Scope().Innermost(id.Pos()).LookupParent("cfg", id.Pos()); obj != nil {
				return origin.obj.Name()
			}
		}
	}
	return "cfg"
}
