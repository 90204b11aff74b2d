package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// v1Client is one `dynamodb.New(session, cfgs…)` of the file and where its session comes from.
type v1Client struct {
	call *ast.CallExpr
	// inline is the session call written as the argument (session.New(…), session.Must(…)).
	inline *ast.CallExpr
	// define is the statement or spec that made the session variable obj.
	define ast.Node
	obj    types.Object
	// make is session.NewSession / New / NewSessionWithOptions; must when inside session.Must.
	make *ast.CallExpr
	must bool
	// shared is set when the session is used by more than DynamoDB clients: it stays.
	shared bool
	// bridge is set for a session made elsewhere (a parameter, a field): it stays aws-sdk-go v1 and
	// the client's config is built from it (see sessionBridge).
	bridge bool
}

// v1SessionCall recognises session.NewSession(…), session.New(…), session.NewSessionWithOptions(…)
// and session.Must(one of them).
func (f *v1File) v1SessionCall(e ast.Expr) (make *ast.CallExpr, must bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	fn := f.funcObj(call)
	if fn == nil || fn.Pkg().Path() != awsV1Session {
		return nil, false
	}
	switch fn.Name() {
	case "NewSession", "New", "NewSessionWithOptions":
		return call, false
	case "Must":
		if len(call.Args) == 1 {
			inner, _ := f.v1SessionCall(call.Args[0])
			return inner, true
		}
	}
	return nil, false
}

// clients finds the file's dynamodb.New calls and traces their sessions.
func (f *v1File) clients() []*v1Client {
	var out []*v1Client
	ast.Inspect(f.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		if fn := f.funcObj(call); !isV1(fn) || fn.Name() != "New" || f.insideGureguCall(call) {
			return true
		}
		c := &v1Client{call: call}
		if make, must := f.v1SessionCall(call.Args[0]); make != nil {
			c.inline, c.make, c.must = ast.Unparen(call.Args[0]).(*ast.CallExpr), make, must
		} else if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
			c.obj = f.l.Info.Uses[id]
			c.define, c.make, c.must = f.sessionDefinition(c.obj)
		}
		if c.make == nil {
			if !isNamed(f.l.Info.TypeOf(call.Args[0]), awsV1Session, "Session") {
				f.note(call.Args[0], "error", "go-v1-client", "dynamodb.NewFromConfig takes an aws-sdk-go-v2 aws.Config, and this is not an aws-sdk-go v1 *session.Session the rewrite can read: build the config with config.LoadDefaultConfig and its options, pass it here, then migrate")
				return true
			}
			c.bridge = true
		}
		if c.obj != nil {
			for id, o := range f.l.Info.Uses {
				if o == c.obj && !f.isClientArg(id) {
					c.shared = true
				}
			}
		}
		out = append(out, c)
		return true
	})
	return out
}

// sessionDefinition finds the statement of this file that defines the session variable obj.
func (f *v1File) sessionDefinition(obj types.Object) (ast.Node, *ast.CallExpr, bool) {
	if obj == nil {
		return nil, nil, false
	}
	var def ast.Node
	var make *ast.CallExpr
	var must bool
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && f.l.Info.Defs[id] == obj {
					def = n
					make, must = f.v1SessionCall(n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == 1 && len(n.Values) == 1 && f.l.Info.Defs[n.Names[0]] == obj {
				def = n
				make, must = f.v1SessionCall(n.Values[0])
			}
		}
		return def == nil
	})
	return def, make, must
}

// isClientArg reports whether id is the session argument of a v1 dynamodb.New call.
func (f *v1File) isClientArg(id *ast.Ident) bool {
	if call, ok := f.parent(id).(*ast.CallExpr); ok && len(call.Args) > 0 && call.Args[0] == id {
		fn := f.funcObj(call)
		return isV1(fn) && fn.Name() == "New"
	}
	return false
}

