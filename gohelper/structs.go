package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
)

// StructField is one field of a struct type: name, Go type text, and the tags the SDKs read.
type StructField struct {
	Name       string `json:"name"`
	Type       string `json:"type"`
	Dynamodbav string `json:"dynamodbav,omitempty"`
	JSON       string `json:"json,omitempty"`
	Dynamo     string `json:"dynamo,omitempty"`
}

// StructType is a struct type declared at package level.
type StructType struct {
	Name   string        `json:"name"`
	File   string        `json:"file"`
	Line   int           `json:"line"`
	Fields []StructField `json:"fields"`
}

// StructsResponse lists each package's name and struct types.
type StructsResponse struct {
	Packages []struct {
		ImportPath string       `json:"importPath"`
		Name       string       `json:"name"`
		Structs    []StructType `json:"structs"`
	} `json:"packages"`
}

// listStructs parses (no type-check needed) the packages' files and lists their struct types.
func listStructs(req Request) (*StructsResponse, error) {
	fset := token.NewFileSet()
	resp := &StructsResponse{}
	for _, pkg := range req.Packages {
		entry := struct {
			ImportPath string       `json:"importPath"`
			Name       string       `json:"name"`
			Structs    []StructType `json:"structs"`
		}{ImportPath: pkg.ImportPath, Structs: []StructType{}}
		for _, name := range pkg.Files {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				return nil, err
			}
			entry.Name = f.Name.Name
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.TYPE {
					continue
				}
				for _, s := range g.Specs {
					ts := s.(*ast.TypeSpec)
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					out := StructType{Name: ts.Name.Name, File: name, Line: fset.Position(ts.Pos()).Line, Fields: []StructField{}}
					for _, field := range st.Fields.List {
						var tag reflect.StructTag
						if field.Tag != nil {
							tag = reflect.StructTag(field.Tag.Value[1 : len(field.Tag.Value)-1])
						}
						typ := string(mustSource(fset, field.Type))
						for _, n := range field.Names {
							out.Fields = append(out.Fields, StructField{Name: n.Name, Type: typ, Dynamodbav: tag.Get("dynamodbav"), JSON: tag.Get("json"), Dynamo: tag.Get("dynamo")})
						}
					}
					entry.Structs = append(entry.Structs, out)
				}
			}
		}
		sort.Slice(entry.Structs, func(i, j int) bool { return entry.Structs[i].Name < entry.Structs[j].Name })
		resp.Packages = append(resp.Packages, entry)
	}
	return resp, nil
}
