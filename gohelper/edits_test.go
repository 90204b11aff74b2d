package main

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// editsOn parses src and returns its edit list and file.
func editsOn(t *testing.T, src string) (*fileEdits, *fileMigration) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	ed := &fileEdits{fset: fset, src: []byte(src)}
	return ed, &fileMigration{file: f, ed: ed, takeOver: map[string]bool{}, removedImports: map[*ast.ImportSpec]bool{}}
}

// replaceText replaces the first occurrence of old in the source.
func replaceText(t *testing.T, ed *fileEdits, old, new string) {
	t.Helper()
	i := strings.Index(string(ed.src), old)
	if i < 0 {
		t.Fatalf("%q not in the source", old)
	}
	ed.edits = append(ed.edits, edit{i, i + len(old), new})
}

func applied(t *testing.T, ed *fileEdits) string {
	t.Helper()
	out, err := ed.apply()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestApplyKeepsUntouchedLinesOfAFileGofmtWouldChange(t *testing.T) {
	src := "package p\n\nfunc a() int {\n    x :=  1\n    return x\n}\n\nfunc b() {\n\tf(  old(1)  )\n}\n"
	ed, _ := editsOn(t, src)
	replaceText(t, ed, "old(1)", "brandNew(ctx,\n1)")
	want := "package p\n\nfunc a() int {\n    x :=  1\n    return x\n}\n\nfunc b() {\n\tf(brandNew(ctx,\n\t\t1))\n}\n"
	if got := applied(t, ed); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if ed.reformatted {
		t.Fatal("reformatted is set")
	}
}

func TestApplyRealignsGofmtCleanNeighboursOfAnEditedLine(t *testing.T) {
	src := "package p\n\nvar v = T{\n\tA:  1,\n\tBB: 2,\n}\n\nvar w = T{\n\tC: 3,\n}\n"
	ed, _ := editsOn(t, src)
	replaceText(t, ed, "BB: 2", "BBBB: 2")
	got := applied(t, ed)
	want := "package p\n\nvar v = T{\n\tA:    1,\n\tBBBB: 2,\n}\n\nvar w = T{\n\tC: 3,\n}\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if formatted, _ := format.Source([]byte(got)); string(formatted) != got {
		t.Fatal("a gofmt-clean file is no longer gofmt-clean")
	}
}

func TestApplyKeepsCRLFLineEndings(t *testing.T) {
	src := "package p\r\n\r\nfunc f() {\r\n\tg( 1 )\r\n\th(old)\r\n}\r\n"
	ed, _ := editsOn(t, src)
	replaceText(t, ed, "old", "x,  y")
	want := "package p\r\n\r\nfunc f() {\r\n\tg( 1 )\r\n\th(x, y)\r\n}\r\n"
	if got := applied(t, ed); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestApplyErrors(t *testing.T) {
	ed, _ := editsOn(t, "package p\n\nvar x = 1\n")
	replaceText(t, ed, "1", "(")
	if _, err := ed.apply(); err == nil || !strings.Contains(err.Error(), "the rewritten file does not parse") {
		t.Fatalf("err = %v", err)
	}
	ed, _ = editsOn(t, "package p\n\nvar x = 12\n")
	replaceText(t, ed, "12", "3")
	replaceText(t, ed, "2", "4")
	if _, err := ed.apply(); err == nil || !strings.Contains(err.Error(), "overlapping edits at byte") {
		t.Fatalf("err = %v", err)
	}
}

func TestApplyInsertsBeforeAReplacementAtTheSameOffset(t *testing.T) {
	ed, _ := editsOn(t, "package p\n\nvar x = old\n")
	replaceText(t, ed, "old", "new")
	ed.insertAt(strings.Index(string(ed.src), "old"), "pre")
	if got := applied(t, ed); got != "package p\n\nvar x = prenew\n" {
		t.Fatalf("got %q", got)
	}
}

func TestAddImportsGroupsAsGoimports(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{
			"standard library path into the standard group, other path into the group sharing most",
			"package p\n\nimport (\n\t\"errors\"\n\t\"os\"\n\n\t\"github.com/aws/aws-sdk-go/aws\"\n\t\"github.com/guregu/dynamo\"\n\n\t\"example.com/mine/util\"\n)\n",
			"package p\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"os\"\n\n\t\"github.com/aws/aws-sdk-go-v2/config\"\n\t\"github.com/aws/aws-sdk-go/aws\"\n\t\"github.com/guregu/dynamo\"\n\n\t\"example.com/mine/util\"\n)\n",
		},
		{
			"a new standard group on top, a trailing comment kept on its line (gofmt sorts the group)",
			"package p\n\nimport (\n\t// the v1 SDK\n\t\"github.com/guregu/dynamo\" // db\n)\n",
			"package p\n\nimport (\n\t\"context\"\n\n\t// the v1 SDK\n\t\"github.com/aws/aws-sdk-go-v2/config\"\n\t\"github.com/guregu/dynamo\" // db\n)\n",
		},
		{
			"a new third-party group at the bottom",
			"package p\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n",
			"package p\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\n\t\"github.com/aws/aws-sdk-go-v2/config\"\n)\n",
		},
		{
			"a one-line import becomes a block",
			"package p\n\nimport \"github.com/guregu/dynamo\"\n\nvar _ = 1\n",
			"package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/aws/aws-sdk-go-v2/config\"\n\t\"github.com/guregu/dynamo\"\n)\n\nvar _ = 1\n",
		},
		{
			"no import yet",
			"package p\n\nvar _ = 1\n",
			"package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/aws/aws-sdk-go-v2/config\"\n)\n\nvar _ = 1\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ed, m := editsOn(t, c.src)
			m.needImport("github.com/aws/aws-sdk-go-v2/config", "")
			if !strings.Contains(c.name, "bottom") {
				m.needImport("context", "")
			}
			m.addImports()
			if got := applied(t, ed); got != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestAddImportsKeepsANamedImportsName(t *testing.T) {
	ed, m := editsOn(t, "package p\n\nimport (\n\t\"github.com/aws/aws-sdk-go/aws\"\n)\n")
	m.needImport("github.com/aws/aws-sdk-go-v2/aws", "awsv2")
	m.addImports()
	want := "package p\n\nimport (\n\tawsv2 \"github.com/aws/aws-sdk-go-v2/aws\"\n\t\"github.com/aws/aws-sdk-go/aws\"\n)\n"
	if got := applied(t, ed); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
