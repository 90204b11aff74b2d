// Command gohelper is dynamo-hotpath's Go helper: it reads one JSON request on stdin and writes
// one JSON response on stdout. It uses only the standard library (go/parser, go/ast, go/types,
// go/format, go/importer) and is built with the user's own go on first use (src/core/go/helper.ts).
//
// Requests:
//
//	{"cmd": "migrate", "packages": [...], "exports": {...}}  typed guregu/dynamo v1 → v2 and
//	    dynamodbattribute → attributevalue rewrite of whole packages (see migrate.go)
//	{"cmd": "structs", "packages": [...]}                      struct types with their fields and tags
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// Package is one package to read: its import path, folder and the files to parse (absolute; a
// package's internal _test.go files are among them, its external p_test package is a Package of
// its own). ImportOverrides maps import paths to the export data to use for them instead of the
// request's (the external test package imports the test variant of the package under test).
type Package struct {
	ImportPath      string            `json:"importPath"`
	Dir             string            `json:"dir"`
	Files           []string          `json:"files"`
	ImportOverrides map[string]string `json:"importOverrides,omitempty"`
}

// Request is what the caller sends.
type Request struct {
	Cmd      string    `json:"cmd"`
	Packages []Package `json:"packages"`
	// Exports maps import paths to compiler export data files (go list -export).
	Exports map[string]string `json:"exports"`
}

func main() {
	var req Request
	if err := json.NewDecoder(os.Stdin).Decode(&req); err != nil {
		fail(fmt.Errorf("reading the request: %w", err))
	}
	var out interface{}
	var err error
	switch req.Cmd {
	case "migrate":
		out, err = migrate(req)
	case "structs":
		out, err = listStructs(req)
	default:
		err = fmt.Errorf("unknown command %q", req.Cmd)
	}
	if err != nil {
		fail(err)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gohelper:", err)
	os.Exit(1)
}
