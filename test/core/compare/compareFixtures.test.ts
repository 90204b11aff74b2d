// The comparison on the real fixture profiles, against the figures of fixtures/README.md
// ("Before vs after (CPU per request)") and the run sidecars beside each profile.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compareFiles, type FileComparison } from '../../../src/core/compare/compareFiles';
import { buildDiffTree, renamesFromComparison, type DiffNode } from '../../../src/core/compare/diffTree';
import { callSiteRowAt, lensTextForRow } from '../../../src/core/compare/lensDelta';
import { readRunRecord, runRecordPathFor } from '../../../src/core/compare/runRecord';
import type { Comparison, CompareRow } from '../../../src/core/compare/types';

const GO = 'fixtures/go-adserver/profiles';
const NODE = 'fixtures/node-adserver/profiles';

async function compareWithSidecars(beforePath: string, afterPath: string, root: string): Promise<FileComparison> {
  const [b, a] = await Promise.all([readRunRecord(runRecordPathFor(beforePath)), readRunRecord(runRecordPathFor(afterPath))]);
  return compareFiles({ path: beforePath, runRecord: b }, { path: afterPath, runRecord: a }, { root });
}

/** The outermost nodes of a name (a function's cumulative weight is the sum over them). */
function outermost(node: DiffNode, name: string, out: DiffNode[] = []): DiffNode[] {
  if (node.name === name) out.push(node);
  else for (const child of node.children) outermost(child, name, out);
  return out;
}

function sidecar(path: string): Record<string, number> {
  return JSON.parse(readFileSync(runRecordPathFor(path), 'utf8'));
}

function within(actual: number, expected: number, relative: number, what: string): void {
  assert.ok(Math.abs(actual / expected - 1) <= relative, `${what}: ${actual} vs ${expected} (±${relative * 100}%)`);
}

function categoryRow(c: Comparison, key: string): CompareRow {
  const row = c.categories.find((r) => r.key === key);
  assert.ok(row, `category ${key} in ${c.categories.map((r) => r.key).join(', ')}`);
  return row;
}

