package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"
)

// v1Request is the v1 client rewrite's state across the packages of one request: the v2 API,
// loaded once, and each package's client interface (an external test package uses its package's).
type v1Request struct {
	fset    *token.FileSet
	exports map[string]string
	v2      *v2API
	v2Err   error
	loaded  bool
	ifaceOf map[string]string
	// xtestUsesIface marks packages whose external tests use dynamodbiface (their interface is
	// then exported, for the tests' fakes to embed).
	xtestUsesIface map[string]bool
}

// needV2API reports whether a package needed the v2 API and the request held no export data of it.
func (r *v1Request) needV2API() bool {
	_, given := r.exports[v2DynamoDB]
	return r.loaded && r.v2Err != nil && !given
}

func newV1Request(fset *token.FileSet, req Request) *v1Request {
	r := &v1Request{fset: fset, exports: req.Exports, ifaceOf: map[string]string{}, xtestUsesIface: map[string]bool{}}
	for _, pkg := range req.Packages {
		if !strings.HasSuffix(pkg.ImportPath, "_test") {
			continue
		}
		for _, name := range pkg.Files {
			if src, err := os.ReadFile(name); err == nil && strings.Contains(string(src), `"`+v1Iface+`"`) {
				r.xtestUsesIface[strings.TrimSuffix(pkg.ImportPath, "_test")] = true
			}
		}
	}
	return r
}

// plan is the package's v1 client plan (nil when it does not use the v1 API); the v2 API is
// loaded on the first package that needs it.
func (r *v1Request) plan(l *Loaded, state *packageState) *v1Package {
	p := newV1Package(l, nil, nil, r.ifaceOf)
	if p == nil {
		return nil
	}
	// A guregu/dynamo v1 package names v1 types for guregu's sake (Marshalers, error codes,
	// dynamo.New(session)): the guregu rewrite owns those; this one only joins for raw client calls.
	if p.guregu = state.usesGuregu; p.guregu && !p.callsClient() {
		return nil
	}
	if !r.loaded {
		r.loaded = true
		r.v2, r.v2Err = loadV2API(r.fset, r.exports)
	}
	p.v2, p.v2Err = r.v2, r.v2Err
	if r.xtestUsesIface[l.Pkg.ImportPath] && p.iface != "" && p.iface[0] >= 'a' {
		p.iface = p.freeName("DynamoDBAPI")
		r.ifaceOf[l.Pkg.ImportPath] = p.iface
	}
	return p
}

// v1Package is what the aws-sdk-go v1 → v2 client rewrite knows about one package before it edits
// a file: whether it uses the v1 DynamoDB API at all, the v2 API to rewrite to, the interface that
// replaces dynamodbiface.DynamoDBAPI (v2 has no iface package) and the helpers already emitted.
type v1Package struct {
	l  *Loaded
	v2 *v2API
	// v2Err says why the v2 API could not be loaded (then every v1 use is blocked with it).
	v2Err error
	// iface is the name of the package's own client interface ("" when dynamodbiface is unused);
	// ifaceMethods its v2 method names; ifaceDone once it is declared.
	iface        string
	ifaceMethods map[string]bool
	ifaceDone    bool
	// helpers maps a helper kind ("avS", "queryPages", …) to its name in the package; emitted marks
	// the kinds already written into a file.
	helpers map[string]string
	emitted map[string]bool
	// ifaceOf is the client interface of other packages of the request, by import path (a package
	// `p_test` reaches `p`'s interface as p.Name).
	ifaceOf map[string]string
	// ifaceFile is the file that declares the interface: the first file (tests last) using it.
	ifaceFile *ast.File
	// guregu is set when the package also uses guregu/dynamo v1 (its rewrite handles the v1 types
	// guregu uses: Marshalers, awserr checks, sessions given to dynamo.New/NewFromIface).
	guregu bool
}

// callsClient reports whether the package calls methods of the v1 client (or of dynamodbiface).
func (p *v1Package) callsClient() bool {
	for _, sel := range p.l.Info.Selections {
		if fn, ok := sel.Obj().(*types.Func); ok && fn.Pkg() != nil && (fn.Pkg().Path() == v1Iface || fn.Pkg().Path() == v1DynamoDB) && sel.Kind() == types.MethodVal {
			return true
		}
	}
	return false
}

// newV1Package inspects l: nil when the package does not use the aws-sdk-go v1 DynamoDB API.
func newV1Package(l *Loaded, v2 *v2API, v2Err error, ifaceOf map[string]string) *v1Package {
	uses := false
	for _, obj := range l.Info.Uses {
		if isV1(obj) || (obj.Pkg() != nil && obj.Pkg().Path() == v1Iface) {
			uses = true
			break
		}
	}
	if !uses {
		return nil
	}
	p := &v1Package{l: l, v2: v2, v2Err: v2Err, ifaceMethods: map[string]bool{}, helpers: map[string]string{}, emitted: map[string]bool{}, ifaceOf: ifaceOf}
	p.planInterface()
	return p
}

