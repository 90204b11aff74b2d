/**
 * The JSON outputs of `analyze --json`, `compare --json`, `migrate --json` and `bench --json` against the JSON Schemas shipped in
 * schemas/ (validated with Ajv, draft 2020-12, strict mode): the CLI's own output once each, then
 * the same documents for every fixture profile, ours and other tools'.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';
import { compareFiles } from '../../src/core/compare/compareFiles';
import { readRunRecord } from '../../src/core/compare/runRecord';
import { toAnalysisJson } from '../../src/cli/analyzeJson';
import { runCli } from '../helpers/runCli';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validateAnalysis = ajv.compile(JSON.parse(readFileSync('schemas/analyze.schema.json', 'utf8')));
const validateComparison = ajv.compile(JSON.parse(readFileSync('schemas/compare.schema.json', 'utf8')));
const validateMigration = ajv.compile(JSON.parse(readFileSync('schemas/migrate.schema.json', 'utf8')));
const validateBench = ajv.compile(JSON.parse(readFileSync('schemas/bench.schema.json', 'utf8')));

function assertValid(validate: typeof validateAnalysis, doc: unknown, what: string): void {
  const ok = validate(doc);
  assert.ok(ok, `${what}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
}

const ANALYZED: [profile: string, root: string][] = [
  ['fixtures/go-adserver/profiles/before-v1.pb.gz', 'fixtures/go-adserver/src'],
  ['fixtures/go-adserver/profiles/before-v1-trimpath.pb.gz', 'fixtures/go-adserver/src'],
  ['fixtures/node-adserver/profiles/before-v2.cpuprofile', 'fixtures/node-adserver/src'],
  ['fixtures/node-adserver/profiles/after-v3.pb.gz', 'fixtures/node-adserver/src'],
  ['fixtures/third-party/pprof/google-pprof_sample.cpu.pb.gz', 'fixtures/go-adserver/src'],
  ['fixtures/third-party/pprof/parca_heap-aws-sdk-go_1644509299337903000.pb.gz', 'fixtures/go-adserver/src'],
  ['fixtures/third-party/v8/speedscope_chrome116_trace-with-ProfileChunk.json', 'fixtures/node-adserver/src'],
  ['fixtures/third-party/speedscope/speedscope_0.6.0_two-sampled.speedscope.json', 'fixtures/node-adserver/src'],
  ['fixtures/third-party/collapsed/speedscope_simple-with-invalids.txt', 'fixtures/node-adserver/src'],
];

describe('JSON outputs match their shipped JSON Schemas', () => {
  it('analyze --json (the CLI output) matches schemas/analyze.schema.json', () => {
    const r = runCli(['analyze', 'fixtures/go-adserver/profiles/before-v1.pb.gz', '--root', 'fixtures/go-adserver/src', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assertValid(validateAnalysis, doc, 'CLI');
    assert.equal(doc.callSites[0].dominant.sdk, 'aws-sdk-go-v1');
  });

  it('the analyze document of every fixture format matches, and a drifted one does not', async () => {
    for (const [profile, root] of ANALYZED) {
      const { analysis } = await analyzeFile(profile, { root: resolve(root) });
      assertValid(validateAnalysis, JSON.parse(JSON.stringify(toAnalysisJson(analysis, { root: resolve(root), top: 10 }))), profile);
    }
    const { analysis } = await analyzeFile(ANALYZED[0]![0], { root: resolve(ANALYZED[0]![1]) });
    const drifted = { ...JSON.parse(JSON.stringify(toAnalysisJson(analysis, { root: '/r', top: 1 }))), extra: 1 };
    assert.equal(validateAnalysis(drifted), false);
  });

  it('compare --json with two profiles per side and --fleet-rate matches, replicates and fleet lines included', () => {
    const R = 'fixtures/go-adserver/profiles/replicates';
    const r = runCli(['compare', '--before', `${R}/before-v1-r1.pb.gz`, `${R}/before-v1-r2.pb.gz`, '--after', `${R}/after-v2-r1.pb.gz`, `${R}/after-v2-r2.pb.gz`, '--run-records', '--root', 'fixtures/go-adserver/src', '--fleet-rate', '70M/h', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assertValid(validateComparison, doc, 'CLI replicates');
    assert.equal(doc.replicates.cpuPerRequest.change.method, 'replicates');
    assert.equal(doc.fleet.length, 2);
  });

  it('compare --json (the CLI output) matches schemas/compare.schema.json, with requests known', () => {
    const r = runCli(['compare', 'fixtures/go-adserver/profiles/before-v1.pb.gz', 'fixtures/go-adserver/profiles/after-v2.pb.gz', '--run-records', '--root', 'fixtures/go-adserver/src', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assertValid(validateComparison, doc, 'CLI');
    assert.equal(doc.normalization, 'per-request');
  });

  it('the comparison of the Node profiles (V8 windows, and pprof without requests) matches', async () => {
    const node = 'fixtures/node-adserver/profiles';
    const root = resolve('fixtures/node-adserver/src');
    const withRecords = await compareFiles(
      { path: `${node}/before-v2.cpuprofile`, runRecord: await readRunRecord(`${node}/before-v2.cpuprofile.json`) },
      { path: `${node}/after-v3.cpuprofile`, runRecord: await readRunRecord(`${node}/after-v3.cpuprofile.json`) },
      { root },
    );
    assertValid(validateComparison, JSON.parse(JSON.stringify(withRecords.comparison)), 'cpuprofile pair');
    const shares = await compareFiles({ path: `${node}/before-v2.pb.gz` }, { path: `${node}/after-v3.pb.gz` }, { root });
    const doc = JSON.parse(JSON.stringify(shares.comparison));
    assertValid(validateComparison, doc, 'pprof pair');
    assert.equal(doc.normalization, 'share');
  });

  it('migrate --json matches schemas/migrate.schema.json: the diff as a string, the counts the exit code comes from, only the closing count on stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrate-json-'));
    try {
      mkdirSync(join(dir, 'src'));
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
      copyFileSync('test/fixtures/migrate/converter-cjs-require.before.js', join(dir, 'src/store.js'));
      const r = runCli(['migrate', 'src', '--json'], { cwd: dir });
      assert.equal(r.code, 1, r.stderr);
      const doc = JSON.parse(r.stdout);
      assertValid(validateMigration, doc, 'migrate');
      assert.deepEqual(doc.changedFiles, ['src/store.js']);
      assert.deepEqual(doc.counts, { considered: 1, changed: 1, errors: 0 });
      assert.match(doc.diff, /^\+const \{ marshall, unmarshall \} = require\('@aws-sdk\/util-dynamodb'\);$/m);
      assert.equal(r.stderr, '1 of 1 file would change (run again with --write to apply)\n', 'only the closing count on stderr');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bench --json matches schemas/bench.schema.json', () => {
    const r = runCli(['bench', '--generate', 'flat:3', '--suite', 'conversion', '--budget-ms', '30', '--processes', '1', '--max-processes', '1', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assertValid(validateBench, doc, 'bench');
    assert.equal(doc.suites[0].comparisons.length, 4);
  });
});
