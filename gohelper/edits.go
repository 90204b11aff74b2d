package main

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"sort"
)

// edit replaces src[start:end] with text (byte offsets in the original file).
type edit struct {
	start, end int
	text       string
}

// fileEdits collects the edits of one file. Every rewrite (guregu, attributevalue, the v1 client)
// records its changes here and apply() turns them into the new text, touching only edited lines.
type fileEdits struct {
	fset  *token.FileSet
	src   []byte
	edits []edit
	// reformatted is set by apply when the file had to be gofmt'ed as a whole (see apply).
	reformatted bool
}

func (e *fileEdits) off(p token.Pos) int { return e.fset.Position(p).Offset }

// replace replaces the source between two positions.
func (e *fileEdits) replace(from, to token.Pos, text string) {
	e.edits = append(e.edits, edit{e.off(from), e.off(to), text})
}

// insert inserts text at a position.
func (e *fileEdits) insert(at token.Pos, text string) { e.replace(at, at, text) }

// insertAt inserts text at a byte offset of the original source.
func (e *fileEdits) insertAt(offset int, text string) {
	e.edits = append(e.edits, edit{offset, offset, text})
}

// text is the original source between two positions.
func (e *fileEdits) text(from, to token.Pos) string { return string(e.src[e.off(from):e.off(to)]) }

// maxDiffLines bounds the line diff between the edited and the gofmt'ed text (its trace costs
// O(D²) memory); past it the file is far from gofmt's layout and is formatted as a whole.
const maxDiffLines = 1500

// apply returns the edited source with only the edited lines in gofmt's layout: every line no
// edit touches stays byte-identical, except where gofmt's layout of an edited line reaches a
// neighbour that was gofmt-clean before (an alignment block, a blank line left by a removed
// import), so a gofmt-clean file stays gofmt-clean; an edited import declaration is laid out
// whole (sorted within its groups). When that merge cannot be made (the file is too far from
// gofmt's layout, or the merge would not format to gofmt's own output) the file is gofmt'ed as a
// whole and e.reformatted is set. Errors: overlapping edits (a bug in a rewrite) and edited
// text that does not parse.
func (e *fileEdits) apply() ([]byte, error) {
	raw, edited, origin, err := e.splice()
	if err != nil {
		return nil, err
	}
	formatted, err := format.Source(raw)
	if err != nil {
		return nil, fmt.Errorf("the rewritten file does not parse: %w", err)
	}
	rawLines, fmtLines := splitLines(raw), splitLines(formatted)
	e.markImportDecls(raw, edited)
	clean := gofmtCleanLines(e.src)
	ops, ok := diffLines(lineKeys(rawLines), lineKeys(fmtLines), maxDiffLines)
	if !ok {
		e.reformatted = true
		return formatted, nil
	}
	crlf := bytes.Count(e.src, []byte("\r\n"))*2 > bytes.Count(e.src, []byte("\n"))
	untouchedClean := func(r int) bool { return !edited[r] && origin[r] >= 0 && clean[origin[r]] }
	var out []byte
	take := func(line string) {
		if crlf && len(line) > 0 && line[len(line)-1] == '\n' {
			line = line[:len(line)-1] + "\r\n"
		}
		out = append(out, line...)
	}
	for _, op := range ops {
		if op.Equal {
			if edited[op.A] || untouchedClean(op.A) {
				take(fmtLines[op.B])
			} else {
				out = append(out, rawLines[op.A]...)
			}
			continue
		}
		formatHunk := e.formatHunk(op, edited, untouchedClean)
		if formatHunk {
			for _, l := range fmtLines[op.B : op.B+op.InsN] {
				take(l)
			}
		} else {
			for _, l := range rawLines[op.A : op.A+op.DelN] {
				out = append(out, l...)
			}
		}
	}
	if check, err := format.Source(out); err != nil || !bytes.Equal(check, formatted) {
		e.reformatted = true
		return formatted, nil
	}
	return out, nil
}

// formatHunk decides whether a hunk of gofmt's changes is taken: it is when one of its lines is
// edited or every one was gofmt-clean before (the change is then the edit's doing); lines gofmt
// adds are taken beside an edited line only.
func (e *fileEdits) formatHunk(op lineOp, edited []bool, untouchedClean func(int) bool) bool {
	if op.DelN == 0 {
		return (op.A > 0 && edited[op.A-1]) || (op.A < len(edited) && edited[op.A])
	}
	all := true
	for r := op.A; r < op.A+op.DelN; r++ {
		if edited[r] {
			return true
		}
		all = all && untouchedClean(r)
	}
	return all
}

