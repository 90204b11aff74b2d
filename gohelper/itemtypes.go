package main

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"sort"
	"strings"
)

// itemArg is the argument of each dynamodbattribute function that holds the Go value (struct) of
// the item; those functions have a WithOptions twin in attributevalue taking encoder (marshal) or
// decoder (unmarshal) options.
var itemArg = map[string]int{
	"Marshal": 0, "MarshalMap": 0, "MarshalList": 0,
	"Unmarshal": 1, "UnmarshalMap": 1, "UnmarshalList": 1, "UnmarshalListOfMaps": 1,
}

// structShape is what attributevalue reads differently in one struct type.
type structShape struct {
	named    *types.Named
	jsonOnly []string // fields named by a json tag only (v1 read it, v2 does not)
	conflict []string // fields whose json and dynamodbav tags name different attributes
	elem     []string // omitemptyelem fields
	empties  []string // fields without omitempty whose empty value is stored differently
}

// shapeOf reads the fields of a struct type (nil when t is not one).
func shapeOf(t types.Type) *structShape {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		}
		break
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	s := &structShape{named: named}
	for i := 0; i < st.NumFields(); i++ {
		f, tag := st.Field(i), reflect.StructTag(st.Tag(i))
		av, hasAV := tag.Lookup("dynamodbav")
		js, hasJSON := tag.Lookup("json")
		avName, jsName := strings.Split(av, ",")[0], strings.Split(js, ",")[0]
		switch {
		case hasJSON && !hasAV && jsName != "-":
			s.jsonOnly = append(s.jsonOnly, f.Name())
		case hasJSON && hasAV && jsName != "" && jsName != avName:
			s.conflict = append(s.conflict, f.Name())
		}
		opts := av
		if !hasAV {
			opts = js
		}
		if strings.Contains(opts, "omitemptyelem") {
			s.elem = append(s.elem, f.Name())
		}
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "set") && avName != "-" {
			if kind := emptyKind(f.Type()); kind != "" {
				s.empties = append(s.empties, f.Name()+" ("+kind+")")
			}
		}
	}
	return s
}

// emptyKind names a field type whose empty value v1 stored as NULL and v2 does not ("" otherwise).
func emptyKind(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return `"" → S:""`
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return "[]byte{} → B"
		}
		return "[]… → L:[]"
	case *types.Map:
		return "map → M:{}"
	}
	return ""
}

// itemTypeNotes looks at the Go value an attributevalue call converts — its static type, or when
// it arrives as an interface{} parameter, the types its callers pass anywhere in the module — and
// keeps what it can: fields named by json tags only are read with TagKey "json" (the call becomes
// its WithOptions twin) when no field's json and dynamodbav tags disagree. What changes anyway is
// said at the call.
func (m *fileMigration) itemTypeNotes(call *ast.CallExpr, sel *ast.SelectorExpr, fn string, arg ast.Expr, pkgName string) {
	if pkgName == "dynamodbattribute" {
		pkgName = "attributevalue"
	}
	var shapes []*structShape
	via := ""
	if t := m.l.Info.TypeOf(arg); t != nil && !types.IsInterface(t) {
		if s := shapeOf(t); s != nil {
			shapes = append(shapes, s)
		}
	} else if passed := m.argTypesOf(arg, 0); passed != nil {
		seen := map[string]bool{}
		for _, t := range passed {
			if s := shapeOf(t); s != nil && !seen[s.named.String()] {
				seen[s.named.String()] = true
				shapes = append(shapes, s)
			}
		}
		via = fmt.Sprintf("the value reaches this call as %s; its callers pass %s. ", types.ExprString(arg), names(shapes))
	} else {
		m.note(call, "warning", "go-json-tags", fmt.Sprintf("the value converted here (%s) is an interface and no call in the module passes it a concrete type: check its struct tags by hand. attributevalue reads only dynamodbav tags (dynamodbattribute also read json tags: add dynamodbav tags or use %sWithOptions with TagKey = \"json\"), and stores empty strings, lists and maps as S:\"\", L:[] and M:{} where dynamodbattribute stored NULL", types.ExprString(arg), fn))
		return
	}
	var jsonOnly, conflicts, elem, empties []string
	for _, s := range shapes {
		where := m.l.Fset.Position(s.named.Obj().Pos())
		label := fmt.Sprintf("%s (%s:%d)", s.named.Obj().Name(), where.Filename, where.Line)
		if len(s.jsonOnly) > 0 {
			jsonOnly = append(jsonOnly, label+": "+strings.Join(s.jsonOnly, ", "))
		}
		if len(s.conflict) > 0 {
			conflicts = append(conflicts, label+": "+strings.Join(s.conflict, ", "))
		}
		if len(s.elem) > 0 {
			elem = append(elem, label+": "+strings.Join(s.elem, ", "))
		}
		if len(s.empties) > 0 {
			empties = append(empties, s.named.Obj().Name()+": "+strings.Join(s.empties, ", "))
		}
	}
	if len(jsonOnly) > 0 && len(conflicts) == 0 {
		opts := "EncoderOptions"
		if strings.HasPrefix(fn, "Unmarshal") {
			opts = "DecoderOptions"
		}
		m.ed.replace(sel.Sel.Pos(), sel.Sel.End(), fn+"WithOptions")
		m.ed.insert(call.Rparen, fmt.Sprintf(", func(o *%s.%s) {\no.TagKey = \"json\"\n}", pkgName, opts))
		m.note(call, "information", "go-json-tags", via+"fields named by json tags only ("+strings.Join(jsonOnly, "; ")+"): dynamodbattribute read json tags, attributevalue reads dynamodbav only, so this call sets TagKey = \"json\" and the attributes keep their names")
	} else if len(jsonOnly) > 0 {
		m.note(call, "warning", "go-json-tags", via+"fields named by json tags only ("+strings.Join(jsonOnly, "; ")+") change name: attributevalue reads dynamodbav tags only, and TagKey = \"json\" cannot keep them because json and dynamodbav tags disagree on "+strings.Join(conflicts, "; ")+". Add dynamodbav tags")
	}
	if len(elem) > 0 {
		m.note(call, "warning", "go-omitemptyelem", via+"omitemptyelem fields ("+strings.Join(elem, "; ")+"): attributevalue writes empty maps and lists for them where dynamodbattribute omitted them (aws-sdk-go-v2#3117) — sparse indexes and attribute_not_exists conditions see the difference")
	}
	if len(empties) > 0 && strings.HasPrefix(fn, "Marshal") {
		sort.Strings(empties)
		m.note(call, "warning", "go-empty-values", via+"fields stored differently when empty (dynamodbattribute: NULL): "+strings.Join(empties, "; ")+"; add omitempty where the attribute must stay absent")
	}
}

func names(shapes []*structShape) string {
	var out []string
	for _, s := range shapes {
		out = append(out, s.named.Obj().Name())
	}
	if len(out) == 0 {
		return "no struct"
	}
	return strings.Join(out, ", ")
}
