package main

import (
	"go/token"
	"sort"
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
	for _, pkg := range req.Packages {
		l, err := load(fset, pkg, req.Exports)
		if err != nil {
			return nil, err
		}
		resp.TypeErrors = append(resp.TypeErrors, l.TypeErrors...)
		for _, f := range l.Files {
			m := &fileMigration{l: l, file: f, name: l.Names[f], ed: &fileEdits{fset: fset, src: l.Sources[f]}, takeOver: map[string]bool{}}
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
			resp.Files = append(resp.Files, res)
		}
	}
	return resp, nil
}

func sortStrings(s []string) { sort.Strings(s) }