// splice applies the edits to the source. It returns the edited text, which of its lines an edit
// touches, and for every other line the index of the original line it is a copy of (-1 when edited).
func (e *fileEdits) splice() (raw []byte, edited []bool, origin []int, err error) {
	// By position; at one position insertions first (in the order they were made), then a replacement.
	sort.SliceStable(e.edits, func(i, j int) bool {
		a, b := e.edits[i], e.edits[j]
		return a.start < b.start || (a.start == b.start && a.end == a.start && b.end > b.start)
	})
	type span struct{ start, end int } // an edit's text in the output
	var spans []span
	last := 0
	for _, ed := range e.edits {
		if ed.start < last {
			return nil, nil, nil, fmt.Errorf("overlapping edits at byte %d", ed.start)
		}
		raw = append(raw, e.src[last:ed.start]...)
		spans = append(spans, span{len(raw), len(raw) + len(ed.text)})
		raw = append(raw, ed.text...)
		last = ed.end
	}
	raw = append(raw, e.src[last:]...)
	starts := lineStarts(raw)
	lineAt := func(off int) int { return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1 }
	edited = make([]bool, len(starts))
	for _, s := range spans {
		end := s.end - 1
		if end < s.start {
			end = s.start // a deletion marks the line it leaves behind
		}
		for l := lineAt(s.start); l <= lineAt(end) && l < len(edited); l++ {
			edited[l] = true
		}
	}
	// An untouched output line is a copy of the original line at the same offset less the shift
	// of the edits before it.
	srcStarts := lineStarts(e.src)
	origin = make([]int, len(starts))
	shift, next := 0, 0
	for l, at := range starts {
		for next < len(e.edits) && spans[next].end <= at {
			shift += (spans[next].end - spans[next].start) - (e.edits[next].end - e.edits[next].start)
			next++
		}
		origin[l] = -1
		if !edited[l] {
			if i := sort.SearchInts(srcStarts, at-shift); i < len(srcStarts) && srcStarts[i] == at-shift {
				origin[l] = i
			}
		}
	}
	return raw, edited, origin, nil
}

// markImportDecls marks every line of an import declaration that has an edited line, so that the
// declaration is laid out (and its groups sorted) as a whole.
func (e *fileEdits) markImportDecls(raw []byte, edited []bool) {
	starts := lineStarts(raw)
	lineAt := func(off int) int { return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1 }
	for _, r := range importDeclRanges(raw) {
		from, to := lineAt(r[0]), lineAt(r[1])
		hit := false
		for l := from; l <= to && l < len(edited); l++ {
			hit = hit || edited[l]
		}
		for l := from; hit && l <= to && l < len(edited); l++ {
			edited[l] = true
		}
	}
}

// gofmtCleanLines reports, per line of src, whether gofmt leaves it as it is (false for every
// line when src does not parse or is too far from gofmt's layout to align).
func gofmtCleanLines(src []byte) []bool {
	lines := splitLines(src)
	clean := make([]bool, len(lines))
	formatted, err := format.Source(src)
	if err != nil {
		return clean
	}
	fmtLines := splitLines(formatted)
	ops, ok := diffLines(lineKeys(lines), lineKeys(fmtLines), maxDiffLines)
	if !ok {
		return clean
	}
	for _, op := range ops {
		if op.Equal {
			clean[op.A] = trimCR(lines[op.A]) == fmtLines[op.B]
		}
	}
	return clean
}

// splitLines splits text after each newline (a last line without one is kept).
func splitLines(text []byte) []string {
	var lines []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		lines = append(lines, string(text[:i]))
		text = text[i:]
	}
	return lines
}

// lineStarts is the byte offset of each line of text (one more line after a final newline).
func lineStarts(text []byte) []int {
	starts := []int{0}
	for i, c := range text {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineKeys drops spaces, tabs and carriage returns from each line: gofmt changes those within
// lines, so lines it only re-indents or re-aligns keep their key and are aligned one to one.
func lineKeys(lines []string) []string {
	keys := make([]string, len(lines))
	for i, l := range lines {
		keys[i] = string(bytes.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' {
				return -1
			}
			return r
		}, []byte(l)))
	}
	return keys
}

func trimCR(line string) string {
	if n := len(line); n >= 2 && line[n-2:] == "\r\n" {
		return line[:n-2] + "\n"
	}
	return line
}

// mustSource prints an expression back to Go text.
func mustSource(fset *token.FileSet, n interface{}) []byte {
	var b bytes.Buffer
	if err := format.Node(&b, fset, n); err != nil {
		return []byte("?")
	}
	return b.Bytes()
}
