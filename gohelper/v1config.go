package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// v1Settings reads the options of a v1 *aws.Config or aws.Config expression (configFields),
// noting an error for a config made elsewhere (a variable, a function's result).
func (f *v1File) v1Settings(e ast.Expr) ([]configField, bool) {
	fields, ok := f.configFields(e)
	if !ok {
		f.note(e, "error", "go-v1-client", "this aws-sdk-go v1 aws.Config is made elsewhere: only &aws.Config{…} and aws.NewConfig().WithX(…) written here can be carried to aws-sdk-go-v2; write it here (or the v2 options by hand), then migrate")
	}
	return fields, ok
}

// v2Options is what a set of v1 settings becomes: config.LoadDefaultConfig options (a session's
// settings) or dynamodb.Options assignments (a client's), and whether a retry budget was set.
type v2Options struct {
	load    []string // config.WithRegion("x"), …
	client  []string // o.Region = "x", …
	retries bool
}

// carry translates settings (level "session" or "client") into v2 options, noting what cannot be
// carried (an error: the fix is not made) and what changes (a warning).
func (f *v1File) carry(settings []configField, level string, out *v2Options) bool {
	ok := true
	endpointScheme := "https://"
	for _, s := range settings {
		if s.key == "DisableSSL" && f.boolConst(s) {
			endpointScheme = "http://"
		}
	}
	for _, s := range settings {
		add := func(load, client string) {
			if level == "session" {
				out.load = append(out.load, load)
			} else {
				out.client = append(out.client, client)
			}
		}
		switch s.key {
		case "Region":
			v := f.fieldString(s)
			add("config.WithRegion("+v+")", "o.Region = "+v)
		case "Endpoint":
			v := f.endpointOf(s, endpointScheme)
			add("config.WithBaseEndpoint("+v+")", "o.BaseEndpoint = "+f.awsRef("String")+"("+v+")")
		case "HTTPClient":
			// On the client, not config.WithHTTPClient: LoadDefaultConfig fails with a *http.Client
			// when AWS_CA_BUNDLE is set ("has no WithTransportOptions"), where v1 worked.
			out.client = append(out.client, "o.HTTPClient = "+f.src(s.value))
			f.note(s.value, "warning", "go-v1-client", "aws-sdk-go v1 added the AWS_CA_BUNDLE (or ca_bundle) certificates to this HTTP client's transport; aws-sdk-go-v2 does not (and config.WithHTTPClient with a *http.Client makes config.LoadDefaultConfig fail while AWS_CA_BUNDLE is set), so the client is set on the DynamoDB client's options: where a custom CA bundle is needed, add it to this client's TLS RootCAs")
		case "MaxRetries":
			v := f.plusOne(s)
			out.retries = true
			add("config.WithRetryMaxAttempts("+v+")", "o.RetryMaxAttempts = "+v)
			f.note(s.value, "information", "go-v1-retry", "aws-sdk-go v1's MaxRetries counts retries, aws-sdk-go-v2's RetryMaxAttempts counts attempts: MaxRetries n is RetryMaxAttempts n+1 ("+v+")")
		case "Credentials":
			provider, loadOpts, good := f.credentialsOf(s.value)
			switch {
			case !good:
				ok = false
			case provider != "":
				add("config.WithCredentialsProvider("+provider+")", "o.Credentials = "+provider)
			case level == "session":
				out.load = append(out.load, loadOpts...)
			default:
				f.note(s.value, "error", "go-v1-client", "shared-file credentials for one client have no dynamodb.Options form: set them on the session (config.WithSharedCredentialsFiles), then migrate")
				ok = false
			}
		case "LogLevel":
			if mode, good := f.logModeOf(s); good && mode != "" {
				add("config.WithClientLogMode("+mode+")", "o.ClientLogMode = "+mode)
				f.note(s.value, "information", "go-v1-client", "v1 log level → aws-sdk-go-v2 ClientLogMode "+mode+" (v2's default logger writes to stderr where v1's wrote to stdout)")
			} else if !good {
				ok = false
			}
		case "DisableSSL":
			if !f.boolConst(s) {
				continue
			}
			if !hasKey(settings, "Endpoint") {
				f.note(s.value, "error", "go-v1-client", "DisableSSL without an Endpoint has no aws-sdk-go-v2 form: set the http:// endpoint (BaseEndpoint) by hand, then migrate")
				ok = false
			}
		case "S3ForcePathStyle", "S3Disable100Continue", "S3UseAccelerate", "S3DisableContentMD5Validation", "S3UseARNRegion", "CredentialsChainVerboseErrors", "SleepDelay":
			// no effect on a DynamoDB client
		case "Logger":
			f.note(s.value, "warning", "go-v1-client", "the v1 Logger is not carried (aws-sdk-go-v2 takes a logging.Logger: config.WithLogger): v2 logs to stderr")
		default:
			f.note(s.value, "error", "go-v1-client", "aws.Config."+s.key+" has no automatic aws-sdk-go-v2 equivalent here: carry it by hand (a config.LoadDefaultConfig option or a dynamodb.Options field), then migrate")
			ok = false
		}
	}
	return ok
}