// sessionSettings reads the options the session call passes.
func (f *v1File) sessionSettings(make *ast.CallExpr) ([]configField, bool) {
	var out []configField
	if f.funcObj(make).Name() == "NewSessionWithOptions" {
		lit, ok := ast.Unparen(make.Args[0]).(*ast.CompositeLit)
		if !ok {
			f.note(make.Args[0], "error", "go-v1-client", "these session.Options are made elsewhere: write them here, then migrate")
			return nil, false
		}
		for _, el := range lit.Elts {
			kv := el.(*ast.KeyValueExpr)
			switch key := kv.Key.(*ast.Ident).Name; key {
			case "Config":
				s, ok := f.v1Settings(kv.Value)
				if !ok {
					return nil, false
				}
				out = append(out, s...)
			case "Profile":
				out = append(out, configField{key: "Profile", value: kv.Value, plain: true, at: kv})
			case "SharedConfigState":
				// aws-sdk-go-v2 always reads the shared config file
			default:
				f.note(kv, "error", "go-v1-client", "session.Options."+key+" has no automatic aws-sdk-go-v2 equivalent here: carry it by hand, then migrate")
				return nil, false
			}
		}
		return out, true
	}
	for _, arg := range make.Args {
		s, ok := f.v1Settings(arg)
		if !ok {
			return nil, false
		}
		out = append(out, s...)
	}
	return out, true
}

