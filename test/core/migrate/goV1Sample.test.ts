// The seed's sample service end to end (fixtures/go-adserver/src: aws-sdk-go v1.44.133 and
// aws-sdk-go-v2 1.17, the versions its profiles were recorded with, pinned in its go.mod/go.sum).
// In a copy of it: `dynamo-hotpath migrate --write --go-get internal/repository/ddbv1/adapter.go`
// moves the v1 adapter to aws-sdk-go-v2 and adds what it needs to go.mod; the module builds, go vet is clean and
// its tests pass (TestAdaptersAgree: the moved adapter decodes the same structs as the hand-written
// ddbv2 adapter), and cmd/dumpitems (test/fixtures/go-sample-dump) shows the adapter returns the
// same items as before against the sample's fake DynamoDB, and sends the same PutItem but for the
// empty strings the go-empty-values finding names.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliAsync } from '../../helpers/runCliAsync';

const SAMPLE = join(process.cwd(), 'fixtures/go-adserver/src');
const DATA = join(process.cwd(), 'fixtures/data');
const GOLDEN = join(process.cwd(), 'test/fixtures/go-migrate-v1/sample/adapter.go.golden');

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ADSERVER_DATA: DATA } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Dump {
  activity: unknown[];
  rules: unknown[];
  puts: unknown[];
}

/** Paths where two JSON values differ, with both sides. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return [`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`];
}

describe('the sample service: migrate --write moves ddbv1 to aws-sdk-go-v2 (needs go and the modules of the sample)', () => {
  const module = mkdtempSync(join(tmpdir(), 'dhp-sample-'));
  const adapter = join(module, 'internal/repository/ddbv1/adapter.go');
  let before1: Dump;
  let cli: { code: number; stdout: string; stderr: string };

  before(async () => {
    cpSync(SAMPLE, module, { recursive: true });
    mkdirSync(join(module, 'cmd/dumpitems'));
    cpSync(join(process.cwd(), 'test/fixtures/go-sample-dump/main.go'), join(module, 'cmd/dumpitems/main.go'));
    const dump = await run('go', ['run', './cmd/dumpitems', DATA], module);
    assert.equal(dump.code, 0, dump.stderr);
    before1 = JSON.parse(dump.stdout) as Dump;
    cli = await runCliAsync(['migrate', '--write', '--go-get', adapter], { timeoutMs: 900_000 });
  });
  after(() => rmSync(module, { recursive: true, force: true }));

  it('rewrites adapter.go (exit 1: changed, everything migrated) with the findings that say what changes', () => {
    assert.equal(cli.code, 1, cli.stderr);
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, readFileSync(adapter, 'utf8'));
    assert.equal(readFileSync(adapter, 'utf8'), readFileSync(GOLDEN, 'utf8'));
    const lines = cli.stderr.split('\n').filter((l) => l.startsWith(adapter)).map((l) => l.slice(adapter.length + 1).replace(/^(\d+):\d+: (\w+) ([\w-]+):.*/, '$1 $2 $3'));
    assert.deepEqual(lines, [
      '17 information go-dynamodbattribute',
      '17 warning go-empty-values',
      '34 information go-v1-client',
      '36 information go-v1-client',
      '38 warning go-v1-client',
      '39 information go-v1-retry',
      '91 warning go-empty-values',
    ]);
    assert.match(cli.stderr, /MaxRetries n is RetryMaxAttempts n\+1 \(3\)/);
    assert.match(cli.stderr, /the module builds with the rewrite \(go1\.\d+[.\d]*, go build \.\/\.\.\. and go vet \.\/\.\.\. through -overlay; vet findings 0 before, 0 after\)/);
    assert.match(cli.stderr, /ran on a copy of go\.mod, written with the migration's files: go get github\.com\/aws\/aws-sdk-go-v2\/config; go\.sum \+\d+ −0 lines/);
  });

  it('with --go-get: go.mod gains aws-sdk-go-v2/config; go build ./..., go vet ./... and go test ./... pass', async () => {
    assert.match(readFileSync(join(module, 'go.mod'), 'utf8'), /\tgithub\.com\/aws\/aws-sdk-go-v2\/config v1\.\d+\.\d+/);
    for (const args of [['build', './...'], ['vet', './...']]) {
      const r = await run('go', args, module);
      assert.equal(r.code, 0, `go ${args.join(' ')}: ${r.stderr}`);
    }
    const test = await run('go', ['test', '-v', './internal/...'], module);
    assert.equal(test.code, 0, test.stdout + test.stderr);
    assert.match(test.stdout, /--- PASS: TestAdaptersAgree/);
  });

  it('the moved adapter returns the same items; its PutItem differs only by empty strings (NULL → S "")', async () => {
    const dump = await run('go', ['run', './cmd/dumpitems', DATA], module);
    assert.equal(dump.code, 0, dump.stderr);
    const after1 = JSON.parse(dump.stdout) as Dump;
    assert.equal(before1.activity.length, 40);
    assert.equal(before1.rules.length, 25);
    assert.deepEqual(after1.activity, before1.activity);
    assert.deepEqual(after1.rules, before1.rules);
    const diffs = differences(before1.puts, after1.puts);
    assert.ok(diffs.length > 0);
    for (const d of diffs) assert.match(d, /\.(NULL: true → undefined|S: undefined → "")$/);
    assert.ok(diffs.includes('.0.Item.creative_id.S: undefined → ""'), diffs.join('\n'));
  });
});
