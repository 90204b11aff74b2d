// Package ddblabels labels each DynamoDB call with the line of your code that made it, so that a
// CPU profile credits the call's work — also the TLS handshake of a connection the call opens,
// which Go runs on a goroutine of its own, with none of your frames on its stack — to that line,
// and counts per call site what the calls did on the wire: attempts, retries and why, final
// errors, new TLS connections, unprocessed batch items.
//
// The labels are pprof labels (ddb.call_site, ddb.function, ddb.operation, ddb.client,
// ddb.callers): the runtime copies a goroutine's labels to the goroutines it starts, so the dial
// goroutine net/http starts for a call carries them. `dynamo-hotpath analyze` reads them from the
// profile; the counts are written beside the profile with WriteRunRecord
// (`dynamo-hotpath analyze profile.pb.gz --run-record profile.pb.gz.json`).
//
// aws-sdk-go v1: ddblabels.InstrumentV1(svc.Client) after dynamodb.New (v1.go).
// aws-sdk-go-v2: dynamodb.NewFromConfig(cfg, ddblabels.WithV2) (v2.go).
// Keep the file of the SDK you use, with this one.
//
// Written by dynamo-hotpath (`dynamo-hotpath labels go`); yours to change.
package ddblabels

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net/http/httptrace"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"
)

// maxCallers is how many frames of your code above the call site are kept (a helper's callers).
const maxCallers = 3

// The ddb.client label of each SDK's DynamoDB client.
const (
	clientV1 = "aws-sdk-go dynamodb"
	clientV2 = "aws-sdk-go-v2 dynamodb"
)

// maxPending bounds the unprocessed items remembered to see whether they are sent again.
const maxPending = 100000

// Stats is what one call site's calls did (the run record's `stats`).
type Stats struct {
	Calls             int64            `json:"calls"`
	Attempts          int64            `json:"attempts"`
	RetriedCalls      int64            `json:"retriedCalls"`
	Retries           map[string]int64 `json:"retries"`
	Errors            map[string]int64 `json:"errors"`
	Handshakes        int64            `json:"handshakes"`
	ResumedHandshakes int64            `json:"resumedHandshakes"`
	UnprocessedItems  int64            `json:"unprocessedItems"`
	UnprocessedResent int64            `json:"unprocessedResent"`
}

// Site is one call site with its counts.
type Site struct {
	CallSite  string `json:"callSite"`
	Function  string `json:"function"`
	Operation string `json:"operation"`
	Client    string `json:"client"`
	Stats     Stats  `json:"stats"`
}

type siteKey struct{ site, function, callers, operation, client string }

var (
	mu      sync.Mutex
	sites   = map[siteKey]*Site{}
	pending = map[string]*Site{}
	ownPkg  = ownPackage()
)

// ownPackage is this package's import path, wherever it was copied to.
func ownPackage() string {
	pc, _, _, _ := runtime.Caller(0)
	return packageOf(runtime.FuncForPC(pc).Name())
}

// packageOf is the import path of a function name: `example.com/x/ddblabels.funcName` → `example.com/x/ddblabels`.
func packageOf(name string) string {
	slash := strings.LastIndex(name, "/")
	if dot := strings.Index(name[slash+1:], "."); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}

// notYours is true for frames of the SDKs (guregu/dynamo included), the runtime, the standard
// library and this package: the call site is the first frame of your code above them.
func notYours(function string) bool {
	if strings.HasPrefix(function, ownPkg+".") || strings.HasPrefix(function, "github.com/aws/") || strings.HasPrefix(function, "github.com/guregu/dynamo") {
		return true
	}
	pkg := packageOf(function)
	return !strings.Contains(pkg, ".") && pkg != "main"
}

// call is one DynamoDB call in progress.
type call struct {
	site   *Site
	labels pprof.LabelSet
}

