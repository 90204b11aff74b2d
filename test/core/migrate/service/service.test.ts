// The multi-file service fixture (test/fixtures/migrate/service): a shared v2 client module with
// global config and an endpoint, repositories importing it, a Limit that arrives as a string,
// serialised results, a stream handler, integration tests against dynalite and a unit test that
// stubs v2. On a temporary copy:
// 1. the v2 service type-checks and its own 5 tests pass against dynalite;
// 2. `migrate src test --write` prints exactly the findings and file outcomes of
//    `expected-findings.json`;
// 3. the migrated service type-checks and its tests pass, except what a finding names (the v2 stub)
//    and the fixture's listed `gaps`, asserted exactly so that closing one fails here until it moves.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureDir, projectProgram, typeErrors } from './projectCheck';

const repo = resolve(__dirname, '..', '..', '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

interface Expected {
  findings: string[];
  outcomes: string[];
  failingAfter: Record<string, string>;
  gaps: { typeErrors: Record<string, string>; missingFindings: Record<string, string>; failingTests: Record<string, string> };
}
const expected = JSON.parse(readFileSync(join(fixtureDir, 'expected-findings.json'), 'utf8')) as Expected;

/** An environment where a lost endpoint or region fails fast on 127.0.0.1 instead of reaching AWS. */
function isolatedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(AWS_|ORDERS_|NODE_TEST_CONTEXT)/.test(k)) env[k] = v;
  return {
    ...env,
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: '/nonexistent',
    AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  };
}

/** Runs the service's own tests in `dir`: the names of the failing and the count of the passing tests (TAP). */
function ownTests(dir: string): { failing: string[]; passing: number; output: string } {
  const files = ['test/integration/orders.test.ts', 'test/integration/stream.test.ts', 'test/unit/orders.stub.test.ts'];
  const r = spawnSync(process.execPath, ['--import', tsx, '--test', '--test-reporter=tap', ...files], {
    cwd: dir, encoding: 'utf8', env: isolatedEnv(), timeout: 120_000,
  });
  // Suites are reported as tests too: keep only the indented (leaf) lines.
  const leaves = (status: string) => [...r.stdout.matchAll(new RegExp(`^ +${status} \\d+ - (.+)$`, 'gm'))].map((m) => m[1]!);
  return { failing: leaves('not ok').sort(), passing: leaves('ok').length, output: r.stdout + r.stderr };
}

/** `file:line severity code` of every finding the CLI printed (`file:line:col severity code message`). */
function findingKeys(stderr: string): string[] {
  return [...stderr.matchAll(/^(\S+?:\d+):\d+ (error|warning|information) ([\w-]+) /gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort();
}

describe('multi-file service fixture', () => {
  let copy: string;
  before(() => {
    copy = mkdtempSync(join(tmpdir(), 'migrate-service-'));
    cpSync(fixtureDir, copy, { recursive: true });
    symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  });

  it('the v2 service type-checks and its own tests pass against dynalite', () => {
    assert.deepEqual(typeErrors(projectProgram(copy), copy), []);
    const run = ownTests(copy);
    assert.deepEqual(run.failing, [], run.output);
    assert.equal(run.passing, 5, run.output);
  });

  it('migrate --write: exactly the expected findings; the migrated service type-checks and its tests pass but for what is named', () => {
    const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', 'src', 'test', '--write'], { cwd: copy, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(findingKeys(r.stderr), [...expected.findings].sort(), r.stderr);
    for (const gap of Object.keys(expected.gaps.missingFindings)) assert.ok(!findingKeys(r.stderr).includes(gap), `gap closed, move it into findings: ${gap}`);
    assert.deepEqual(r.stderr.split('\n').filter((l) => /^\S+: (migrated|not migrated|no DynamoDB use)/.test(l)).sort(), [...expected.outcomes].sort());
    assert.match(readFileSync(join(copy, 'src', 'db', 'client.ts'), 'utf8'), /endpoint: process\.env\.ORDERS_DDB_ENDPOINT/);

    assert.deepEqual(typeErrors(projectProgram(copy), copy).sort(), Object.keys(expected.gaps.typeErrors).sort());
    const run = ownTests(copy);
    assert.deepEqual(run.failing, [...Object.keys(expected.failingAfter), ...Object.keys(expected.gaps.failingTests)].sort(), run.output);
    assert.equal(run.passing + run.failing.length, 5, run.output);
  });
});
