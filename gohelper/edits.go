package main

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"sort"
)

// edit replaces src[start:end] with text (byte offsets in the original file).
type edit struct {
	start, end int
	text       string
}

// fileEdits collects the edits of one file.
type fileEdits struct {
	fset  *token.FileSet
	src   []byte
	edits []edit
}

func (e *fileEdits) off(p token.Pos) int { return e.fset.Position(p).Offset }

// replace replaces the source between two positions.
func (e *fileEdits) replace(from, to token.Pos, text string) {
	e.edits = append(e.edits, edit{e.off(from), e.off(to), text})
}

// insert inserts text at a position.
func (e *fileEdits) insert(at token.Pos, text string) { e.replace(at, at, text) }

// text is the original source between two positions.
func (e *fileEdits) text(from, to token.Pos) string { return string(e.src[e.off(from):e.off(to)]) }

// apply returns the edited, gofmt-formatted source. Overlapping edits are an error (a bug here).
func (e *fileEdits) apply() ([]byte, error) {
	// By start, and an insert before a replacement that starts at the same byte.
	sort.SliceStable(e.edits, func(i, j int) bool {
		a, b := e.edits[i], e.edits[j]
		return a.start < b.start || a.start == b.start && a.end == a.start && b.end > b.start
	})
	var out []byte
	last := 0
	for _, ed := range e.edits {
		if ed.start < last {
			return nil, fmt.Errorf("overlapping edits at byte %d", ed.start)
		}
		out = append(out, e.src[last:ed.start]...)
		out = append(out, ed.text...)
		last = ed.end
	}
	out = append(out, e.src[last:]...)
	formatted, err := format.Source(out)
	if err != nil && os.Getenv("GOHELPER_DEBUG") != "" { // DEVONLY
		_ = os.WriteFile(os.Getenv("GOHELPER_DEBUG"), out, 0o644)
	}
	if err != nil {
		return nil, fmt.Errorf("the rewritten file does not parse: %w", err)
	}
	return formatted, nil
}

// mustSource prints an expression back to Go text.
func mustSource(fset *token.FileSet, n interface{}) []byte {
	var b bytes.Buffer
	if err := format.Node(&b, fset, n); err != nil {
		return []byte("?")
	}
	return b.Bytes()
}
