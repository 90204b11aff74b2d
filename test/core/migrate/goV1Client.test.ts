// The aws-sdk-go v1 DynamoDB client → aws-sdk-go-v2 rewrite (gohelper/v1*.go) on
// test/fixtures/go-migrate-v1, a module of v1 code written the ways services use the client
// (aws-sdk-go v1.55.8 and current aws-sdk-go-v2 modules, pinned in its go.mod/go.sum, fetched
// through the module proxy). The module is copied to a temporary folder, migrated there as a whole,
// the rewrite written, and then: go vet and the module's own tests pass, and cmd/exercise — which
// drives the store and catalog packages — returns the same values against a fresh dynalite as the
// v1 code did and stores the same items, but for the one difference a finding names.
// Goldens: <file>.golden beside each file; UPDATE_GOLDEN=1 rewrites them (review the diff).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { migrateGoPackages, type GoMigrationResult } from '../../../src/core/migrate/go/typedMigrate';
import { findGoBinary } from '../../../src/core/bench/goSuite';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';
import { startDynalite } from '../../helpers/dynalite';

setWorkspaceTrust(true);
const FIXTURE = join(process.cwd(), 'test/fixtures/go-migrate-v1');
const PACKAGES = ['store', 'catalog', 'colors', 'ledger', 'shared', 'counters', 'blocked', 'cmd/exercise'];
const line = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** Runs a command to its end without blocking the event loop (dynalite serves from this process). */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, GOFLAGS: '-mod=mod', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** cmd/exercise against a fresh dynalite: its JSON output and every stored item (keys sorted). */
async function exercise(module: string): Promise<{ out: unknown; stored: Record<string, string[]> }> {
  const ddb = await startDynalite();
  try {
    const r = await run('go', ['run', './cmd/exercise'], module, {
      DDB_ENDPOINT: ddb.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKID',
      AWS_SECRET_ACCESS_KEY: 'SECRET',
      AWS_CONFIG_FILE: join(module, 'no-such-config'),
      AWS_SHARED_CREDENTIALS_FILE: join(module, 'no-such-credentials'),
      AWS_EC2_METADATA_DISABLED: 'true',
    });
    assert.equal(r.code, 0, r.stderr);
    const canonical = (item: unknown) => JSON.stringify(item, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
    const stored: Record<string, string[]> = {};
    for (const table of ['products', 'orders', 'counters']) stored[table] = (await ddb.scan(table)).map(canonical).sort();
    return { out: JSON.parse(r.stdout), stored };
  } finally {
    await ddb.close();
  }
}

describe('aws-sdk-go v1 client → aws-sdk-go-v2 (needs go and the fixture module’s modules, fetched by .ci/run)', () => {
  const module = mkdtempSync(join(tmpdir(), 'dhp-v1client-'));
  let result: GoMigrationResult;
  let v1: { out: unknown; stored: Record<string, string[]> };
  const file = (name: string) => result.files.find((f) => f.path === join(module, name))!;
  const findings = (name: string) => file(name).findings.map((x) => `${line(file(name).before, x.start)}:${x.severity}:${x.code}`);
  const golden = (name: string) => {
    const f = file(name);
    assert.ok(f.after, `${name} was not rewritten: ${f.findings.map((x) => x.message).join('\n')}`);
    if (process.env.UPDATE_GOLDEN) writeFileSync(join(FIXTURE, `${name}.golden`), f.after);
    assert.equal(f.after, readFileSync(join(FIXTURE, `${name}.golden`), 'utf8'));
  };

  before(async () => {
    cpSync(FIXTURE, module, { recursive: true, filter: (src) => !src.endsWith('.golden') });
    v1 = await exercise(module);
    result = await migrateGoPackages({ goBinary: findGoBinary()!, paths: PACKAGES.map((p) => join(module, p)) });
  });
  after(() => rmSync(module, { recursive: true, force: true }));

  it('store: session, dynamodbiface, calls, AttributeValue maps, enums, counts and awserr checks move to v2', () => {
    golden('store/store.go');
    assert.deepEqual(findings('store/store.go'), [
      '17:information:go-dynamodbattribute',
      '17:warning:go-empty-values',
      '40:information:go-v1-client',
      '42:information:go-v1-client',
      '48:warning:go-v1-retry',
      '53:warning:go-empty-values',
      '70:warning:go-context-todo',
      '103:warning:go-throttling',
      '147:warning:go-context-todo',
    ]);
    const retry = file('store/store.go').findings.find((x) => x.code === 'go-v1-retry')!;
    assert.match(retry.message, /retried DynamoDB calls up to 10 times \(11 attempts\).*RetryMaxAttempts = 11/);
  });

  it('store_test.go: the fake of dynamodbiface.DynamoDBAPI implements the package interface with v2 signatures', () => {
    golden('store/store_test.go');
    assert.deepEqual(findings('store/store_test.go'), []);
  });

  it('catalog: waiter, paginators keeping the early stop, batch shapes as v2 values, expression builder', () => {
    golden('catalog/catalog.go');
    assert.match(file('catalog/catalog.go').findings.find((x) => x.code === 'go-v1-waiter')!.message, /polled 25 times, 20 s apart/);
  });

  it('colors: the custom Marshaler and Unmarshaler take v2 types, so the Color is still stored by name', () => {
    golden('colors/colors.go');
    golden('colors/colors_test.go');
  });

  it('ledger: its external test package fakes the exported interface; WithContext forms, aws.Context, inline session.New', () => {
    golden('ledger/ledger.go');
    golden('ledger/ledger_test.go');
    assert.ok(findings('ledger/ledger.go').includes('23:warning:go-v1-client'), 'session.New did not fail at construction: said');
  });

  it('shared: a session S3 still uses stays, and DynamoDB gets a config made beside it', () => {
    golden('shared/shared.go');
    assert.match(file('shared/shared.go').findings.find((x) => x.code === 'go-v1-client')!.message, /shared with other aws-sdk-go v1 clients: it stays/);
  });

  it('counters: a session the caller made stays aws-sdk-go v1; the client gets its v2 config from it at run time', () => {
    golden('counters/counters.go');
    assert.deepEqual(findings('counters/counters.go'), ['21:warning:go-v1-client', '26:warning:go-context-todo']);
    assert.match(file('counters/counters.go').findings[0]!.message, /made elsewhere, so it stays; .*region, endpoint, credentials, HTTP client and retry count/);
  });

  it('blocked: request.Option values and in-place AttributeValue writes (a call\'s results, *av = …, a member set to nil) are not carried; nothing changes in the package, an error says why at each', () => {
    const f = file('blocked/blocked.go');
    assert.equal(f.after, undefined);
    assert.deepEqual(findings('blocked/blocked.go').filter((x) => x.includes('error:go-v1')), ['25:error:go-v1-client', '32:error:go-v1-shape', '36:error:go-v1-shape', '37:error:go-v1-shape', '39:error:go-v1-shape']);
    assert.match(f.findings.find((x) => line(f.before, x.start) === 39)!.message, /^this replaces the v1 AttributeValue av points to, in place/);
  });

  it('the rewritten packages build', () => {
    assert.deepEqual(result.build, { ok: true, checked: true, errors: [], preexisting: [] });
  });

  it('written out: go vet ./... is clean and the module’s tests pass (store, colors, ledger)', async () => {
    for (const f of result.files) if (f.after) writeFileSync(f.path, f.after);
    const vet = await run('go', ['vet', './...'], module);
    assert.equal(vet.code, 0, vet.stderr);
    const test = await run('go', ['test', './...'], module);
    assert.equal(test.code, 0, test.stdout + test.stderr);
    assert.deepEqual(test.stdout.split('\n').filter((l) => l.startsWith('ok')).map((l) => l.split(/\s+/)[1]), ['example.com/v1client/colors', 'example.com/v1client/ledger', 'example.com/v1client/store']);
  });

  it('against dynalite: the same returns, and the same stored items but the empty string go-empty-values names', async () => {
    const v2 = await exercise(module);
    assert.deepEqual(v2.out, v1.out);
    assert.deepEqual(v2.stored.orders, v1.stored.orders);
    assert.deepEqual(v2.stored.counters, ['{"name":{"S":"hits"},"value":{"N":"42"}}']);
    assert.deepEqual(v2.stored.counters, v1.stored.counters);
    const changed = v1.stored.products!.filter((x) => !v2.stored.products!.includes(x));
    assert.deepEqual(changed, ['{"category":{"S":"toys"},"name":{"NULL":true},"price":{"N":"79"},"sku":{"S":"sku-07"}}']);
    assert.deepEqual(v2.stored.products!.filter((x) => !v1.stored.products!.includes(x)), ['{"category":{"S":"toys"},"name":{"S":""},"price":{"N":"79"},"sku":{"S":"sku-07"}}']);
    assert.match(file('catalog/catalog.go').findings.find((x) => x.code === 'go-empty-values')!.message, /v1 wrote empty strings, .* as NULL/);
    assert.equal(relative(module, file('catalog/catalog.go').path), 'catalog/catalog.go');
  });
});
