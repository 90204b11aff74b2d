package ddblabels

// aws-sdk-go-v2: dynamodb.NewFromConfig(cfg, ddblabels.WithV2) labels and counts every call.

import (
	"context"
	"errors"
	"runtime/pprof"

	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/middleware"
)

// WithV2 is an option of dynamodb.NewFromConfig / dynamodb.New: each call runs inside
// pprof.Do with its labels (so the goroutines it starts, the dial's included, carry them), with a
// trace counting handshakes; its attempts come from the retryer's attempt results.
func WithV2(o *dynamodb.Options) {
	o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("ddblabels", handleV2), middleware.Before)
	})
}

func codeOfV2(err error) string {
	var api smithy.APIError
	if errors.As(err, &api) {
		return api.ErrorCode()
	}
	if err != nil {
		return "Error"
	}
	return ""
}

func handleV2(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (out middleware.InitializeOutput, md middleware.Metadata, err error) {
	c := begin(awsmiddleware.GetOperationName(ctx), clientV2)
	sending(batchEntriesV2(in.Parameters))
	pprof.Do(c.traced(ctx), c.labels, func(ctx context.Context) {
		out, md, err = next.HandleInitialize(ctx, in)
	})
	attempts := 1
	if results, ok := retry.GetAttemptResults(md); ok && len(results.Results) > 0 {
		attempts = len(results.Results)
		for _, r := range results.Results {
			if r.Err != nil && r.Retried {
				c.retried(codeOfV2(r.Err))
			}
		}
	}
	c.end(attempts, codeOfV2(err))
	if err == nil {
		c.unprocessed(unprocessedV2(out.Result))
	}
	return out, md, err
}

func batchEntriesV2(params interface{}) []string {
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
			for _, k := range keys.Keys {
				out = append(out, fingerprint(table, k))
			}
		}
	}
	return out
}

func unprocessedV2(result interface{}) []string {
	switch out := result.(type) {
	case *dynamodb.BatchWriteItemOutput:
		return batchEntriesV2(&dynamodb.BatchWriteItemInput{RequestItems: out.UnprocessedItems})
	case *dynamodb.BatchGetItemOutput:
		return batchEntriesV2(&dynamodb.BatchGetItemInput{RequestItems: out.UnprocessedKeys})
	}
	return nil
}
