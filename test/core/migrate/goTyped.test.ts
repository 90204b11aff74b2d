// The typed Go migration (gohelper + go build -overlay) on Go packages written for it and on the
// real sample service, with the machine's Go and the real modules pinned in the fixture module's
// go.mod/go.sum (aws-sdk-go v1.55, aws-sdk-go-v2, guregu/dynamo v1.23.0 and v2), downloaded by
// scripts/goSetup.sh (.ci/run runs it); GOPROXY=off here, so nothing is fetched while testing.
// Goldens: <file>.golden beside each package file; UPDATE_GOLDEN=1 rewrites them (review the diff).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { migrateGoPackages, type GoMigrationResult } from '../../../src/core/migrate/go/typedMigrate';
import { findGoBinary } from '../../../src/core/bench/goSuite';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';

// These tests stand for the user's own command (the CLI), which vouches for the folders it names.
setWorkspaceTrust(true);

const MODULE = join(process.cwd(), 'test/fixtures/go-migrate');
const line = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

function findingsOf(result: GoMigrationResult, file: string): string[] {
  const f = result.files.find((x) => x.path === join(MODULE, file))!;
  return f.findings.map((x) => `${line(f.before, x.start)}:${x.severity}:${x.code}`);
}

function golden(result: GoMigrationResult, file: string): void {
  const f = result.files.find((x) => x.path === join(MODULE, file))!;
  assert.ok(f.after, `${file} was not rewritten: ${f.findings.map((x) => x.message).join('\n')}`);
  if (process.env.UPDATE_GOLDEN) writeFileSync(`${f.path}.golden`, f.after);
  assert.equal(f.after, readFileSync(`${f.path}.golden`, 'utf8'));
}