// begin finds the caller on the current stack and the site's counter, and counts the call.
func begin(operation, client string) *call {
	pcs := make([]uintptr, 48)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var at runtime.Frame
	var callers []string
	for {
		f, more := frames.Next()
		if !notYours(f.Function) {
			if at.Function == "" {
				at = f
			} else if f.Function != at.Function && len(callers) < maxCallers {
				callers = append(callers, fmt.Sprintf("%s:%d:0\t%s", f.File, f.Line, f.Function))
			}
		}
		if !more || len(callers) == maxCallers {
			break
		}
	}
	key := siteKey{operation: operation, client: client, callers: strings.Join(callers, "\n")}
	if at.Function != "" {
		key.site = fmt.Sprintf("%s:%d:0", at.File, at.Line)
		key.function = at.Function
	}
	mu.Lock()
	s := sites[key]
	if s == nil {
		s = &Site{CallSite: key.site, Function: key.function, Operation: operation, Client: client, Stats: Stats{Retries: map[string]int64{}, Errors: map[string]int64{}}}
		sites[key] = s
	}
	s.Stats.Calls++
	mu.Unlock()
	labels := []string{"ddb.operation", operation, "ddb.client", client, "ddb.sdk", sdkOf(client)}
	if key.site != "" {
		labels = append(labels, "ddb.call_site", key.site, "ddb.function", key.function)
	}
	if key.callers != "" {
		labels = append(labels, "ddb.callers", key.callers)
	}
	return &call{site: s, labels: pprof.Labels(labels...)}
}

// sdkOf is the ddb.sdk label of a client name (the analysis's SDK ids).
func sdkOf(client string) string {
	if client == clientV1 {
		return "aws-sdk-go-v1"
	}
	return "aws-sdk-go-v2"
}

// traced returns ctx with a trace that counts the TLS handshakes of connections dialled for the call.
func (c *call) traced(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		TLSHandshakeDone: func(state tls.ConnectionState, err error) {
			if err != nil {
				return
			}
			mu.Lock()
			if state.DidResume {
				c.site.Stats.ResumedHandshakes++
			} else {
				c.site.Stats.Handshakes++
			}
			mu.Unlock()
		},
	})
}

// retried counts one attempt that failed with code and was retried.
func (c *call) retried(code string) {
	mu.Lock()
	c.site.Stats.Retries[code]++
	mu.Unlock()
}

// end counts the call's attempts and its final error code ("" when it succeeded).
func (c *call) end(attempts int, code string) {
	mu.Lock()
	c.site.Stats.Attempts += int64(attempts)
	if attempts > 1 {
		c.site.Stats.RetriedCalls++
	}
	if code != "" {
		c.site.Stats.Errors[code]++
	}
	mu.Unlock()
}

// fingerprint is a batch entry's identity: its table and its JSON.
func fingerprint(table string, entry interface{}) string {
	b, _ := json.Marshal(entry)
	return table + "\x00" + string(b)
}

// sending marks entries returned unprocessed before as sent again.
func sending(entries []string) {
	mu.Lock()
	defer mu.Unlock()
	for _, e := range entries {
		if s := pending[e]; s != nil {
			s.Stats.UnprocessedResent++
			delete(pending, e)
		}
	}
}

// unprocessed counts entries returned unprocessed to the call and remembers them.
func (c *call) unprocessed(entries []string) {
	mu.Lock()
	defer mu.Unlock()
	c.site.Stats.UnprocessedItems += int64(len(entries))
	for _, e := range entries {
		if len(pending) < maxPending {
			pending[e] = c.site
		}
	}
}

// Sites returns a copy of the counts so far, most calls first.
func Sites() []Site {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Site, 0, len(sites))
	for _, s := range sites {
		c := *s
		c.Stats.Retries = copyCounts(s.Stats.Retries)
		c.Stats.Errors = copyCounts(s.Stats.Errors)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Stats.Calls > out[j].Stats.Calls })
	return out
}

func copyCounts(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// WriteRunRecord writes the counts as a run record `dynamo-hotpath analyze --run-record` and
// `compare --run-records` read: {"requests": requests, "callSites": [...]}; requests ≤ 0 is left out.
func WriteRunRecord(path string, requests int64) error {
	record := map[string]interface{}{"callSites": Sites()}
	if requests > 0 {
		record["requests"] = requests
	}
	b, err := json.MarshalIndent(record, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