// constructions rewrites every dynamodb.New(session, cfgs…) of the file to
// dynamodb.NewFromConfig(cfg, optFns…), the session to config.LoadDefaultConfig with its options
// (or, when other v1 clients use the session, a config beside it), and carries v1's DynamoDB
// retry budget (10 retries) where the code set none.
func (f *v1File) constructions() {
	made := map[types.Object]string{}
	clients := f.clients()
	// The v1 aws and credentials imports move to v2 when only the replaced sessions used them.
	var replaced [][2]token.Pos
	for _, c := range clients {
		switch {
		case c.inline != nil:
			replaced = append(replaced, [2]token.Pos{c.inline.Pos(), c.inline.End()})
		case !c.shared && c.define != nil:
			replaced = append(replaced, [2]token.Pos{c.define.Pos(), c.define.End()})
		}
		if len(c.call.Args) > 1 {
			replaced = append(replaced, [2]token.Pos{c.call.Args[1].Pos(), c.call.Args[len(c.call.Args)-1].End()})
		}
	}
	if f.awsV2 = f.awsMovesToV2(replaced); f.awsV2 {
		f.takeOver[awsV1] = true // switched in switchImports when something still uses it
	}
	f.takeOverExcept(replaced)
	for _, c := range clients {
		var opts v2Options
		if c.bridge {
			f.bridgeClient(c)
			continue
		}
		// A session whose options cannot be read here (a config from a function, a provider the
		// rewrite does not know) stays, and the client is bridged from it like one made elsewhere.
		noted, blocked := len(f.findings), f.blocked
		settings, ok := f.sessionSettings(c.make)
		if !ok || !f.carry(settings, "session", &opts) {
			if c.obj != nil {
				f.findings, f.blocked = f.findings[:noted], blocked
				f.bridgeClient(c)
			}
			continue
		}
		for _, s := range settings {
			if s.key == "Profile" {
				opts.load = append(opts.load, "config.WithSharedConfigProfile("+f.src(s.value)+")")
			}
		}
		sessionLoad := opts.load
		opts.load = nil
		if v := f.configVariable(c); v != nil {
			if spread, ok := f.carryConfigVariable(c, v, hasKey(settings, "MaxRetries")); ok {
				if cfgName, ok := f.sessionConfig(c, made, sessionLoad); ok {
					f.newFromConfig(c, cfgName, nil, spread)
				}
			}
			continue
		}
		for _, cfg := range c.call.Args[1:] {
			s, ok := f.v1Settings(cfg)
			if !ok || !f.carry(s, "client", &opts) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		sessionRetries := opts.retries
		opts.retries = false
		for _, s := range settings {
			if s.key == "MaxRetries" {
				sessionRetries = true
			}
		}
		clientRetries := false
		for _, cfg := range c.call.Args[1:] {
			s, _ := f.v1Settings(cfg)
			if hasKey(s, "MaxRetries") {
				clientRetries = true
			}
		}
		if !sessionRetries && !clientRetries {
			opts.client = append(opts.client, f.defaultRetries(c.call))
		}
		if cfgName, ok := f.sessionConfig(c, made, sessionLoad); ok {
			f.newFromConfig(c, cfgName, opts.client, "")
		}
	}
}

// defaultRetries carries aws-sdk-go v1's DynamoDB retry budget (10 retries, service/dynamodb's
// customizations.go) as a client option, and says so at the call.
func (f *v1File) defaultRetries(call *ast.CallExpr) string {
	f.note(call, "warning", "go-v1-retry", "aws-sdk-go v1 retried DynamoDB calls up to 10 times (11 attempts); aws-sdk-go-v2's DynamoDB client makes 4 attempts by default: RetryMaxAttempts = 11 keeps v1's budget. v2 adds a retry quota v1 did not have (500 tokens; a throttled retry costs 5, another 14): under sustained throttling it stops retrying (\"retry quota exceeded\"); o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 11; so.RateLimiter = ratelimit.None }) lifts it")
	return "o.RetryMaxAttempts = 11"
}

// sessionConfig is the config for the client's session: made once per session variable.
func (f *v1File) sessionConfig(c *v1Client, made map[types.Object]string, load []string) (string, bool) {
	if name, done := made[c.obj]; c.obj != nil && done {
		return name, true
	}
	name, ok := f.makeConfig(c, load)
	if ok && c.obj != nil {
		made[c.obj] = name
	}
	return name, ok
}

// configVariable is the local *aws.Config variable passed as the client's only config
// (`cfg := aws.NewConfig()…; if … { cfg = cfg.WithEndpoint(…) }; dynamodb.New(sess, cfg)`), or nil.
func (f *v1File) configVariable(c *v1Client) *types.Var {
	if len(c.call.Args) != 2 {
		return nil
	}
	id, ok := ast.Unparen(c.call.Args[1]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := f.l.Info.Uses[id].(*types.Var)
	if !ok || !isNamed(v.Type(), awsV1, "Config") || v.Parent() == f.l.Types.Scope() {
		return nil
	}
	return v
}

// carryConfigVariable turns a v1 config variable into a slice of dynamodb.Options functions
// built the same way: its definition starts the slice (with v1's retry budget first when the
// session sets none, so a later MaxRetries still wins), each `v = v.WithX(…)` appends one, and the
// call spreads it (the returned text). Any other use of the variable blocks.
func (f *v1File) carryConfigVariable(c *v1Client, v *types.Var, sessionRetries bool) (string, bool) {
	ddb := f.ddbName()
	fn := func(stmts []string, indent string) string {
		return "func(o *" + ddb + ".Options) {\n" + indent + "\t" + strings.Join(stmts, "\n"+indent+"\t") + "\n" + indent + "}"
	}
	var def ast.Node
	var updates []*ast.AssignStmt
	retries := sessionRetries
	for id, o := range f.l.Info.Defs {
		if o == v {
			def = f.parent(id)
		}
	}
	for id, o := range f.l.Info.Uses {
		if o != v || id == c.call.Args[1] {
			continue
		}
		if a, ok := f.parent(f.chainRoot(id)).(*ast.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) == 1 && len(a.Rhs) == 1 && (a.Lhs[0] == id || f.chainRoot(id) == a.Rhs[0]) {
			if a.Lhs[0] == id {
				updates = append(updates, a)
			}
			continue
		}
		f.note(id, "error", "go-v1-client", "this aws-sdk-go v1 config is also used here: only a config built with WithX calls and passed to dynamodb.New can become dynamodb.Options functions; rewrite it by hand, then migrate")
		return "", false
	}
	var init ast.Expr
	switch d := def.(type) {
	case *ast.AssignStmt:
		if len(d.Lhs) == 1 && len(d.Rhs) == 1 {
			init = d.Rhs[0]
		}
	case *ast.ValueSpec:
		if len(d.Names) == 1 && len(d.Values) == 1 && d.Type == nil {
			init = d.Values[0]
		}
	}
	if init == nil {
		f.note(c.call.Args[1], "error", "go-v1-client", "this aws-sdk-go v1 config is not made with one value where it is declared: rewrite it by hand, then migrate")
		return "", false
	}
	type change struct {
		at    ast.Expr
		stmts []string
	}
	var changes []change
	for _, e := range append([]ast.Expr{init}, rhsOf(updates)...) {
		settings, ok := f.configFieldsAfter(e, v)
		if !ok {
			f.note(e, "error", "go-v1-client", "only WithX calls on the config variable can be carried to dynamodb.Options functions: rewrite this by hand, then migrate")
			return "", false
		}
		var opts v2Options
		if !f.carry(settings, "client", &opts) {
			return "", false
		}
		retries = retries || hasKey(settings, "MaxRetries")
		changes = append(changes, change{e, opts.client})
	}
	if !retries {
		changes[0].stmts = append([]string{f.defaultRetries(c.call)}, changes[0].stmts...)
	}
	for i, ch := range changes {
		indent := f.indentOf(ch.at.Pos())
		text := "[]func(*" + ddb + ".Options){}"
		if len(ch.stmts) > 0 {
			text = "[]func(*" + ddb + ".Options){" + fn(ch.stmts, indent) + "}"
		}
		if i > 0 {
			text = "append(" + v.Name() + ", " + fn(ch.stmts, indent) + ")"
		}
		f.claim(ch.at.Pos(), ch.at.End(), text)
	}
	return v.Name() + "...", true
}

// chainRoot is the outermost WithX call chain whose receiver, at the bottom, is e.
func (f *v1File) chainRoot(e ast.Expr) ast.Expr {
	for {
		sel, ok := f.parent(e).(*ast.SelectorExpr)
		if !ok || sel.X != e {
			return e
		}
		call, ok := f.parent(sel).(*ast.CallExpr)
		if !ok || call.Fun != sel {
			return e
		}
		e = call
	}
}

func rhsOf(assigns []*ast.AssignStmt) []ast.Expr {
	out := make([]ast.Expr, len(assigns))
	for i, a := range assigns {
		out[i] = a.Rhs[0]
	}
	return out
}

// newFromConfig rewrites the dynamodb.New call itself: the session argument becomes cfgName
// (unless it was replaced in place, cfgName ""), the client's v1 configs an options function (or
// spread, a slice of them).
func (f *v1File) newFromConfig(c *v1Client, cfgName string, clientOpts []string, spread string) {
	sel := c.call.Fun.(*ast.SelectorExpr)
	f.claim(sel.Sel.Pos(), sel.Sel.End(), "NewFromConfig")
	indent := f.indentOf(c.call.Pos())
	opts := ""
	if len(clientOpts) > 0 {
		opts = ", func(o *" + f.ddbName() + ".Options) {\n" + indent + "\t" + strings.Join(clientOpts, "\n"+indent+"\t") + "\n" + indent + "}"
	}
	if spread != "" {
		opts = ", " + spread
	}
	last := c.call.Args[len(c.call.Args)-1]
	if cfgName == "" {
		if opts != "" || len(c.call.Args) > 1 {
			f.claim(c.call.Args[0].End(), last.End(), opts)
		}
		return
	}
	f.claim(c.call.Args[0].Pos(), last.End(), cfgName+opts)
}

// makeConfig writes the config.LoadDefaultConfig that replaces (or, for a shared session, joins)
// the session, and returns the config's name ("" when the session argument itself was replaced).
func (f *v1File) makeConfig(c *v1Client, loadOpts []string) (string, bool) {
	at := c.call.Pos()
	if c.define != nil {
		at = c.define.Pos()
	}
	ctx := f.contextIn(at)
	if ctx == "" {
		f.needImport("context", "")
		ctx = "context.TODO()"
	}
	f.needImport(awsV2Config, "")
	indent := f.indentOf(at)
	load := "config.LoadDefaultConfig(" + ctx + ")"
	if len(loadOpts) > 0 {
		load = "config.LoadDefaultConfig(" + ctx + ",\n" + indent + "\t" + strings.Join(loadOpts, ",\n"+indent+"\t") + ",\n" + indent + ")"
	}
	form := f.funcObj(c.make).Name()
	what := "the aws-sdk-go v1 session becomes an aws-sdk-go-v2 config (config.LoadDefaultConfig reads the same environment variables and shared credentials file; it also reads ~/.aws/config, which v1 read only with AWS_SDK_LOAD_CONFIG)"
	exitOf := func(pos token.Pos) string {
		if c.must {
			return "panic(err)"
		}
		f.note(c.make, "warning", "go-v1-client", "session.New did not fail here (it logged the error and every request failed with it); config.LoadDefaultConfig's error is handled here now")
		return f.errorExit(pos)
	}
	switch {
	case c.inline != nil:
		stmt, block := f.enclosingStatement(c.call)
		name := f.freeAt(c.call.Pos(), "cfg", "ddbCfg")
		if !block {
			f.claim(c.inline.Pos(), c.inline.End(), f.configFunc(load, indent, "panic(err)"))
			if form == "New" {
				f.note(c.make, "warning", "go-v1-client", "session.New did not fail here (it logged the error and every request failed with it); a config.LoadDefaultConfig error now panics when the package is initialised")
			}
			f.note(c.inline, "information", "go-v1-client", what)
			return "", true
		}
		sindent := f.indentOf(stmt.Pos())
		errName := f.errNameAt(stmt.Pos())
		f.insertAt(stmt.Pos(), name+", "+errName+" := "+strings.ReplaceAll(load, "\n"+indent, "\n"+sindent)+"\n"+sindent+"if "+errName+" != nil {\n"+sindent+"\t"+withErr(exitOf(stmt.Pos()), errName)+"\n"+sindent+"}\n"+sindent)
		f.note(c.inline, "information", "go-v1-client", what)
		return name, true
	case c.shared:
		return f.configBeside(c, load, indent, exitOf)
	}
	switch def := c.define.(type) {
	case *ast.AssignStmt:
		name := c.obj.Name()
		if f.freeAt(def.Pos(), "cfg", "") == "cfg" && !f.sessionNameTaken(c.obj) {
			name = "cfg"
		}
		if form == "NewSession" || form == "NewSessionWithOptions" {
			if !c.must && len(def.Lhs) == 2 {
				if name != c.obj.Name() {
					f.claim(def.Lhs[0].Pos(), def.Lhs[0].End(), name)
				}
				f.claim(def.Rhs[0].Pos(), def.Rhs[0].End(), load)
				f.note(def, "information", "go-v1-client", what)
				return name, true
			}
		}
		errName := f.errNameAt(def.Pos())
		f.claim(def.Pos(), def.End(), name+", "+errName+" := "+load+"\n"+indent+"if "+errName+" != nil {\n"+indent+"\t"+withErr(exitOf(def.Pos()), errName)+"\n"+indent+"}")
		f.note(def, "information", "go-v1-client", what)
		return name, true
	case *ast.ValueSpec:
		if def.Type != nil {
			f.note(def.Type, "error", "go-v1-client", "this session variable is declared with its v1 type: declare it without a type (var s = …), then migrate")
			return "", false
		}
		f.claim(def.Values[0].Pos(), def.Values[0].End(), f.configFunc(load, indent, "panic(err)"))
		if form == "New" {
			f.note(c.make, "warning", "go-v1-client", "session.New did not fail here (it logged the error and every request failed with it); a config.LoadDefaultConfig error now panics where the variable is initialised")
		}
		f.note(def, "information", "go-v1-client", what)
		return c.obj.Name(), true
	}
	f.note(c.call, "error", "go-v1-client", "this session cannot be carried automatically: build an aws-sdk-go-v2 config with config.LoadDefaultConfig by hand, then migrate")
	return "", false
}

// configBeside adds a config next to a session other v1 clients still use (the session stays).
func (f *v1File) configBeside(c *v1Client, load, indent string, exitOf func(token.Pos) string) (string, bool) {
	f.note(c.define, "information", "go-v1-client", "this aws-sdk-go v1 session is shared with other aws-sdk-go v1 clients: it stays for them, and an aws-sdk-go-v2 config with the same options is made beside it for DynamoDB")
	switch def := c.define.(type) {
	case *ast.AssignStmt:
		name := f.freeAt(def.End(), "cfg", "ddbCfg")
		after := ast.Node(def)
		check := ""
		if next := f.nextStatement(def); next != nil && isErrCheck(next) {
			after, check = next, f.src(next)
		} else {
			check = "if err != nil {\n" + indent + "\t" + exitOf(def.Pos()) + "\n" + indent + "}"
		}
		f.insertAt(after.End(), "\n"+indent+name+", err := "+load+"\n"+indent+check)
		return name, true
	case *ast.ValueSpec:
		name := f.freeAt(def.End(), "cfg", "ddbCfg")
		decl := f.parent(def)
		f.insertAt(decl.End(), "\n\nvar "+name+" = "+f.configFunc(load, "", "panic(err)"))
		return name, true
	}
	return "", false
}

// configFunc is an expression that loads the config (for package-level variables).
func (f *v1File) configFunc(load, indent, exit string) string {
	aws := f.importName(awsV2, "aws", f.file.Pos())
	load = strings.ReplaceAll(load, "\n"+indent, "\n"+indent+"\t")
	return "func() " + aws + ".Config {\n" + indent + "\tcfg, err := " + load + "\n" + indent + "\tif err != nil {\n" + indent + "\t\t" + exit + "\n" + indent + "\t}\n" + indent + "\treturn cfg\n" + indent + "}()"
}

// sessionNameTaken reports whether "cfg" is visible at a use of the session (renaming would
// capture it).
func (f *v1File) sessionNameTaken(obj types.Object) bool {
	for id, o := range f.l.Info.Uses {
		if o == obj && f.freeAt(id.Pos(), "cfg", "") != "cfg" {
			return true
		}
	}
	return false
}

// freeAt is name when nothing of that name is visible at pos, else alt.
func (f *v1File) freeAt(pos token.Pos, name, alt string) string {
	if f.l.Types == nil {
		return alt
	}
	if _, obj := f.l.Types.Scope().Innermost(pos).LookupParent(name, pos); obj != nil {
		return alt
	}
	return name
}

// errNameAt is the error variable a config statement placed at pos declares: err, unless its
// block declares err only further down (that later `:=` would then declare nothing new and not
// compile, as in wolfeidau/dynalock's examples): a fresh name then.
func (f *v1File) errNameAt(pos token.Pos) string {
	if f.l.Types == nil {
		return "err"
	}
	if inner := f.l.Types.Scope().Innermost(pos); inner != nil {
		if obj := inner.Lookup("err"); obj != nil && obj.Pos() > pos {
			return f.freshName(pos, "cfgErr")
		}
	}
	return "err"
}

// withErr is an exit statement (errorExit's) handing on errName instead of err.
func withErr(exit, errName string) string {
	return regexp.MustCompile(`\berr\b`).ReplaceAllString(exit, errName)
}

// indentOf is the leading white space of pos's line.
func (f *v1File) indentOf(pos token.Pos) string {
	off := f.ed.off(pos)
	start := off
	for start > 0 && f.ed.src[start-1] != '\n' {
		start--
	}
	end := start
	for end < len(f.ed.src) && (f.ed.src[end] == '\t' || f.ed.src[end] == ' ') {
		end++
	}
	return string(f.ed.src[start:end])
}

// enclosingStatement is the statement of a block that holds n (block is false at package level).
func (f *v1File) enclosingStatement(n ast.Node) (ast.Stmt, bool) {
	for p := f.parent(n); p != nil; n, p = p, f.parent(p) {
		switch p.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if s, ok := n.(ast.Stmt); ok {
				return s, true
			}
		case *ast.File:
			return nil, false
		}
	}
	return nil, false
}

// nextStatement is the statement after s in its block, or nil.
func (f *v1File) nextStatement(s ast.Stmt) ast.Stmt {
	if b, ok := f.parent(s).(*ast.BlockStmt); ok {
		for i, x := range b.List {
			if x == s && i+1 < len(b.List) {
				return b.List[i+1]
			}
		}
	}
	return nil
}

// isErrCheck reports whether s is `if err != nil { … }`.
func isErrCheck(s ast.Stmt) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Init != nil {
		return false
	}
	b, ok := is.Cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, ok1 := b.X.(*ast.Ident)
	y, ok2 := b.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// errorExit is how the function around pos hands on err: returned when its last result is an
// error, t.Fatal in a test, else a panic.
func (f *v1File) errorExit(pos token.Pos) string {
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || pos < fd.Pos() || pos >= fd.End() {
			continue
		}
		sig := f.l.Info.Defs[fd.Name].Type().(*types.Signature)
		if n := sig.Results().Len(); n > 0 && types.Identical(sig.Results().At(n-1).Type(), types.Universe.Lookup("error").Type()) {
			var vals []string
			for i := 0; i < n-1; i++ {
				vals = append(vals, f.zeroValue(sig.Results().At(i).Type()))
			}
			return "return " + strings.Join(append(vals, "err"), ", ")
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if p := sig.Params().At(i); isNamed(p.Type(), "testing", "T") || isNamed(p.Type(), "testing", "B") {
				return p.Name() + ".Fatal(err)"
			}
		}
	}
	return "panic(err)"
}