describe('compare go-adserver before-v1.pb.gz → after-v2.pb.gz with sidecar request counts', () => {
  let c: Comparison;
  let files: FileComparison;
  before(async () => {
    files = await compareWithSidecars(`${GO}/before-v1.pb.gz`, `${GO}/after-v2.pb.gz`, 'fixtures/go-adserver/src');
    c = files.comparison;
  });

  it('gives the README CPU per request: 16566 µs → 9306 µs (−44 %)', () => {
    assert.equal(c.normalization, 'per-request');
    assert.equal(c.totals.before.requests, 990);
    assert.equal(c.totals.after.requests, 1585);
    within(c.totals.before.perRequest! / 1e3, 16566, 0.001, 'before CPU/request µs');
    within(c.totals.after.perRequest! / 1e3, 9306, 0.001, 'after CPU/request µs');
    assert.equal(Math.round(c.totals.changePerRequestPercent!), -44);
  });

  it('gives the README DynamoDB marshalling share 84.6 % → 67.1 %, and its per-request cost 14020 → 6246 µs', () => {
    assert.ok(Math.abs(c.totals.before.dynamoShare - sidecar(`${GO}/before-v1.pb.gz`).ddb_marshalling_pct!) < 0.5, `${c.totals.before.dynamoShare}`);
    assert.ok(Math.abs(c.totals.after.dynamoShare - sidecar(`${GO}/after-v2.pb.gz`).ddb_marshalling_pct!) < 0.5, `${c.totals.after.dynamoShare}`);
    assert.ok(Math.abs(c.totals.dynamoShareChangePoints - (67.12 - 84.63)) < 0.5, `${c.totals.dynamoShareChangePoints}`);
    assert.equal(c.totals.dynamoShareSignificant, true);
    within(c.totals.before.dynamoPerRequest! / 1e3, 14020, 0.01, 'before marshalling µs/request');
    within(c.totals.after.dynamoPerRequest! / 1e3, 6246, 0.01, 'after marshalling µs/request');
  });

  for (const method of ['GetUserActivity', 'GetTargetingModel']) {
    it(`matches ${method} across ddbv1 → ddbv2 by name, function and call sites`, () => {
      const fn = c.userFunctions.find((r) => r.after.ref?.name === `github.com/example/adserver/internal/repository/ddbv2.(*Adapter).${method}`);
      assert.ok(fn);
      assert.equal(fn.status, 'matched');
      assert.equal(fn.matchedBy, 'name');
      assert.equal(fn.before.ref?.name, `github.com/example/adserver/internal/repository/ddbv1.(*Adapter).${method}`);
      assert.equal(fn.before.ref?.relativePath, 'internal/repository/ddbv1/adapter.go');
      assert.equal(fn.after.ref?.relativePath, 'internal/repository/ddbv2/adapter.go');
      // With after-v2's cut stacks repaired: GetUserActivity −61 %, GetTargetingModel −39 % per request.
      assert.ok(fn.changePerRequestPercent! < -30, `${fn.changePerRequestPercent}`);
      const sites = c.callSites.filter((r) => r.after.ref?.name.endsWith(`ddbv2.(*Adapter).${method}`));
      assert.ok(sites.length >= 2);
      for (const s of sites) {
        assert.equal(s.status, 'matched');
        assert.equal(s.before.ref?.relativePath, 'internal/repository/ddbv1/adapter.go');
        assert.notEqual(s.before.ref?.line, s.after.ref?.line);
      }
    });
  }

  it('gives the lens text of the GetUserActivity query line', () => {
    const row = callSiteRowAt(c, 'internal/repository/ddbv2/adapter.go', 44);
    assert.ok(row);
    assert.equal(row.before.ref?.line, 49);
    // 50.73 % → 31.07 % of the profile (cut stacks repaired); per request 8.32 s / 990 → 4.58 s / 1585: −65.6 %
    assert.equal(lensTextForRow(row), '50.7% → 31.1% DynamoDB (−66% per request)');
  });

  it('builds a differential flame graph whose renamed adapter nodes carry both sides', () => {
    const tree = buildDiffTree(files.before.profile, files.after.profile, {
      beforeScale: c.totals.after.requests! / c.totals.before.requests!,
      rename: renamesFromComparison(c),
    });
    assert.equal(tree.value, files.after.profile.totalWeight);
    const gua = outermost(tree, 'github.com/example/adserver/internal/repository/ddbv2.(*Adapter).GetUserActivity');
    const sum = (f: (n: DiffNode) => number) => gua.reduce((a, n) => a + f(n), 0);
    // go tool pprof -top -cum: 9.27 s before (ddbv1), 1.54 s after (ddbv2); the tree drops nodes under 0.1 %
    assert.ok(Math.abs(sum((n) => n.before) - 9.27e9) < 0.03e9, `${sum((n) => n.before)}`);
    assert.ok(Math.abs(sum((n) => n.value) - 1.54e9) < 0.03e9, `${sum((n) => n.value)}`);
    assert.ok(sum((n) => n.delta) < 0);
    const vanished = outermost(tree, 'github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal');
    assert.ok(vanished.length > 0);
    for (const n of vanished) assert.ok(n.value === 0 && n.delta < 0, 'a vanished v1 frame has no width and a negative delta');
  });

  it('lists the v1 SDK frames as vanished and the v2 ones as appeared', () => {
    const unmarshalJson = c.sdkFunctions.find((r) => r.key === 'github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.UnmarshalJSON');
    assert.equal(unmarshalJson?.status, 'vanished');
    assert.ok(Math.abs(unmarshalJson.before.share - 75.18) < 0.01); // go tool pprof -top -cum: 75.18 %
    assert.ok(c.sdkFunctions.some((r) => r.status === 'appeared' && r.key.includes('awsAwsjson10_deserializeDocumentAttributeValue')));
    assert.ok(c.matchSummary.sdkFunctions.vanished! > 10 && c.matchSummary.sdkFunctions.appeared! > 10);
    assert.deepEqual(c.sdkChanges, { vanished: ['aws-sdk-go-v1'], appeared: ['aws-sdk-go-v2'] });
  });
});

