/**
 * What the Go quick fix knows before it runs (issue 28, item 4): the package's typed migration is
 * worked out once and kept until a .go file of the package changes; the code action is disabled
 * with the reason when it cannot apply, offered as checked when it can; what needs no go run
 * (untrusted workspace, no go, no go.mod) is said at once. The runner here stands in for the typed
 * migration (go list + helper + go build, a minute on a cold cache: exercised in the editor tier);
 * it counts runs and answers what the real one answers for a blocked and a migratable package.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver/node';
import { GoFixChecks, UNTRUSTED_GO_REASON, type GoMigrationRunner } from '../../src/server/goFixChecks';
import { goMigrationActions } from '../../src/server/goCodeActions';
import { setWorkspaceTrust } from '../../src/core/exec/workspaceTrust';
import type { MigrateGoResult } from '../../src/shared/protocol';

const dirs: string[] = [];
function module(): { root: string; file: string; uri: string } {
  const root = mkdtempSync(join(tmpdir(), 'gofix-'));
  dirs.push(root);
  writeFileSync(join(root, 'go.mod'), 'module example.com/m\n\ngo 1.22\n');
  mkdirSync(join(root, 'repo'));
  const file = join(root, 'repo', 'repo.go');
  writeFileSync(file, 'package repo\n');
  return { root, file, uri: pathToFileURL(file).href };
}

const BLOCKED = (uri: string): MigrateGoResult => ({ goVersion: 'go1.26.0', builds: false, packages: [['example.com/repo']], goGet: [], files: [{ uri, findings: [{ line: 15, character: 1, severity: 'error', code: 'go-dynamodbattribute', message: 'this file still works with aws-sdk-go v1 items: no change made' }] }] });
const APPLIES = (uri: string): MigrateGoResult => ({ goVersion: 'go1.26.0', builds: true, packages: [['example.com/repo']], goGet: ['github.com/guregu/dynamo/v2'], files: [{ uri, after: 'package repo // v2\n', findings: [] }] });

function counting(answer: (uri: string) => MigrateGoResult): { runner: GoMigrationRunner; runs: () => number; release: () => void } {
  let runs = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const runner: GoMigrationRunner = async (path) => {
    runs++;
    await gate;
    return answer(pathToFileURL(path).href);
  };
  return { runner, runs: () => runs, release };
}

const diagnostic: Diagnostic = { range: { start: { line: 15, character: 0 }, end: { line: 15, character: 5 } }, message: 'legacy', source: 'DynamoDB Hot Path', code: 'go-dynamodbattribute' };

describe('the Go fix, known before it runs', () => {
  after(() => {
    setWorkspaceTrust(false);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('says at once why it cannot start: untrusted, no go, no go.mod', () => {
    const { uri } = module();
    setWorkspaceTrust(false);
    const checks = new GoFixChecks(counting(BLOCKED).runner, () => '/usr/bin/go');
    assert.deepEqual(checks.known(uri), { state: 'blocked', reason: UNTRUSTED_GO_REASON });
    setWorkspaceTrust(true);
    assert.match((new GoFixChecks(counting(BLOCKED).runner, () => undefined).known(uri) as { reason: string }).reason, /go/);
    const outside = pathToFileURL(join(mkdtempSync(join(tmpdir(), 'nomod-')), 'x.go')).href;
    assert.match((checks.known(outside) as { reason: string }).reason, /no go\.mod at or above/);
    const [action] = goMigrationActions(uri, [diagnostic], 'DynamoDB Hot Path', undefined, { state: 'blocked', reason: UNTRUSTED_GO_REASON });
    assert.deepEqual(action!.disabled, { reason: UNTRUSTED_GO_REASON });
    assert.equal(action!.isPreferred, undefined);
  });

  it('works a blocked package out once, in the background; the fix is then disabled with the reason and the command answers at once', async () => {
    setWorkspaceTrust(true);
    const { uri, file } = module();
    const run = counting(BLOCKED);
    const checks = new GoFixChecks(run.runner, () => '/usr/bin/go');
    assert.deepEqual(checks.known(uri), { state: 'unknown' });
    checks.warm(uri);
    checks.warm(uri);
    assert.deepEqual(checks.known(uri), { state: 'checking' });
    assert.match(goMigrationActions(uri, [diagnostic], 'DynamoDB Hot Path', undefined, checks.known(uri))[0]!.title, /checking whether it applies/);
    run.release();
    const first = await checks.result(uri);
    assert.equal(run.runs(), 1);
    assert.deepEqual(checks.known(uri), { state: 'blocked', reason: 'repo.go:16: this file still works with aws-sdk-go v1 items: no change made' });
    const [action] = goMigrationActions(uri, [diagnostic], 'DynamoDB Hot Path', undefined, checks.known(uri));
    assert.deepEqual(action!.disabled, { reason: 'repo.go:16: this file still works with aws-sdk-go v1 items: no change made' });
    const t0 = performance.now();
    assert.equal(await checks.result(uri), first);
    assert.ok(performance.now() - t0 < 50);
    assert.equal(run.runs(), 1);
    // A .go file of the package written: worked out again.
    writeFileSync(file, 'package repo\n\n// edited\n');
    assert.deepEqual(checks.known(uri), { state: 'unknown' });
    await checks.result(uri);
    assert.equal(run.runs(), 2);
  });

  it('offers a package whose rewrite builds as checked, preferred', async () => {
    setWorkspaceTrust(true);
    const { uri } = module();
    const run = counting(APPLIES);
    run.release();
    const checks = new GoFixChecks(run.runner, () => '/usr/bin/go');
    await checks.result(uri);
    const [action] = goMigrationActions(uri, [diagnostic], 'DynamoDB Hot Path', undefined, checks.known(uri));
    assert.equal(action!.title, 'Migrate This Go Package (checked: the rewrite builds with go1.26.0)');
    assert.equal(action!.disabled, undefined);
    assert.equal(action!.isPreferred, true);
  });

  it('a result that rewrites another package goes stale when that package changes; a run with tests is never kept', async () => {
    setWorkspaceTrust(true);
    const { root, uri } = module();
    mkdirSync(join(root, 'api'));
    const caller = join(root, 'api', 'api.go');
    writeFileSync(caller, 'package api\n');
    const both = (u: string): MigrateGoResult => ({ ...APPLIES(u), packages: [['example.com/m/repo', 'example.com/m/api']], files: [...APPLIES(u).files, { uri: pathToFileURL(caller).href, after: 'package api // v2\n', findings: [] }] });
    let runs = 0;
    const tested: boolean[] = [];
    const checks = new GoFixChecks(async (path, _go, _signal, test) => {
      runs++;
      tested.push(test === true);
      return both(pathToFileURL(path).href);
    }, () => '/usr/bin/go');
    await checks.result(uri);
    assert.equal(checks.known(uri).state, 'applies');
    await checks.result(uri);
    assert.equal(runs, 1);
    writeFileSync(caller, 'package api\n\n// edited by the user\n');
    assert.deepEqual(checks.known(uri), { state: 'unknown' });
    await checks.result(uri);
    assert.equal(runs, 2);
    await checks.result(uri, undefined, true);
    await checks.result(uri, undefined, true);
    assert.deepEqual(tested, [false, false, true, true]);
    assert.equal(checks.known(uri).state, 'applies');
  });
});