// insideGureguCall reports whether call is an argument of guregu/dynamo's NewFromIface (the guregu
// rewrite turns the pair into dynamo.New(cfg)).
func (f *v1File) insideGureguCall(call *ast.CallExpr) bool {
	outer, ok := f.parent(call).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := f.funcObj(outer)
	return fn != nil && fn.Pkg().Path() == gureguV1
}

// bridgeClient rewrites dynamodb.New(sess, cfgs…) for a session made elsewhere: the session stays
// (its maker, other clients and the package's API keep it) and the v2 client gets a config built
// from it at run time, so region, endpoint, credentials, HTTP client and retries are the session's.
func (f *v1File) bridgeClient(c *v1Client) {
	var opts v2Options
	for _, cfg := range c.call.Args[1:] {
		s, ok := f.v1Settings(cfg)
		if !ok || !f.carry(s, "client", &opts) {
			return
		}
	}
	helper := f.sessionBridge()
	f.newFromConfig(c, helper+"("+f.src(c.call.Args[0])+")", opts.client, "")
	f.note(c.call.Args[0], "warning", "go-v1-client", "this aws-sdk-go v1 session is made elsewhere, so it stays; the aws-sdk-go-v2 client gets its config from it when it is made ("+helper+": the session's region, endpoint, credentials, HTTP client and retry count, v1's DynamoDB default of 10 retries when it sets none). Session handlers and log settings are not carried. Move the session to config.LoadDefaultConfig where it is made to drop aws-sdk-go v1")
}

