package main

import (
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
)

const (
	v2DynamoDB    = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	v2Expression  = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	v1Iface       = "github.com/aws/aws-sdk-go/service/dynamodb/dynamodbiface"
	v1Expression  = "github.com/aws/aws-sdk-go/service/dynamodb/expression"
	awsV1Request  = "github.com/aws/aws-sdk-go/aws/request"
	v1Streams     = "github.com/aws/aws-sdk-go/service/dynamodbstreams"
	lambdaEvents  = "github.com/aws/aws-lambda-go/events"
	v2ClientType  = "Client"
	v1ClientType  = "DynamoDB"
	v1IfaceType   = "DynamoDBAPI"
	attributeType = "AttributeValue"
)

// v2API is the aws-sdk-go-v2 DynamoDB API as go/types reads it from the module's export data:
// the rewrite asks it for every target field, method and constant instead of a table of its own.
type v2API struct {
	ddb   *types.Package // service/dynamodb: the client, XxxInput/XxxOutput, paginators, waiters
	types *types.Package // service/dynamodb/types: shapes, enums, exceptions
}

// loadV2API imports the v2 packages from the compiler export data in exports (go list -export).
// Errors name the package that has no export data.
func loadV2API(fset *token.FileSet, exports map[string]string) (*v2API, error) {
	lookup := func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok || file == "" {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(file)
	}
	imp := importer.ForCompiler(fset, "gc", lookup)
	ddb, err := imp.Import(v2DynamoDB)
	if err != nil {
		return nil, err
	}
	tys, err := imp.Import(v2Types)
	if err != nil {
		return nil, err
	}
	return &v2API{ddb: ddb, types: tys}, nil
}

// shape is the v2 named type of a v1 dynamodb type name: XxxInput/XxxOutput stay in service/dynamodb,
// every other shape moves to service/dynamodb/types. Nil when v2 has no type of that name.
func (v *v2API) shape(name string) *types.TypeName {
	if obj, ok := v.ddb.Scope().Lookup(name).(*types.TypeName); ok && name != v2ClientType {
		return obj
	}
	if obj, ok := v.types.Scope().Lookup(name).(*types.TypeName); ok {
		return obj
	}
	return nil
}

// field is the v2 field of a v2 struct type (through a pointer), or nil.
func field(t types.Type, name string) *types.Var {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// method is the v2 client's method of that name, or nil.
func (v *v2API) method(name string) *types.Func {
	client := v.ddb.Scope().Lookup(v2ClientType)
	if client == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(client.Type()), false, v.ddb, name)
	fn, _ := obj.(*types.Func)
	return fn
}

// isV1 reports whether obj belongs to the aws-sdk-go v1 dynamodb package.
func isV1(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == v1DynamoDB
}