describe('typed Go migration (needs go and the modules scripts/goSetup.sh downloads)', () => {
  let result: GoMigrationResult;
  const goMod = sha(join(MODULE, 'go.mod'));
  const goSum = sha(join(MODULE, 'go.sum'));
  before(async () => {
    const env = { GOPROXY: process.env.GOPROXY, GOFLAGS: process.env.GOFLAGS };
    process.env.GOPROXY = 'off'; // everything the fixture's go.sum pins is in the module cache
    try {
      result = await migrateGoPackages({ goBinary: findGoBinary()!, paths: ['guregu', 'attrv2', 'untouched', 'blocked', 'layout', 'inline', 'mixedaws', 'marshalers', 'marshalblocked', 'crosspkg/store', 'ifaceitem', 'crossfile', 'configvar', 'configclash', 'encoderopts', 'encoderblocked'].map((d) => join(MODULE, d)) });
    } finally {
      process.env.GOPROXY = env.GOPROXY;
    }
  });

  it('guregu/dynamo v1 → v2: the golden fix, built with go build -overlay against the v2 API', () => {
    golden(result, 'guregu/store.go');
    assert.deepEqual(result.build, { ok: true, checked: true, errors: [], preexisting: [] });
    assert.deepEqual(findingsOf(result, 'guregu/store.go'), [
      '14:information:go-dynamo-v1',
      '31:information:go-dynamo-new',
      '39:warning:go-dynamo-retry',
      '39:information:go-dynamo-new',
      '45:warning:go-context-todo',
      '74:information:go-dynamo-v1',
      '85:warning:go-dynamo-v1',
      '93:warning:go-dynamo-retry',
      '94:information:go-awserr',
      '102:warning:go-context-todo',
    ]);
  });

  it('session.Must(session.NewSession(…)) → config.LoadDefaultConfig, panicking on error as session.Must did', () => {
    golden(result, 'guregu/must.go');
    assert.deepEqual(findingsOf(result, 'guregu/must.go'), ['6:information:go-dynamo-v1', '12:warning:go-dynamo-retry', '12:information:go-dynamo-new']);
  });

  it("a file that reaches guregu values without importing guregu/dynamo is migrated too (by type)", () => {
    golden(result, 'guregu/audit.go');
    assert.deepEqual(findingsOf(result, 'guregu/audit.go'), ['6:warning:go-context-todo']);
  });

  it('dynamodbattribute → attributevalue where no v1 item type is in sight: json-only tags kept with TagKey, what still changes said at the call', () => {
    golden(result, 'attrv2/repo.go');
    assert.deepEqual(findingsOf(result, 'attrv2/repo.go'), ['7:information:go-dynamodbattribute', '7:warning:go-empty-values', '19:information:go-json-tags', '19:warning:go-omitemptyelem', '19:warning:go-empty-values']);
    const f = result.files.find((x) => x.path.endsWith('attrv2/repo.go'))!;
    const notes = f.findings.map((x) => x.message).join('\n');
    assert.match(notes, /fields named by json tags only \(Ad \(.*attrv2\/repo\.go:10\): Title\): dynamodbattribute read json tags, attributevalue reads dynamodbav only, so this call sets TagKey = "json"/);
    assert.match(notes, /omitemptyelem fields \(Ad \(.*attrv2\/repo\.go:10\): Tags\): attributevalue writes empty maps and lists .*aws-sdk-go-v2#3117/);
    assert.match(notes, /fields stored differently when empty \(dynamodbattribute: NULL\): Ad: ID \(""\s→ S:""\), Title \(""\s→ S:""\)/);
    assert.match(notes, /v1 wrote empty strings, empty \[\]byte and empty \(non-nil\) lists and maps as NULL, v2 writes S:"", B:"", L:\[\] and M:\{\}/);
  });

  it('an item that reaches attributevalue as interface{} is read through its callers: their json tags are kept too', () => {
    golden(result, 'ifaceitem/store.go');
    const f = result.files.find((x) => x.path.endsWith('ifaceitem/store.go'))!;
    const json = f.findings.find((x) => x.code === 'go-json-tags')!;
    assert.equal(json.severity, 'information');
    assert.match(json.message, /^the value reaches this call as item; its callers pass User, Session\. fields named by json tags only \(User \(.*store\.go:7\): ID, EmailVerifiedAt; Session \(.*store\.go:12\): UserID\)/);
  });

  it('a value asserted to a v1 item type behind an interface (another file) moves with its type: the assertion asserts the v2 item type', () => {
    const read = result.files.find((x) => x.path.endsWith('crossfile/read.go'))!;
    assert.match(read.after!, /\titem, ok := v\.\(map\[string\]types\.AttributeValue\)\n/);
    assert.match(result.files.find((x) => x.path.endsWith('crossfile/make.go'))!.after!, /return attributevalue\.MarshalMap\(ad\)/);
    assert.deepEqual(findingsOf(result, 'crossfile/read.go'), []);
  });

  it('v1 Encoder/Decoder options block the package (attributevalue\'s options are other fields), except EnableEmptyCollections, which v2 does by default', () => {
    assert.deepEqual(findingsOf(result, 'encoderblocked/enc.go'), ['5:information:go-dynamodbattribute', '5:warning:go-empty-values', '8:error:go-dynamodbattribute']);
    assert.match(result.files.find((x) => x.path.endsWith('encoderblocked/enc.go'))!.findings[2]!.message, /^dynamodbattribute\.NewEncoder options set fields of v1's Encoder\/Decoder/);
    assert.equal(result.files.find((x) => x.path.endsWith('encoderblocked/enc.go'))!.after, undefined);
    golden(result, 'encoderopts/enc.go');
    assert.deepEqual(findingsOf(result, 'encoderopts/enc.go'), ['6:information:go-dynamodbattribute', '6:warning:go-empty-values', '9:information:go-dynamodbattribute', '17:information:go-dynamodbattribute']);
  });

  it("moves aws-sdk-go v1's ScanWithContext to aws-sdk-go-v2 (the v1 client rewrite) and leaves another library's RunContext", () => {
    const f = result.files.find((x) => x.path.endsWith('untouched/scan.go'))!;
    const before = f.before.split('\n');
    const after = new Set(f.after!.split('\n'));
    assert.deepEqual(before.filter((l) => !after.has(l)), [
      '\t"github.com/aws/aws-sdk-go/aws"',
      '\t"github.com/aws/aws-sdk-go/service/dynamodb"',
      'func ScanAll(ctx context.Context, raw *dynamodb.DynamoDB, app *cliapp.App) (int, error) {',
      '\tout, err := raw.ScanWithContext(ctx, &dynamodb.ScanInput{TableName: aws.String("Widgets")})',
    ]);
    assert.ok(after.has('\tout, err := raw.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("Widgets")})'));
    assert.ok(after.has('\tif err := app.RunContext(ctx, nil); err != nil {'));
    assert.deepEqual(f.findings, []);
  });

  it('makes no change where it cannot carry the code, and says why at error level', () => {
    const f = result.files.find((x) => x.path.endsWith('blocked/blocked.go'))!;
    assert.equal(f.after, undefined);
    assert.deepEqual(findingsOf(result, 'blocked/blocked.go'), ['11:information:go-dynamo-v1', '15:error:go-dynamo-retry', '16:error:go-dynamo-new', '20:warning:go-context-todo']);
    assert.match(f.findings[1]!.message, /^dynamo\.RetryTimeout is gone in guregu\/dynamo v2 .* cannot be carried automatically: it is set to different or non-constant values in this package/);
    assert.match(f.findings[2]!.message, /this session is made elsewhere \(a parameter, a field or another function\)/);
  });

  it('awserr checks keep matching: ConditionalCheckFailed → dynamo.IsCondCheckFailed, the others through smithy.APIError and errors.As', () => {
    golden(result, 'guregu/errs.go');
    assert.deepEqual(findingsOf(result, 'guregu/errs.go'), ['18:information:go-awserr', '26:information:go-awserr', '29:information:go-awserr', '33:information:go-awserr']);
  });

  it('a package that keeps another aws-sdk-go v1 service cannot tell its awserr checks apart: not migrated, and why', () => {
    const f = result.files.find((x) => x.path.endsWith('mixedaws/mixed.go'))!;
    assert.equal(f.after, undefined);
    assert.deepEqual(findingsOf(result, 'mixedaws/mixed.go'), ['6:error:go-awserr', '9:information:go-dynamo-v1', '19:error:go-dynamo-new', '19:error:go-dynamo-new']);
    assert.match(f.findings[0]!.message, /the package still calls s3 through aws-sdk-go v1, whose errors stay awserr\.Error/);
  });

  it('custom v1 (un)marshalers implement the v2 interfaces: the items stored and read are the same as before (go test, guregu v1 then v2)', () => {
    golden(result, 'marshalers/color.go');
    assert.deepEqual(findingsOf(result, 'marshalers/color.go'), ['12:information:go-dynamo-v1', '24:information:go-marshaler-signature', '31:information:go-marshaler-signature', '47:information:go-marshaler-signature', '52:information:go-marshaler-signature', '68:warning:go-context-todo']);
    const f = result.files.find((x) => x.path.endsWith('marshalers/color.go'))!;
    const stored = (text: string, probe: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'dhp-marshal-'));
      try {
        cpSync(MODULE, dir, { recursive: true });
        writeFileSync(join(dir, 'marshalers/color.go'), text);
        writeFileSync(join(dir, 'marshalers/probe_test.go'), probe);
        const r = spawnSync(findGoBinary()!, ['test', '-count=1', '-run', 'TestProbe', '-v', './marshalers'], { cwd: dir, encoding: 'utf8', env: { ...process.env, GOPROXY: 'off', GOFLAGS: '-mod=mod', GOWORK: 'off' } });
        assert.equal(r.status, 0, r.stdout + r.stderr);
        return /^item: (.*)$/m.exec(r.stdout)![1];
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const probe = (v2: boolean) => `package marshalers
import (
	"fmt"
	"testing"
	${v2 ? '"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"\n\t"github.com/guregu/dynamo/v2"' : '"github.com/guregu/dynamo"'}
)
func TestProbe(t *testing.T) {
	item, err := dynamo.MarshalItem(Paint{ID: "p1", Color: Green, Price: 1999})
	if err != nil {
		t.Fatal(err)
	}
	var back Paint
	if err := dynamo.UnmarshalItem(item, &back); err != nil {
		t.Fatal(err)
	}
	${v2 ? 'c, p := item["color"].(*types.AttributeValueMemberS).Value, item["price"].(*types.AttributeValueMemberN).Value' : 'c, p := *item["color"].S, *item["price"].N'}
	fmt.Printf("item: color=S:%s price=N:%s back=%+v\\n", c, p, back)
}
`;
    const before = stored(f.before, probe(false));
    assert.equal(before, 'color=S:green price=N:1999 back={ID:p1 Color:1 Price:1999}');
    assert.equal(stored(f.after!, probe(true)), before);
  });

  it('a custom marshaler it cannot carry blocks the package, saying why at the method', () => {
    const f = result.files.find((x) => x.path.endsWith('marshalblocked/tags.go'))!;
    assert.equal(f.after, undefined);
    assert.deepEqual(findingsOf(result, 'marshalblocked/tags.go'), ['7:information:go-dynamo-v1', '12:error:go-marshaler-signature', '22:warning:go-context-todo', '22:information:go-dynamo-v1']);
    assert.match(f.findings[1]!.message, /^\(Tags\)\.MarshalDynamo is a custom aws-sdk-go v1 \(un\)marshaler: with its v1 signature aws-sdk-go-v2 would no longer call it/);
  });

  it('sessions made inline, from session.Options, at package level and for NewFromIface become aws-sdk-go-v2 configs; RetryTimeout goes into the retryer', () => {
    golden(result, 'inline/inline.go');
    const f = result.files.find((x) => x.path.endsWith('inline/inline.go'))!;
    assert.deepEqual(findingsOf(result, 'inline/inline.go'), [
      '13:information:go-dynamo-v1',
      '16:warning:go-dynamo-retry',
      '16:warning:go-dynamo-new',
      '16:information:go-dynamo-new',
      '19:information:go-dynamo-retry',
      '23:warning:go-dynamo-retry',
      '23:information:go-dynamo-new',
      '33:warning:go-dynamo-retry',
      '33:information:go-dynamo-new',
      '37:warning:go-dynamo-retry',
      '37:warning:go-dynamo-new',
      '37:information:go-dynamo-new',
    ]);
    const retry = f.findings.filter((x) => x.code === 'go-dynamo-retry').map((x) => x.message);
    assert.match(retry[0]!, /until dynamo\.RetryTimeout \(30s\) ran out, .* Carried: a standard retryer with 7 attempts \(under throttling their expected backoff is 25\.5s/);
    assert.match(retry[1]!, /^dynamo\.RetryTimeout is gone in guregu\/dynamo v2: its budget \(30s\) is carried into the aws-sdk-go-v2 retryer built at dynamo\.New \(7 attempts\)/);
    assert.match(retry[4]!, /up to MaxRetries \(2\) times, .* Carried: a standard retryer with 7 attempts/);
  });

  it('an aws.Config variable set field by field becomes the list of config options (authorizerdev/authorizer\'s pattern)', () => {
    golden(result, 'configvar/provider.go');
    assert.deepEqual(findingsOf(result, 'configvar/provider.go'), ['12:information:go-dynamo-v1', '18:information:go-dynamo-new', '27:information:go-dynamo-new', '33:warning:go-dynamo-retry', '33:information:go-dynamo-new']);
  });

  it("aws-sdk-go-v2's config comes in under another name where the file has its own config package", () => {
    golden(result, 'configclash/store.go');
    assert.match(result.files.find((x) => x.path.endsWith('configclash/store.go'))!.after!, /^\tconfigv2 "github\.com\/aws\/aws-sdk-go-v2\/config"$/m);
  });

  it("a package's _test.go files move with it: internal tests and the external _test package", () => {
    golden(result, 'guregu/store_test.go');
    golden(result, 'guregu/example_test.go');
    assert.equal(result.files.find((x) => x.path.endsWith('guregu/example_test.go'))!.package, 'example.com/migratecheck/guregu_test');
  });

  it('packages that pass guregu values to a named package move with it, and the whole module is built and vetted', () => {
    golden(result, 'crosspkg/store/store.go');
    golden(result, 'crosspkg/handler/handler.go');
    assert.ok(result.packages.some((g) => g.join() === 'example.com/migratecheck/crosspkg/handler,example.com/migratecheck/crosspkg/store'), JSON.stringify(result.packages));
    assert.deepEqual(result.otherPackages, ['example.com/migratecheck/nulltest', 'example.com/migratecheck/tagtest', 'example.com/migratecheck/v2deps']);
    assert.equal(result.vet.checked, true);
    assert.deepEqual(result.vet.added, []);
  });

  it("the retry budget model matches the aws-sdk-go-v2 retryer the fixture pins (go test, the real retry package)", () => {
    const r = spawnSync(findGoBinary()!, ['test', '-count=1', '-v', './v2deps'], { cwd: MODULE, encoding: 'utf8', env: { ...process.env, GOPROXY: 'off', GOFLAGS: '-mod=mod', GOWORK: 'off' } });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^--- PASS: TestRetryBudgetModel/m);
    assert.match(r.stdout, /^--- PASS: TestDynamoDBDefaultAttempts/m);
  });

  it('edits only what changes: every other line byte-identical, even where gofmt would change it', () => {
    golden(result, 'layout/layout.go');
    const f = result.files.find((x) => x.path.endsWith('layout/layout.go'))!;
    const before = f.before.split('\n');
    const after = new Set(f.after!.split('\n'));
    const changed = before.filter((l) => !after.has(l));
    assert.deepEqual(changed, ['\t"github.com/guregu/dynamo"', '\terr := db.Table("Items").Get("id", id).One(&it)', '\treturn db.ListTables().All()']);
    assert.ok(after.has('var  registry = map[string]int{ "a":1, "bb": 2 }   // not gofmt\'ed, and not ours to change'));
    assert.ok(after.has('\t\treturn it, fmt.Errorf("load %s: %w",   id, err)'));
  });

  it('lays out the imports of every rewritten file as goimports does (golang.org/x/tools/imports, the reference)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-goimports-'));
    try {
      const rewritten = result.files.filter((f) => f.after);
      assert.equal(rewritten.length, 20);
      const names = rewritten.map((f, i) => {
        const name = join(dir, `${i}.go`);
        writeFileSync(name, f.after!);
        return name;
      });
      const r = spawnSync(findGoBinary()!, ['run', '.', ...names], { cwd: join(process.cwd(), 'test/fixtures/go-goimports'), encoding: 'utf8', env: { ...process.env, GOPROXY: 'off', GOFLAGS: '-mod=mod', GOWORK: 'off' } });
      assert.equal(r.status, 0, r.stderr);
      const answers = JSON.parse(r.stdout) as Array<{ file: string; own: string; goimports: string }>;
      assert.equal(answers.length, 20);
      for (const a of answers) assert.equal(a.own, a.goimports, `${rewritten[names.indexOf(a.file)]!.path}: the import section is not goimports' layout`);
      assert.match(answers.find((a) => a.own.includes('cliapp') && a.own.includes('guregu'))!.own, /^import \(\n\t"context"\n\t"fmt"\n\n\t"github.com\/guregu\/dynamo\/v2"\n\n\t"example.com\/migratecheck\/cliapp"\n\)$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes nothing in the module', () => {
    assert.equal(sha(join(MODULE, 'go.mod')), goMod);
    assert.equal(sha(join(MODULE, 'go.sum')), goSum);
  });
});

describe('typed Go migration with --test: the module\'s go test ./... before and after, in the sandbox', () => {
  it('withholds a rewrite that makes a passing test fail, and says which', async () => {
    const r = await migrateGoPackages({ goBinary: findGoBinary()!, paths: [join(MODULE, 'nulltest')], test: true });
    const f = r.files.find((x) => x.path.endsWith('nulltest/null.go'))!;
    assert.equal(f.after, undefined);
    assert.equal(f.findings[0]!.code, 'go-tests');
    assert.match(f.findings[0]!.message, /^no change made: 1 test\(s\) that passed before do not pass with the rewrite \(go test -overlay \.\/\.\.\.\): example\.com\/migratecheck\/nulltest\.TestEmptyTitleIsNull$/);
    assert.deepEqual(r.tests!.regressed, ['example.com/migratecheck/nulltest.TestEmptyTitleIsNull']);
    assert.equal(r.tests!.after!.passed.length, r.tests!.before.passed.length - 1);
    assert.ok(r.tests!.before.passed.includes('example.com/migratecheck/marshalers.TestPaintRoundTrip'));
  });

  it('keeps a rewrite whose tests pass before and after, with both counts', async () => {
    const r = await migrateGoPackages({ goBinary: findGoBinary()!, paths: [join(MODULE, 'tagtest')], test: true });
    assert.ok(r.files.find((x) => x.path.endsWith('tagtest/tags.go'))!.after);
    assert.deepEqual(r.tests!.regressed, []);
    assert.deepEqual(r.tests!.after!.passed, r.tests!.before.passed);
    assert.ok(r.tests!.before.passed.includes('example.com/migratecheck/tagtest.TestStoredNames'));
    assert.deepEqual(r.tests!.before.failed, []);
  });
});