// sessionBridge declares the function that builds a v2 config from a v1 session.
func (f *v1File) sessionBridge() string {
	if name, ok := f.declared("dynamoDBConfigFromSession"); ok {
		return name
	}
	f.needImport("context", "")
	f.needImport("net/http", "")
	aws := f.importName(awsV2, "aws", f.file.Pos())
	session := f.localName(f.importOf(awsV1Session))
	return f.declareHelper("dynamoDBConfigFromSession", strings.NewReplacer("AWS.", aws+".", "SESSION.", session+".").Replace(`
// NAME is the aws-sdk-go-v2 config of a DynamoDB client made from an aws-sdk-go v1 session, as
// aws-sdk-go v1's dynamodb.New(sess) read it: region, endpoint, credentials (asked of the
// session's own provider, cached), HTTP client, and retries (MaxRetries n is n+1 attempts; v1's
// DynamoDB client retried 10 times when the session set none).
func NAME(sess *SESSION.Session) AWS.Config {
	c := sess.Config
	cfg := AWS.Config{RetryMaxAttempts: 11}
	if c.Region != nil {
		cfg.Region = *c.Region
	}
	if c.Endpoint != nil && *c.Endpoint != "" {
		cfg.BaseEndpoint = c.Endpoint
	}
	if c.HTTPClient != nil && c.HTTPClient != http.DefaultClient {
		cfg.HTTPClient = c.HTTPClient
	}
	if c.MaxRetries != nil && *c.MaxRetries >= 0 {
		cfg.RetryMaxAttempts = *c.MaxRetries + 1
	}
	if c.Credentials != nil {
		cfg.Credentials = AWS.NewCredentialsCache(AWS.CredentialsProviderFunc(func(ctx context.Context) (AWS.Credentials, error) {
			v, err := c.Credentials.GetWithContext(ctx)
			if err != nil {
				return AWS.Credentials{}, err
			}
			creds := AWS.Credentials{AccessKeyID: v.AccessKeyID, SecretAccessKey: v.SecretAccessKey, SessionToken: v.SessionToken, Source: v.ProviderName}
			if expires, err := c.Credentials.ExpiresAt(); err == nil {
				creds.CanExpire, creds.Expires = true, expires
			}
			return creds, nil
		}))
	}
	return cfg
}
`))
}