func hasKey(settings []configField, key string) bool {
	for _, s := range settings {
		if s.key == key {
			return true
		}
	}
	return false
}

// endpointOf is the BaseEndpoint for a v1 Endpoint: v1 added the scheme when it had none (https,
// or http with DisableSSL); v2 needs it written.
func (f *v1File) endpointOf(s configField, scheme string) string {
	value := s.value
	if !s.plain {
		if _, arg := f.callOf(value, awsV1, "String"); arg != nil {
			value = arg
		}
	}
	text := f.fieldString(s)
	if tv := f.l.Info.Types[value]; tv.Value != nil && tv.Value.Kind() == constant.String {
		if v := constant.StringVal(tv.Value); !strings.Contains(v, "://") {
			return fmt.Sprintf("%q", scheme+v)
		}
		return text
	}
	f.note(s.value, "information", "go-v1-client", "aws-sdk-go-v2's BaseEndpoint must hold a scheme (https:// or http://); v1 added https:// to an endpoint without one")
	return text
}

func (f *v1File) boolConst(s configField) bool {
	value := s.value
	if _, arg := f.callOf(value, awsV1, "Bool"); arg != nil {
		value = arg
	}
	tv := f.l.Info.Types[value]
	return tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// credentialsOf carries a v1 credentials value: a v2 provider expression, or LoadDefaultConfig
// options (shared files), or ok=false with an error noted.
func (f *v1File) credentialsOf(e ast.Expr) (string, []string, bool) {
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if obj := f.pkgObjOf(sel); obj != nil && obj.Pkg().Path() == awsV1Credentials && obj.Name() == "AnonymousCredentials" {
			return f.importName(awsV2, "aws", e.Pos()) + ".AnonymousCredentials{}", nil, true
		}
	}
	if c, ok := e.(*ast.CallExpr); ok {
		if fn := f.funcObj(c); fn != nil && fn.Pkg().Path() == awsV1Credentials {
			switch {
			case fn.Name() == "NewStaticCredentials" && len(c.Args) == 3:
				return f.importName(awsV2Credentials, "credentials", c.Pos()) + ".NewStaticCredentialsProvider(" + f.ed.text(c.Args[0].Pos(), c.Args[2].End()) + ")", nil, true
			case fn.Name() == "NewSharedCredentials" && len(c.Args) == 2:
				var opts []string
				if file := f.src(c.Args[0]); file != `""` {
					opts = append(opts, "config.WithSharedCredentialsFiles([]string{"+file+"})")
				}
				if profile := f.src(c.Args[1]); profile != `""` {
					opts = append(opts, "config.WithSharedConfigProfile("+profile+")")
				}
				return "", opts, true
			}
		}
	}
	f.note(e, "error", "go-v1-client", "only credentials.NewStaticCredentials, NewSharedCredentials and AnonymousCredentials are carried automatically; give this provider's aws-sdk-go-v2 equivalent (config.WithCredentialsProvider) by hand, then migrate")
	return "", nil, false
}

// v1LogBits are aws-sdk-go v1's log level bits (aws/logger.go) and the v2 ClientLogMode flags
// that log the same things.
var v1LogBits = []struct {
	bit   int64
	modes []string
}{
	{0x1000, []string{"LogRequest", "LogResponse"}},
	{1, []string{"LogSigning"}},
	{2, []string{"LogRequestWithBody", "LogResponseWithBody"}},
	{4, []string{"LogRetries"}},
	{8, []string{"LogRetries"}},
	{16, []string{"LogRequestEventMessage", "LogResponseEventMessage"}},
	{32, []string{"LogDeprecatedUsage"}},
}

// logModeOf turns a constant v1 log level into a v2 ClientLogMode expression ("" for LogOff).
func (f *v1File) logModeOf(s configField) (string, bool) {
	value := s.value
	if _, arg := f.callOf(value, awsV1, "LogLevel"); arg != nil {
		value = arg
	}
	tv := f.l.Info.Types[value]
	if tv.Value == nil {
		f.note(s.value, "error", "go-v1-client", "only a constant log level can be carried: write config.WithClientLogMode by hand, then migrate")
		return "", false
	}
	level, _ := constant.Int64Val(tv.Value)
	seen := map[string]bool{}
	var modes []string
	for _, b := range v1LogBits {
		if level&b.bit == 0 {
			continue
		}
		for _, m := range b.modes {
			if !seen[m] {
				seen[m] = true
				modes = append(modes, f.importName(awsV2, "aws", s.value.Pos())+"."+m)
			}
		}
	}
	return strings.Join(modes, " | "), true
}

// zeroValue is the Go text of t's zero value.
func (f *v1File) zeroValue(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Struct, *types.Array:
		return f.typeText(t) + "{}"
	}
	return "nil"
}