// planInterface names the interface that replaces dynamodbiface.DynamoDBAPI and collects the v2
// methods the package calls through it (exported when an exported declaration or an external
// test package uses it).
func (p *v1Package) planInterface() {
	used, exported := false, false
	for id, obj := range p.l.Info.Uses {
		if tn, ok := obj.(*types.TypeName); ok && tn.Pkg() != nil && tn.Pkg().Path() == v1Iface && tn.Name() == v1IfaceType {
			used = true
			if p.inExportedAPI(id.Pos()) {
				exported = true
			}
			if f := p.fileOf(id.Pos()); p.ifaceFile == nil || isTestFile(p.l.Names[p.ifaceFile]) && !isTestFile(p.l.Names[f]) || p.l.Names[f] < p.l.Names[p.ifaceFile] && isTestFile(p.l.Names[f]) == isTestFile(p.l.Names[p.ifaceFile]) {
				p.ifaceFile = f
			}
		}
	}
	for _, sel := range p.l.Info.Selections {
		if fn, ok := sel.Obj().(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == v1Iface {
			if name, _ := v2MethodOf(fn.Name()); name != "" {
				p.ifaceMethods[name] = true
			}
		}
	}
	if !used {
		return
	}
	if base := strings.TrimSuffix(p.l.Pkg.ImportPath, "_test"); base != p.l.Pkg.ImportPath && p.ifaceOf[base] != "" {
		p.iface, p.ifaceFile = p.ifaceOf[base], nil // the package's own interface, qualified
		return
	}
	p.iface = p.freeName(map[bool]string{true: "DynamoDBAPI", false: "dynamoDBAPI"}[exported])
	p.ifaceOf[p.l.Pkg.ImportPath] = p.iface
}

// fileOf is the file holding pos.
func (p *v1Package) fileOf(pos token.Pos) *ast.File {
	for _, f := range p.l.Files {
		if pos >= f.Pos() && pos <= f.End() {
			return f
		}
	}
	return nil
}

func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.go") }

// inExportedAPI reports whether pos lies in the signature of an exported function or method, or
// in an exported type declaration or variable.
func (p *v1Package) inExportedAPI(pos token.Pos) bool {
	for _, f := range p.l.Files {
		if pos < f.Pos() || pos > f.End() {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if pos >= d.Type.Pos() && pos < d.Type.End() && d.Name.IsExported() {
					return true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if pos < s.Pos() || pos >= s.End() {
						continue
					}
					switch s := s.(type) {
					case *ast.TypeSpec:
						return s.Name.IsExported()
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

// freeName is name, or name with a "V2" suffix when the package already declares it.
func (p *v1Package) freeName(name string) string {
	if p.l.Types == nil || p.l.Types.Scope().Lookup(name) == nil {
		return name
	}
	return name + "V2"
}

// helper returns the package-level name for a helper kind, reserving it on first use.
func (p *v1Package) helper(kind string) string {
	if name, ok := p.helpers[kind]; ok {
		return name
	}
	name := p.freeName(kind)
	p.helpers[kind] = name
	return name
}

// sortedMethods lists the interface's methods in name order.
func (p *v1Package) sortedMethods() []string {
	var names []string
	for n := range p.ifaceMethods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// v1MethodKind classifies an aws-sdk-go v1 client method name: its v2 operation and the form.
type v1MethodKind int

const (
	v1Plain       v1MethodKind = iota // GetItem(in)
	v1Ctx                             // GetItemWithContext(ctx, in, opts…)
	v1Pages                           // QueryPages(in, fn)
	v1PagesCtx                        // QueryPagesWithContext(ctx, in, fn, opts…)
	v1RequestForm                     // GetItemRequest(in): no v2 twin
	v1Waiter                          // WaitUntilTableExists(in)
	v1WaiterCtx                       // WaitUntilTableExistsWithContext(ctx, in, opts…)
)

// v2MethodOf maps a v1 client method name to the v2 client method it calls (a waiter calls
// DescribeTable, a paginator its operation) and its kind; "" for names that are not v1 methods.
func v2MethodOf(name string) (string, v1MethodKind) {
	switch {
	case strings.HasPrefix(name, "WaitUntil"):
		kind := v1Waiter
		if strings.HasSuffix(name, "WithContext") {
			kind = v1WaiterCtx
		}
		return "DescribeTable", kind
	case strings.HasSuffix(name, "PagesWithContext"):
		return strings.TrimSuffix(name, "PagesWithContext"), v1PagesCtx
	case strings.HasSuffix(name, "Pages"):
		return strings.TrimSuffix(name, "Pages"), v1Pages
	case strings.HasSuffix(name, "WithContext"):
		return strings.TrimSuffix(name, "WithContext"), v1Ctx
	case strings.HasSuffix(name, "Request"):
		return strings.TrimSuffix(name, "Request"), v1RequestForm
	}
	return name, v1Plain
}
