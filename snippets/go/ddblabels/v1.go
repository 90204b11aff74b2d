package ddblabels

// aws-sdk-go v1: InstrumentV1(svc.Client) labels and counts every call of a DynamoDB client.

import (
	"runtime/pprof"

	"github.com/aws/aws-sdk-go/aws/awserr"
	"github.com/aws/aws-sdk-go/aws/client"
	"github.com/aws/aws-sdk-go/aws/request"
	"github.com/aws/aws-sdk-go/service/dynamodb"
)

// InstrumentV1 adds the handlers to a DynamoDB client of aws-sdk-go v1:
//
//	svc := dynamodb.New(sess)
//	ddblabels.InstrumentV1(svc.Client)
//
// From validation to completion each call's goroutine carries the call's labels (restored to the
// context's own labels after), and the call's context a trace counting handshakes.
func InstrumentV1(c *client.Client) {
	c.Handlers.Validate.PushFrontNamed(request.NamedHandler{Name: "ddblabels.begin", Fn: beginV1})
}

func codeOfV1(err error) string {
	if aerr, ok := err.(awserr.Error); ok {
		return aerr.Code()
	}
	if err != nil {
		return "Error"
	}
	return ""
}

func beginV1(r *request.Request) {
	c := begin(r.Operation.Name, clientV1)
	outer := r.Context()
	r.SetContext(c.traced(outer))
	pprof.SetGoroutineLabels(pprof.WithLabels(outer, c.labels))
	sending(batchEntriesV1(r.Params))
	// Per request: the code of an attempt that failed, and whether the SDK retried it.
	var failed string
	r.Handlers.AfterRetry.PushFront(func(r *request.Request) { failed = codeOfV1(r.Error) })
	r.Handlers.AfterRetry.PushBack(func(r *request.Request) {
		if r.Error == nil && failed != "" {
			c.retried(failed)
		}
	})
	r.Handlers.Complete.PushBack(func(r *request.Request) {
		c.end(r.RetryCount+1, codeOfV1(r.Error))
		if r.Error == nil {
			c.unprocessed(unprocessedV1(r.Data))
		}
		pprof.SetGoroutineLabels(outer)
	})
}

func batchEntriesV1(params interface{}) []string {
	var out []string
	switch in := params.(type) {
	case *dynamodb.BatchWriteItemInput:
		for table, writes := range in.RequestItems {
			for _, w := range writes {
				out = append(out, fingerprint(table, w))
			}
		}
	case *dynamodb.BatchGetItemInput:
		for table, keys := range in.RequestItems {
			if keys != nil {
				for _, k := range keys.Keys {
					out = append(out, fingerprint(table, k))
				}
			}
		}
	}
	return out
}

func unprocessedV1(data interface{}) []string {
	switch out := data.(type) {
	case *dynamodb.BatchWriteItemOutput:
		return batchEntriesV1(&dynamodb.BatchWriteItemInput{RequestItems: out.UnprocessedItems})
	case *dynamodb.BatchGetItemOutput:
		return batchEntriesV1(&dynamodb.BatchGetItemInput{RequestItems: out.UnprocessedKeys})
	}
	return nil
}
