// TypeScript run without a build (`node --import tsx main.ts`, the way many services run in
// development): tsx transforms each module in memory, so V8 reports positions in its output (the
// whole module on one or two lines), not in the `.ts` file on disk. `record` maps the call sites
// through the source maps tsx registers with Node, so the recorded call sites, their callers and
// the analysis land on the `.ts` lines of the SDK calls (real tsx, aws-sdk v3, dynalite, both
// formats).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite';
import { runNode } from '../helpers/runNode';

const SERVICE = 'test/fixtures/record-tsx';

/** The 1-based line of `store.ts` (or `main.ts`) holding `text`. */
function lineOf(file: string, text: string): number {
  const lines = readFileSync(join(SERVICE, file), 'utf8').split('\n');
  const i = lines.findIndex((l) => l.includes(text));
  assert.ok(i >= 0, `${text} in ${file}`);
  return i + 1;
}
const QUERY_LINE = lineOf('store.ts', 'client.send(new QueryCommand');
const GET_LINE = lineOf('store.ts', 'client.send(new GetCommand');
const LIST_CALLER_LINE = lineOf('main.ts', "await listOrders('user-1')");
const GET_CALLER_LINE = lineOf('main.ts', "await getOrder('user-1'");


describe('record: TypeScript transformed in memory by tsx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-tsx-'));
  let local: LocalDynamo;

  before(async () => {
    await build({ entryPoints: [{ in: 'src/cli/main.ts', out: 'cli' }, { in: 'src/record/preload.ts', out: 'record' }], outdir: dir, bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['@datadog/pprof'], logLevel: 'warning', nodePaths: [join(process.cwd(), 'node_modules')] });
    local = await startDynalite();
    await local.createTable('orders', 'pk', 'sk');
    const items = Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { pk: { S: 'user-1' }, sk: { S: `order#${String(i).padStart(3, '0')}` }, total: { N: String(i * 3) }, note: { S: `order ${i} of user-1 `.repeat(8) } } } }));
    await local.client.send(new BatchWriteItemCommand({ RequestItems: { orders: items } }));
  });

  after(async () => {
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const format of ['pprof', 'cpuprofile'] as const) {
    it(`${format}: the recorded call sites and callers are the .ts lines of the SDK calls, and the analysis credits them there`, async () => {
      const out = join(dir, `tsx${format === 'pprof' ? '.pb.gz' : '.cpuprofile'}`);
      const r = await runNode([join(dir, 'cli.js'), 'record', '--out', out, '--format', format, '--', process.execPath, '--import', 'tsx', `${SERVICE}/main.ts`], {
        ...process.env,
        DDB_ENDPOINT: local.endpoint,
        DDB_DURATION_MS: '1500',
      });
      assert.equal(r.status, 0, r.stderr);
      // The summary of record: each call site once, on its line of store.ts, with its caller in main.ts.
      assert.match(r.stderr, new RegExp(`Query on DynamoDBDocumentClient  listOrders  \\S+store\\.ts:${QUERY_LINE}:\\d+  ← main \\S+main\\.ts:${LIST_CALLER_LINE}:\\d+`), r.stderr);
      assert.match(r.stderr, new RegExp(`Get on DynamoDBDocumentClient  getOrder  \\S+store\\.ts:${GET_LINE}:\\d+  ← main \\S+main\\.ts:${GET_CALLER_LINE}:\\d+`), r.stderr);
      const { analysis } = await analyzeFile(out, { root: SERVICE });
      const sites = analysis.callSites.filter((s) => s.dynamoWeight > 0);
      const lines = sites.map((s) => `${s.relativePath}:${s.line} ${s.functionName}`);
      // Besides the recorded lines, only the functions' declarations: V8's own frames of the synchronous part of a call
      // (a .cpuprofile's line ticks have no column to map) land there, function-level.
      const declarations = [`store.ts:${lineOf('store.ts', 'export async function listOrders')} listOrders`, `store.ts:${lineOf('store.ts', 'export async function getOrder')} getOrder`];
      const recorded = [`store.ts:${QUERY_LINE} listOrders`, `store.ts:${GET_LINE} getOrder`];
      for (const line of recorded) assert.ok(lines.includes(line), `${line} in ${lines.join(', ')}`);
      for (const line of lines) assert.ok([...recorded, ...declarations].includes(line), `${line} is a recorded line or a declaration: ${lines.join(', ')}`);
      const weight = (keep: (line: string) => boolean) => sites.filter((_, i) => keep(lines[i]!)).reduce((sum, s) => sum + s.dynamoWeight, 0);
      assert.ok(weight((l) => recorded.includes(l)) >= 0.9 * weight(() => true), `≥ 90 % of the DynamoDB weight on the recorded lines: ${sites.map((s, i) => `${lines[i]} ${s.dynamoWeight}`).join(', ')}`);
      const callers = analysis.callSites.find((s) => s.line === QUERY_LINE)?.callers?.map((c) => `${c.relativePath}:${c.line}`);
      assert.deepEqual(callers, [`main.ts:${LIST_CALLER_LINE}`]);
      // The profiler's own frames of the .ts files still hold tsx's positions: said, with what is exact.
      assert.match(analysis.warnings.find((w) => w.includes('transformed in memory')) ?? analysis.warnings.join('\n'), /transformed in memory .*; the recorded call sites are exact/);
      if (format === 'cpuprofile') {
        // The same recording as an older recorder wrote it (call sites in tsx's positions: line 2, a comment):
        // the rows go to the functions' declarations and the warning says to record again.
        const profile = JSON.parse(readFileSync(out, 'utf8')) as { dynamoHotpathLabels: { labelSets: Record<string, string>[] } };
        for (const labels of profile.dynamoHotpathLabels.labelSets) {
          if (labels['ddb.call_site']?.includes('store.ts')) labels['ddb.call_site'] = labels['ddb.call_site'].replace(/:\d+:\d+$/, ':2:900');
        }
        const old = join(dir, 'old-recorder.cpuprofile');
        writeFileSync(old, JSON.stringify(profile));
        const reread = (await analyzeFile(old, { root: SERVICE })).analysis;
        const rows = reread.callSites.filter((s) => s.relativePath === 'store.ts' && s.dynamoWeight > 0).map((s) => `${s.line} ${s.functionName}`);
        assert.deepEqual([...new Set(rows)].sort(), declarations.map((d) => d.replace('store.ts:', '')).sort());
        assert.match(reread.warnings.find((w) => w.includes('transformed in memory')) ?? reread.warnings.join('\n'), /its recorded call sites are among them \(a recorder that did not map them\): record again/);
      }
    });
  }

  it('a plain profile of the same run (node --cpu-prof --import tsx): positions on comment lines or beyond a line\'s end are not placed there; a warning names the file', async () => {
    const profiles = join(dir, 'plain');
    mkdirSync(profiles);
    const r = await runNode(['--cpu-prof', '--cpu-prof-dir', profiles, '--import', 'tsx', `${SERVICE}/main.ts`], { ...process.env, DDB_ENDPOINT: local.endpoint, DDB_DURATION_MS: '1500' });
    assert.equal(r.status, 0, r.stderr);
    // tsx's loader thread writes a profile of its own: the main thread's is the largest.
    const main = readdirSync(profiles).map((f) => join(profiles, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    const { analysis } = await analyzeFile(main, { root: SERVICE });
    const store = readFileSync(join(SERVICE, 'store.ts'), 'utf8').split('\n');
    const main_ = readFileSync(join(SERVICE, 'main.ts'), 'utf8').split('\n');
    const lineText = (s: { relativePath: string; line: number }) => (s.relativePath === 'store.ts' ? store : main_)[s.line - 1] ?? '';
    const rows = analysis.callSites.filter((s) => s.relativePath.endsWith('.ts'));
    assert.ok(rows.length > 0, 'rows on the .ts files');
    for (const row of rows) assert.doesNotMatch(lineText(row), /^\s*(\/\/|$)/, `${row.relativePath}:${row.line} is a comment or blank line`);
    // tsx runs each module as one or two lines: the functions land on their declarations, by name.
    const storeRows = rows.filter((s) => s.relativePath === 'store.ts').map((s) => `${s.line} ${s.functionName}`);
    for (const row of storeRows) assert.ok([`${lineOf('store.ts', 'export async function listOrders')} listOrders`, `${lineOf('store.ts', 'export async function getOrder')} getOrder`].includes(row), storeRows.join(', '));
    const warning = analysis.warnings.find((w) => w.includes('transformed in memory'));
    assert.match(warning ?? analysis.warnings.join('\n'), /^2 TypeScript files were transformed in memory \(tsx, ts-node, @swc\/register…\): their positions do not match the source on disk — \d+ positions lie beyond the end of their line or on a comment or blank line \((store|main)\.ts \(\d+\), (main|store)\.ts \(\d+\)\); .*record with `dynamo-hotpath record`/);
  });
});
