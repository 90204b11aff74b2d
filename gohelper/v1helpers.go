package main

import (
	"fmt"
	"go/token"
	"strings"
)

// The rewrite declares a few small package-level functions where v2 has no one-expression
// equivalent of a v1 idiom; each is declared once per package, in the first file that needs it,
// and its name avoids the package's own names (see v1Package.helper).

// declared is the name of a helper the package has already (ok), declared in another file or
// earlier in this one: its caller then needs nothing more — in particular no imports, which only
// the declaring file uses.
func (f *v1File) declared(kind string) (name string, ok bool) {
	return f.p.helper(kind), f.p.emitted[kind]
}

// declareHelper appends a helper's text to this file unless the package has it already.
func (f *v1File) declareHelper(kind, text string) string {
	name := f.p.helper(kind)
	if !f.p.emitted[kind] {
		f.p.emitted[kind] = true
		f.helperText += "\n" + strings.ReplaceAll(text, "NAME", name)
	}
	return name
}

// avHelper declares the reader of one AttributeValue member (avS, avM, …): what v1's field held.
func (f *v1File) avHelper(member, resultFormat string) string {
	result := strings.ReplaceAll(resultFormat, "TYPES", f.types)
	var value string
	switch member {
	case "S", "N", "BOOL", "NULL":
		value = "&v.Value"
	case "SS", "NS":
		f.declareHelper("stringPointers", `
// NAME is a []*string of the strings of list, as aws-sdk-go v1's sets were.
func NAME(list []string) []*string {
	out := make([]*string, len(list))
	for i := range list {
		out[i] = &list[i]
	}
	return out
}
`)
		value = f.p.helper("stringPointers") + "(v.Value)"
	default:
		value = "v.Value"
	}
	avType := f.typesRef("AttributeValue")
	memberType := f.typesRef("AttributeValueMember" + member)
	return f.declareHelper("av"+member, fmt.Sprintf(`
// NAME reads the %[1]s member of av as aws-sdk-go v1's AttributeValue.%[1]s field did: nil when av
// holds another type (or is nil).
func NAME(av %[2]s) %[3]s {
	if v, ok := av.(*%[4]s); ok {
		return %[5]s
	}
	return nil
}
`, member, avType, result, memberType, value))
}

// pagesHelper declares the loop that replaces XxxPages: it calls fn on every page until fn
// returns false, as v1's XxxPages did (lastPage: no page follows).
func (f *v1File) pagesHelper(op string) string {
	if name, ok := f.declared(lowerFirst(op) + "Pages"); ok {
		return name
	}
	f.needImport("context", "")
	return f.declareHelper(lowerFirst(op)+"Pages", fmt.Sprintf(`
// NAME calls fn with each page of a %[1]s, like aws-sdk-go v1's %[1]sPages: it stops after the
// last page or when fn returns false, and returns the first error.
func NAME(ctx context.Context, client %[2]s.%[1]sAPIClient, in *%[2]s.%[1]sInput, fn func(*%[2]s.%[1]sOutput, bool) bool) error {
	pages := %[2]s.New%[1]sPaginator(client, in)
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return err
		}
		if !fn(page, !pages.HasMorePages()) {
			return nil
		}
	}
	return nil
}
`, op, f.ddbName()))
}

// apiErrorHelper declares asAPIError, the v2 counterpart of `err.(awserr.Error)`: the service
// error in err's chain (aws-sdk-go-v2 wraps it in an operation error).
func (f *v1File) apiErrorHelper() string {
	if name, ok := f.declared("asAPIError"); ok {
		return name
	}
	f.needImport("errors", "")
	f.needImport(smithyGo, "")
	return f.declareHelper("asAPIError", `
// NAME finds the service error in err's chain, as err.(awserr.Error) did with aws-sdk-go v1
// (aws-sdk-go-v2 wraps it in an operation error, so a type assertion no longer sees it).
func NAME(err error) (smithy.APIError, bool) {
	var apiErr smithy.APIError
	ok := errors.As(err, &apiErr)
	return apiErr, ok
}
`)
}

// flushHelpers appends the helpers this file declares at its end.
func (f *v1File) flushHelpers() {
	if f.helperText == "" {
		return
	}
	end := f.l.Fset.File(f.file.Pos()).Pos(len(f.ed.src))
	f.insertAt(end, f.helperText)
}

// eofPos is the position just past the file's last byte.
func (f *v1File) eofPos() token.Pos { return f.l.Fset.File(f.file.Pos()).Pos(len(f.ed.src)) }
