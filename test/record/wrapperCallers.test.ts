// A service that reaches DynamoDB through a one-line helper (`query: (p) => client.query(p).promise()`)
// called by two handlers, one reading small items and one wide items: recorded with `dynamo-hotpath
// record` (real aws-sdk v2 / v3 against dynalite on 127.0.0.1, the real profilers), the helper's
// line is the call site and its share splits between the two handler lines by what each spent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';
import { startDynalite, type LocalDynamo } from '../helpers/dynalite';
import { runNode } from '../helpers/runNode';

const SERVICE = 'test/fixtures/record-wrapper';
/** The helper's SDK call per variant, and the handlers' calls of the helper (handlers.js). */
const HELPER_LINE = { v2: { file: 'db-v2.js', line: 8 }, v3: { file: 'db-v3.js', line: 10 } } as const;
/** The SDK calls of the handlers that call the SDK themselves (handlers-direct.js), the truth the breakdown is held to. */
const DIRECT_LINES = { badges: 7, orders: 13 };
const BADGES_LINE = 5;
const ORDERS_LINE = 10;


/** `n` items under pk `user-1` with `attributes` string attributes each. */
function items(n: number, attributes: number) {
  return Array.from({ length: n }, (_, i) => {
    const item: Record<string, { S: string }> = { pk: { S: 'user-1' }, sk: { S: `item#${String(i).padStart(3, '0')}` } };
    for (let a = 0; a < attributes; a++) item[`attr${a}`] = { S: `value ${a} of item ${i}` };
    return item;
  });
}

describe('record: a one-line wrapper called from two handlers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-record-wrapper-'));
  let local: LocalDynamo;

  before(async () => {
    await build({ entryPoints: [{ in: 'src/cli/main.ts', out: 'cli' }, { in: 'src/record/preload.ts', out: 'record' }], outdir: dir, bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['@datadog/pprof'], logLevel: 'warning', nodePaths: [join(process.cwd(), 'node_modules')] });
    local = await startDynalite();
    for (const [table, attributes] of [['badges', 2], ['orders', 40]] as const) {
      await local.createTable(table, 'pk', 'sk');
      const all = items(100, attributes);
      for (let i = 0; i < all.length; i += 25) {
        await local.client.send(new BatchWriteItemCommand({ RequestItems: { [table]: all.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
      }
    }
  });

  after(async () => {
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `dynamo-hotpath record` of main.js, the wrapped and the direct handlers in the same rounds; the analysis of the profile. */
  async function recordService(variant: 'v2' | 'v3', format: 'pprof' | 'cpuprofile') {
    const out = join(dir, `${variant}${format === 'pprof' ? '.pb.gz' : '.cpuprofile'}`);
    const r = await runNode([join(dir, 'cli.js'), 'record', '--out', out, '--format', format, '--', process.execPath, `${SERVICE}/main.js`], {
      ...process.env,
      DDB_ENDPOINT: local.endpoint,
      DDB_VARIANT: variant,
      DDB_DURATION_MS: '2000',
      DDB_DIRECT: '1',
      NODE_PATH: join(process.cwd(), 'node_modules'),
    });
    assert.equal(r.status, 0, r.stderr);
    return { stderr: r.stderr, analysis: (await analyzeFile(out, { root: SERVICE })).analysis };
  }

  for (const [variant, format] of [['v2', 'pprof'], ['v3', 'pprof'], ['v2', 'cpuprofile']] as const) {
    it(`${variant}, ${format}: the helper's share splits between the handler lines as the handlers' own calls spend it, parts summing to it`, async () => {
      const helper = HELPER_LINE[variant];
      const { stderr, analysis: a } = await recordService(variant, format);
      assert.match(stderr, new RegExp(`query\\s+\\S+${helper.file.replace('.', '\\.')}:${helper.line}:\\d+  ← listOrders \\S+handlers\\.js:${ORDERS_LINE}:\\d+`), stderr);

      const site = a.callSites.find((s) => s.relativePath === helper.file && s.line === helper.line);
      assert.ok(site, a.callSites.map((s) => `${s.relativePath}:${s.line}`).join(', '));
      const callers = site.callers ?? [];
      assert.deepEqual(callers.map((c) => `${c.relativePath}:${c.line} ${c.functionName}`), [`handlers.js:${ORDERS_LINE} listOrders`, `handlers.js:${BADGES_LINE} listBadges`]);
      const [orders, badges] = callers as [typeof callers[number], typeof callers[number]];
      // A part of the call site's share, never on top of it.
      assert.ok(Math.abs(orders.dynamoWeight + badges.dynamoWeight + (site.noCallerWeight ?? 0) - site.dynamoWeight) <= 1e-9 * site.dynamoWeight);
      assert.ok((site.noCallerWeight ?? 0) < 0.02 * site.dynamoWeight, `no caller: ${site.noCallerWeight}`);

      // The truth: the same handlers calling the SDK on their own lines in the same rounds, each line its own call site.
      const direct = (line: number) => a.callSites.find((s) => s.relativePath === 'handlers-direct.js' && s.line === line)?.dynamoWeight ?? 0;
      const trueShare = direct(DIRECT_LINES.orders) / (direct(DIRECT_LINES.orders) + direct(DIRECT_LINES.badges));
      const share = orders.dynamoWeight / (orders.dynamoWeight + badges.dynamoWeight);
      assert.ok(trueShare > 0.6, `wide items cost more: ${trueShare}`);
      // 2-s recordings: v3's split moves ±10 points from run to run at load 20 (wrapped and direct alike).
      assert.ok(share > 0.5, `the wide items' handler holds most of the helper: ${share}`);
      assert.ok(Math.abs(share - trueShare) < 0.2, `orders' part of the helper: ${(share * 100).toFixed(1)} %, called directly ${(trueShare * 100).toFixed(1)} %`);
    });
  }
});