describe('compare node-adserver before-v2.cpuprofile → after-v3.cpuprofile with sidecar request counts and windows', () => {
  let c: Comparison;
  before(async () => {
    c = (await compareWithSidecars(`${NODE}/before-v2.cpuprofile`, `${NODE}/after-v3.cpuprofile`, 'fixtures/node-adserver/src')).comparison;
  });

  it('gives the README main-thread busy time per request: 9506 µs → 5047 µs (−47 %)', () => {
    within(c.totals.before.perRequest! / 1e3, 9506, 0.001, 'before busy/request µs');
    within(c.totals.after.perRequest! / 1e3, 5047, 0.001, 'after busy/request µs');
    assert.equal(c.totals.before.totalCount, sidecar(`${NODE}/before-v2.cpuprofile`).window_non_idle_samples);
    assert.equal(Math.round(c.totals.changePerRequestPercent!), -47);
  });

  it('gives the DynamoDB share 48.4 % → 45.1 % of the README (±1.5 pp: classifiers differ) and marshalling per request −51 %', () => {
    assert.ok(Math.abs(c.totals.before.dynamoShare - 48.37) < 1.5, `${c.totals.before.dynamoShare}`);
    assert.ok(Math.abs(c.totals.after.dynamoShare - 45.07) < 1.5, `${c.totals.after.dynamoShare}`);
    assert.ok(c.totals.dynamoShareChangePoints < 0 && c.totals.dynamoShareSignificant);
    assert.ok(Math.abs(c.totals.changeDynamoPerRequestPercent! - (2275 / 4598 - 1) * 100) < 3, `${c.totals.changeDynamoPerRequestPercent}`);
  });

  it('shows protocol unmarshalling shrinking and attribute-value unmarshalling growing, both significantly', () => {
    const protocol = categoryRow(c, 'protocol-unmarshal');
    assert.ok(protocol.shareChangePoints < -4 && protocol.significant, `${protocol.shareChangePoints}`);
    assert.ok(protocol.changePerRequestPercent! < -40);
    const attribute = categoryRow(c, 'attribute-unmarshal');
    assert.ok(attribute.shareChangePoints > 2 && attribute.significant, `${attribute.shareChangePoints}`);
  });

  it('matches the adapter functions of v2-adapter.ts with those of v3-adapter.ts (through the tsc source maps)', () => {
    for (const name of ['getUserActivity', 'getTargetingModel', 'recordImpression']) {
      const fn = c.userFunctions.find((r) => r.after.ref?.name === name);
      assert.equal(fn?.status, 'matched', name);
      assert.equal(fn.matchedBy, 'name');
      assert.equal(fn.before.ref!.relativePath, 'src/repository/v2-adapter.ts');
      assert.equal(fn.after.ref!.relativePath, 'src/repository/v3-adapter.ts');
    }
  });

  it('lists aws-sdk v2 as vanished and v3 as appeared', () => {
    assert.deepEqual(c.sdkChanges, { vanished: ['aws-sdk-js-v2'], appeared: ['aws-sdk-js-v3'] });
  });
});

describe('compare go-adserver before-v1.pb.gz → before-v1-trimpath.pb.gz (same build, other path style)', () => {
  let c: Comparison;
  before(async () => {
    c = (await compareFiles({ path: `${GO}/before-v1.pb.gz` }, { path: `${GO}/before-v1-trimpath.pb.gz` }, { root: 'fixtures/go-adserver/src' })).comparison;
  });

  it('shows no significant change in any category nor in the DynamoDB share', () => {
    assert.ok(c.categories.length >= 3);
    for (const row of c.categories) assert.equal(row.significant, false, `${row.key}: ${row.shareChangePoints} pp`);
    assert.deepEqual(c.sdkChanges, { vanished: [], appeared: [] });
    assert.equal(c.totals.dynamoShareSignificant, false);
  });

  it('pairs every user function with itself although the recorded paths differ', () => {
    assert.deepEqual(c.matchSummary.userFunctions, { same: 3 });
    const gua = c.userFunctions.find((r) => r.key.endsWith('GetUserActivity'))!;
    assert.equal(gua.before.ref?.file, '/home/dev/adserver/internal/repository/ddbv1/adapter.go');
    assert.equal(gua.after.ref?.file, 'github.com/example/adserver/internal/repository/ddbv1/adapter.go');
    assert.equal(gua.significant, false);
  });
});
