// Records the Node sample service (fixtures/node-adserver) with `dynamo-hotpath record`, against
// its canned DynamoDB endpoint on 127.0.0.1, with the real aws-sdk v2 / v3 packages and the real
// profilers (@datadog/pprof for pprof, V8's through the inspector for cpuprofile), then analyses
// the recorded profile.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Profile as PprofProfile, type Sample as PprofSample } from 'pprof-format';
import { build } from 'esbuild';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';

const SERVICE = 'fixtures/node-adserver/src';
/**
 * The line of each SDK call per adapter function: where the recorder sees it in the compiled
 * JavaScript the service runs (`dist`), and the TypeScript line the analysis maps it to through
 * the service's source maps (`ts`).
 */
const CALL_LINES = {
  v2: { dist: 'dist/repository/v2-adapter.js', file: 'src/repository/v2-adapter.ts', distLines: { getUserActivity: 64, getTargetingModel: 74, recordImpression: 87 }, lines: { getUserActivity: 31, getTargetingModel: 42, recordImpression: 56 } },
  v3: { dist: 'dist/repository/v3-adapter.js', file: 'src/repository/v3-adapter.ts', distLines: { getUserActivity: 69, getTargetingModel: 79, recordImpression: 92 }, lines: { getUserActivity: 40, getTargetingModel: 51, recordImpression: 65 } },
} as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('record: the Node sample service with aws-sdk v2 and v3', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-test-'));
  let fake: ChildProcess;
  let endpoint = '';

  before(async () => {
    // The CLI and the recorder as shipped: both bundles, side by side, built from today's sources.
    await build({ entryPoints: [{ in: 'src/cli/main.ts', out: 'cli' }, { in: 'src/record/preload.ts', out: 'record' }], outdir: dir, bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['@datadog/pprof'], logLevel: 'warning', nodePaths: [join(process.cwd(), 'node_modules')] });
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}`;
    fake = spawn(process.execPath, [`${SERVICE}/dist/fake-dynamodb.js`, '--port', String(port), '--data', 'fixtures/data'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      fake.once('exit', (code) => reject(new Error(`fake DynamoDB exited with ${code}`)));
      fake.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
    });
  });

  after(() => {
    fake?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [variant, format] of [['v2', 'pprof'], ['v3', 'pprof'], ['v2', 'cpuprofile'], ['v3', 'cpuprofile']] as const) {
    it(`${variant}, ${format}: credits ≥ 90 % of the marshalling to the adapter's calls, async parsing to the .ts line of each SDK call`, async () => {
      const out = join(dir, `${variant}${format === 'pprof' ? '.pb.gz' : '.cpuprofile'}`);
      const r = spawnSync(
        process.execPath,
        [join(dir, 'cli.js'), 'record', '--out', out, '--format', format, '--', process.execPath, `${SERVICE}/dist/main.js`, '--variant', variant, '--endpoint', endpoint, '--duration', '2', '--concurrency', '4', '--warmup', '30'],
        { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_PATH: join(process.cwd(), 'node_modules') } },
      );
      assert.equal(r.status, 0, r.stderr);
      const expected = CALL_LINES[variant];
      if (format === 'pprof') {
        // One label per sample (the context id); each context's labels once, on a stackless sample with no value.
        const written = PprofProfile.decode(gunzipSync(readFileSync(out)));
        const keys = (s: PprofSample) => s.label.map((l) => written.stringTable.strings[Number(l.key)]).join(',');
        assert.deepEqual([...new Set(written.sample.filter((s) => s.locationId.length > 0 && s.label.length > 0).map(keys))], ['ddb.ctx']);
        const table = written.sample.filter((s) => s.locationId.length === 0);
        assert.ok(table.length >= 3 && table.every((s) => s.value.every((v) => Number(v) === 0) && keys(s).includes('ddb.call_site')), `${table.length} context table samples`);
      }
      // The summary shows each site at its .ts line through the build's source maps, the recorded dist position beside it.
      const escape = (text: string) => text.replace(/[./]/g, '\\$&');
      const distName = expected.dist.slice(expected.dist.lastIndexOf('/') + 1);
      for (const [fn, line] of Object.entries(expected.distLines)) {
        const tsLine = expected.lines[fn as keyof typeof expected.lines];
        assert.match(r.stderr, new RegExp(`${fn}\\s+\\S+${escape(expected.file)}:${tsLine}:\\d+ \\(${escape(distName)}:${line}:\\d+\\)`), r.stderr);
      }

      const { analysis: a } = await analyzeFile(out, { root: SERVICE });
      const inAdapter = a.callSites.filter((s) => s.relativePath === expected.file && s.functionName in expected.lines);
      const credited = inAdapter.reduce((sum, s) => sum + s.dynamoWeight, 0);
      assert.ok(credited >= 0.9 * a.dynamoWeight, `${((credited / a.dynamoWeight) * 100).toFixed(1)}% of ${a.dynamoWeight} credited to the adapter`);
      const labelled = a.callSites.filter((s) => (s.labelledWeight ?? 0) > 0);
      assert.deepEqual(
        labelled.map((s) => `${s.functionName}:${s.line}`).sort(),
        Object.entries(expected.lines).map(([fn, line]) => `${fn}:${line}`).sort(),
      );
      assert.ok(a.attribution.labelledWeight > 0.5 * a.dynamoWeight, 'most marshalling runs in async continuations and is credited by label');
      assert.ok(a.attribution.unattributedWeight < 0.02 * a.dynamoWeight, `unattributed ${a.attribution.unattributedWeight}`);
      assert.deepEqual(a.coverage.unresolved.map((u) => u.profileFile), [], 'the recorder\'s own frames are no unmapped user file');
      const parts = a.attribution.measuredWeight + a.attribution.estimatedWeight + a.attribution.unattributedWeight;
      assert.ok(Math.abs(parts - a.dynamoWeight) < 1e-6 * a.dynamoWeight);
    });
  }
});
