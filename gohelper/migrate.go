package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
)

// FileResult is one file's outcome: the new text when the fix is made, and every finding.
type FileResult struct {
	Path     string    `json:"path"`
	Package  string    `json:"package"`
	NewText  *string   `json:"newText,omitempty"`
	Findings []Finding `json:"findings"`
}

// MigrateResponse is the answer to a migrate request.
type MigrateResponse struct {
	Files []FileResult `json:"files"`
	// TypeErrors of the packages before the rewrite (the rewrite works on what resolves).
	TypeErrors []string `json:"typeErrors"`
	// NeedV2API is set when a package moves off the aws-sdk-go v1 client and the request held no
	// export data of aws-sdk-go-v2's service/dynamodb: the caller lists it and asks again.
	NeedV2API bool `json:"needV2API,omitempty"`
}

func migrate(req Request) (*MigrateResponse, error) {
	fset := token.NewFileSet()
	resp := &MigrateResponse{Files: []FileResult{}, TypeErrors: []string{}}
	v1 := newV1Request(fset, req)
	var loaded []*Loaded
	for _, pkg := range req.Packages {
		l, err := load(fset, pkg, req.Exports)
		if err != nil { // a file that does not parse: the package is reported, the others go on
			for _, name := range pkg.Files {
				resp.Files = append(resp.Files, FileResult{Path: name, Package: pkg.ImportPath, Findings: []Finding{{File: name, Severity: "error", Code: "go-rewrite", Message: "the package cannot be read: " + err.Error()}}})
			}
			continue
		}
		loaded = append(loaded, l)
	}
	calls := indexCalls(loaded)
	for _, l := range loaded {
		pkg := l.Pkg
		resp.TypeErrors = append(resp.TypeErrors, l.TypeErrors...)
		var results []FileResult
		var blockers []Finding
		state := scanPackage(l)
		v1pkg := v1.plan(l, state)
		for _, f := range testsLast(l) {
			m := &fileMigration{l: l, file: f, name: l.Names[f], ed: &fileEdits{fset: fset, src: l.Sources[f]}, takeOver: map[string]bool{}, pkg: state, configsMade: map[*ast.AssignStmt]string{}, removedImports: map[*ast.ImportSpec]bool{}, calls: calls}
			m.migrateV1Client(v1pkg)
			m.migrateGuregu()
			m.migrateAttr()
			if state.usesGuregu || state.usesAttr && !state.v1Client && v1pkg == nil {
				m.migrateMarshalers()
				m.v1AssertionNotes()
			}
			m.migrateAwsErr()
			res := FileResult{Path: m.name, Package: pkg.ImportPath, Findings: m.findings}
			if len(m.ed.edits) > 0 && !m.blocked {
				m.resolveConfigPkg()
				m.pruneImports()
				m.addImports()
				out, err := m.ed.apply()
				if err != nil {
					m.note(f.Name, "error", "go-rewrite", err.Error())
					res.Findings = m.findings
				} else {
					text := string(out)
					res.NewText = &text
					if m.ed.reformatted {
						m.note(f.Name, "information", "go-rewrite", "this file is far from gofmt's layout, so the rewritten file is gofmt'ed as a whole: lines without DynamoDB code change too (run gofmt on the original first to see only the migration's lines)")
						res.Findings = m.findings
					}
				}
			}
			if res.Findings == nil {
				res.Findings = []Finding{}
			}
			sort.SliceStable(res.Findings, func(i, j int) bool { return res.Findings[i].Offset < res.Findings[j].Offset })
			res.Findings = dedupe(res.Findings)
			for _, x := range res.Findings {
				if x.Severity == "error" {
					blockers = append(blockers, x)
				}
			}
			results = append(results, res)
		}
		resp.Files = append(resp.Files, holdPackage(results, blockers)...)
	}
	resp.NeedV2API = v1.needV2API()
	return resp, nil
}

// holdPackage drops every rewrite of a package one of whose files is blocked: files of a package
// share types (a *dynamo.DB made in one file is used in the others), so a partial migration would
// not build. Each file that would have changed says where the blocker is.
func holdPackage(results []FileResult, blockers []Finding) []FileResult {
	if len(blockers) == 0 {
		return results
	}
	first := blockers[0]
	where := fmt.Sprintf("%s:%d", filepath.Base(first.File), first.Line)
	for i := range results {
		if results[i].NewText == nil {
			continue
		}
		results[i].NewText = nil
		at := results[i].Findings
		offset, end := 0, 0
		if len(at) > 0 {
			offset, end = at[0].Offset, at[0].End
		}
		results[i].Findings = append([]Finding{{File: results[i].Path, Offset: offset, End: end, Severity: "error", Code: "go-blocked", Message: fmt.Sprintf("no change made in this package: %d finding(s) at error level block it (the first in %s: %s); the package's files share types, so they move together", len(blockers), where, first.Message)}}, at...)
	}
	return results
}

func sortStrings(s []string) { sort.Strings(s) }

// testsLast orders a package's files with its _test.go files last: declarations a rewrite adds
// for the package (helpers, interfaces) then land in a file the package's build sees.
func testsLast(l *Loaded) []*ast.File {
	files := append([]*ast.File(nil), l.Files...)
	sort.SliceStable(files, func(i, j int) bool {
		return !strings.HasSuffix(l.Names[files[i]], "_test.go") && strings.HasSuffix(l.Names[files[j]], "_test.go")
	})
	return files
}

// dedupe drops repeated findings (same range, code and message; ast.Inspect can reach a node twice).
func dedupe(in []Finding) []Finding {
	out := in[:0]
	seen := map[Finding]bool{}
	for _, f := range in {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}
