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
	NewText  *string   `json:"newText,omitempty"`
	Findings []Finding `json:"findings"`
}

// MigrateResponse is the answer to a migrate request.
type MigrateResponse struct {
	Files []FileResult `json:"files"`
	// TypeErrors of the packages before the rewrite (the rewrite works on what resolves).
	TypeErrors []string `json:"typeErrors"`
}

func migrate(req Request) (*MigrateResponse, error) {
	fset := token.NewFileSet()
	resp := &MigrateResponse{Files: []FileResult{}, TypeErrors: []string{}}
	v1 := newV1Request(fset, req)
	for _, pkg := range req.Packages {
		l, err := load(fset, pkg, req.Exports)
		if err != nil {
			return nil, err
		}
		resp.TypeErrors = append(resp.TypeErrors, l.TypeErrors...)
		var results []FileResult
		var blockers []Finding
		v1pkg := v1.plan(l)
		for _, f := range testsLast(l) {
			m := &fileMigration{l: l, file: f, name: l.Names[f], ed: &fileEdits{fset: fset, src: l.Sources[f]}, takeOver: map[string]bool{}}
			m.migrateV1Client(v1pkg)
			m.migrateGuregu()
			m.migrateAttr()
			m.awsErrNotes()
			res := FileResult{Path: m.name, Findings: m.findings}
			if len(m.ed.edits) > 0 && !m.blocked {
				m.addImports()
				out, err := m.ed.apply()
				if err != nil {
					m.note(f.Name, "error", "go-rewrite", err.Error())
					res.Findings = m.findings
				} else {
					text := string(out)
					res.NewText = &text
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
