// Which profile formats compare in absolute terms, on real profiles: Go runtime/pprof (CPU),
// @datadog/pprof (CPU and wall columns), V8 .cpuprofile (node --cpu-prof) and a Chrome trace.
// Across measures only shares are compared; the text, the JSON (against its schema) and the
// lens say so.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { compareFiles, compareFileSets, type FileComparison } from '../../../src/core/compare/compareFiles';
import { CompareError } from '../../../src/core/compare/compareAnalyses';
import { formatComparisonText } from '../../../src/core/compare/format/formatText';
import { lensTextForRow } from '../../../src/core/compare/lensDelta';
import { readRunRecord, runRecordPathFor } from '../../../src/core/compare/runRecord';
import { fleetLines, parseFleetOptions } from '../../../src/cli/compareFleetEstimate';

const GO = 'fixtures/go-adserver/profiles';
const NODE = 'fixtures/node-adserver/profiles';
const NODE_SRC = 'fixtures/node-adserver/src';
const V8 = 'fixtures/third-party/v8';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync('schemas/compare.schema.json', 'utf8')));

async function withRecords(beforePath: string, afterPath: string, sampleType?: string): Promise<FileComparison> {
  const [b, a] = await Promise.all([readRunRecord(runRecordPathFor(beforePath)), readRunRecord(runRecordPathFor(afterPath))]);
  return compareFiles({ path: beforePath, runRecord: b }, { path: afterPath, runRecord: a }, { root: NODE_SRC, ...(sampleType ? { sampleType } : {}) });
}

function line(text: string, pattern: RegExp): string {
  const found = text.split('\n').find((l) => pattern.test(l));
  assert.ok(found, `no line matching ${pattern} in:\n${text}`);
  return found;
}

describe('absolute comparisons only between profiles that measure the same thing', () => {
  let cpuVsWall: FileComparison;
  before(async () => {
    // @datadog/pprof CPU time (3,300 requests) against node --cpu-prof (2,878 requests, trimmed to the run's window)
    cpuVsWall = await withRecords(`${NODE}/before-v2.pb.gz`, `${NODE}/after-v3.cpuprofile`);
  });

  it('@datadog/pprof CPU vs V8 .cpuprofile: not comparable, JSON changes null, shares compared, schema valid', () => {
    const c = cpuVsWall.comparison;
    assert.equal(c.absolute.comparable, false);
    assert.equal(c.absolute.short, 'CPU vs wall time');
    assert.deepEqual(c.absolute.before, { name: 'CPU', description: 'CPU time (pprof cpu/nanoseconds)' });
    assert.equal(c.absolute.after.name, 'Wall time');
    assert.match(c.absolute.reason!, /^before is CPU time \(pprof cpu\/nanoseconds\); after is wall time of the sampled JS thread, the measured time between V8 samples/);
    assert.equal(c.normalization, 'share');
    assert.equal(c.totals.changeWeightPercent, null);
    assert.equal(c.totals.changePerRequestPercent, null);
    assert.equal(c.totals.changeDynamoPerRequestPercent, null);
    assert.equal(c.totals.changeRequestsPercent?.toFixed(1), '-12.8');
    assert.equal(c.replicates, undefined);
    // each side's own figures stay: the sidecars' 4,929 µs CPU per request (pprof) and 5,047 µs of busy main-thread time (V8)
    assert.equal(Math.round(c.totals.before.perRequest! / 1e3), 4929);
    assert.equal(Math.round(c.totals.after.perRequest! / 1e3), 5047);
    assert.equal(c.totals.dynamoShareChangePoints.toFixed(1), '-8.6');
    assert.equal(c.totals.dynamoShareSignificant, true);
    const site = c.callSites.find((r) => r.after.ref?.relativePath === 'src/repository/v3-adapter.ts' && r.after.ref.line === 64);
    assert.ok(site);
    assert.equal(site.changeWeightPercent, null);
    assert.equal(site.changePerRequestPercent, undefined);
    // The line's credited share: measured (2.0 % → 1.5 %) and estimated (its share of the async parsing).
    assert.equal(site.shareChangePoints.toFixed(2), '0.14');
    assert.ok(site.before.estimatedWeight! > 0 && site.after.estimatedWeight! > 0);
    assert.ok(validate(JSON.parse(JSON.stringify(c))), JSON.stringify(validate.errors));
  });

  it('the text says "not comparable" on every absolute and per-request row, and compares shares', () => {
    const text = formatComparisonText(cpuVsWall.comparison);
    assert.match(text.split('\n')[0]!, /\(shares only: absolute and per-request values are not comparable, CPU vs wall time\)$/);
    assert.match(line(text, /^CPU \/ wall time in profile/), /^CPU \/ wall time in profile\s+16\.27 s\s+14\.53 s\s+not comparable: CPU vs wall time$/);
    assert.match(line(text, /^CPU \/ wall time per request/), /^CPU \/ wall time per request\s+4\.929 ms\s+5\.047 ms\s+not comparable: CPU vs wall time$/);
    assert.match(line(text, /^DynamoDB marshalling per request/), /\s+not comparable: CPU vs wall time$/);
    assert.match(line(text, /^DynamoDB marshalling share/), /^DynamoDB marshalling share\s+52\.17% ±0\.5\s+43\.57% ±0\.5\s+-8\.6 pp$/);
    // Call-site rows under the cut are counted, with the part of the share they hold, never dropped silently.
    const callSiteTable = text.slice(text.indexOf('Call sites ('), text.indexOf('SDK functions ('));
    assert.match(callSiteTable, /\n\(1 more under 0\.50% on both sides: 0\.00% before, 0\.02% after; --json lists every row\)\n/);
    // The headline's parts per side, adding up to it (measured + estimated + unattributed).
    assert.match(line(text, /^  measured on your lines/), /^  measured on your lines\s+\d+\.\d\d%\s+\d+\.\d\d%\s+[-+±]\d+\.\d pp$/);
    for (const side of ['before', 'after'] as const) {
      const t = cpuVsWall.comparison.totals[side];
      const a = t.attribution!;
      assert.ok(Math.abs(a.measuredShare + a.estimatedShare + a.unattributedShare - t.dynamoShare) < 1e-6, side);
    }
    assert.match(line(text, /^recordImpression repository\/v2-adapter\.ts:55/), /\s+not comparable, \+0\.1 pp \(n\.s\.\)\s+operation$/);
    assert.match(line(text, /Only shares are compared: before is CPU time/), /record both sides with the same profiler and value column/);
  });

  it('the comparison lens gives the change of share, marked, and the fleet estimate is refused', () => {
    const c = cpuVsWall.comparison;
    const site = c.callSites.find((r) => r.after.ref?.line === 64)!;
    assert.equal(lensTextForRow(site, c), '2.2% \u2192 2.3% DynamoDB (share +6%, within noise; per request not comparable: CPU vs wall time)');
    const fleet = fleetLines(c, parseFleetOptions({ 'fleet-rate': '70M/h' })!);
    assert.match(fleet[0]!, /^no fleet estimate: CPU per request is not comparable between the sides \(before is CPU time/);
  });

  it('@datadog/pprof wall vs V8: both wall time of the JS thread, valued differently — not comparable', async () => {
    const { comparison: c } = await withRecords(`${NODE}/before-v2.pb.gz`, `${NODE}/after-v3.cpuprofile`, 'wall');
    assert.equal(c.absolute.comparable, false);
    assert.equal(c.absolute.short, 'wall time measured differently');
    assert.match(c.absolute.before.description, /nominal sampling interval/);
    assert.match(formatComparisonText(c), /^Wall time per request\s+\S+ ms\s+5\.047 ms\s+not comparable: wall time measured differently$/m);
  });

  it('sample counts of different profilers: not comparable', async () => {
    // Go's runtime/pprof samples at 100 Hz, node --cpu-prof every 1,000 µs
    const { comparison: c } = await compareFiles({ path: `${GO}/before-v1.pb.gz` }, { path: `${NODE}/after-v3.cpuprofile` }, { root: NODE_SRC, sampleType: 'samples' });
    assert.equal(c.absolute.comparable, false);
    assert.equal(c.absolute.short, 'samples measured differently');
    assert.equal(c.totals.changeWeightPercent, null);
  });

  it('V8 vs V8: comparable, named wall time, per request with its interval', async () => {
    const { comparison: c } = await withRecords(`${NODE}/before-v2.cpuprofile`, `${NODE}/after-v3.cpuprofile`);
    assert.equal(c.absolute.comparable, true);
    assert.equal(c.normalization, 'per-request');
    assert.equal(c.absolute.short, undefined);
    // fixture README: main-thread busy time per request 9,506 µs → 5,047 µs
    assert.equal(Math.round(c.totals.before.perRequest! / 1e3), 9506);
    assert.equal(c.totals.changePerRequestPercent?.toFixed(1), '-46.9');
    assert.match(formatComparisonText(c), /^Wall time per request\s+9\.506 ms\s+5\.047 ms\s+-46\.9% \(sampling 95 % CI/m);
  });

  it('Go runtime/pprof CPU vs @datadog/pprof CPU: both CPU time, comparable', async () => {
    const { comparison: c } = await compareFiles({ path: `${GO}/before-v1.pb.gz`, requests: { kind: 'count', requests: 990 } }, { path: `${NODE}/after-v3.pb.gz`, requests: { kind: 'count', requests: 2218 } }, { root: NODE_SRC });
    assert.equal(c.absolute.comparable, true);
    assert.equal(c.absolute.after.name, 'CPU');
    assert.match(formatComparisonText(c), /^CPU per request\s+16\.57 ms\s+5\.870 ms\s+-64\.6%/m);
  });

  it('V8 .cpuprofile vs a Chrome trace: both V8 wall time, comparable; Go pprof vs Chrome trace: not', async () => {
    const v8 = await compareFiles({ path: `${V8}/speedscope_chrome65_simple.cpuprofile` }, { path: `${V8}/speedscope_chrome116_trace-with-ProfileChunk.json` }, { root: NODE_SRC });
    assert.equal(v8.comparison.absolute.comparable, true);
    assert.equal(v8.comparison.absolute.after.name, 'Wall time');
    assert.match(formatComparisonText(v8.comparison), /^Wall time in profile\s/m);
    const mixed = await compareFiles({ path: `${GO}/before-v1.pb.gz` }, { path: `${V8}/speedscope_chrome116_trace-with-ProfileChunk.json` }, { root: NODE_SRC });
    assert.equal(mixed.comparison.absolute.short, 'CPU vs wall time');
  });

  it('a speedscope file (its clock unstated) vs Go pprof CPU: not comparable; two speedscope files: comparable', async () => {
    const scope = 'fixtures/third-party/speedscope/speedscope_0.6.0_two-sampled.speedscope.json';
    const mixed = await compareFiles({ path: `${GO}/before-v1.pb.gz` }, { path: scope }, { root: NODE_SRC });
    assert.equal(mixed.comparison.absolute.comparable, false);
    assert.equal(mixed.comparison.absolute.short, 'CPU vs time');
    assert.match(mixed.comparison.absolute.reason!, /after is sampled time whose clock \(CPU or wall\) the speedscope file does not state \(time\/nanoseconds\)$/);
    const same = await compareFiles({ path: scope }, { path: scope }, { root: NODE_SRC });
    assert.equal(same.comparison.absolute.comparable, true);
  });

  it('replicates of one side must measure the same thing: a pprof and a .cpuprofile are not pooled', async () => {
    await assert.rejects(
      compareFileSets([{ path: `${NODE}/before-v2.pb.gz` }, { path: `${NODE}/before-v2.cpuprofile` }], [{ path: `${NODE}/after-v3.pb.gz` }], { root: NODE_SRC }),
      (e: unknown) => e instanceof CompareError && /cannot pool .*before-v2\.cpuprofile \(v8-cpuprofile wall\/nanoseconds\) with .*before-v2\.pb\.gz \(pprof cpu\/nanoseconds\): replicates must measure the same thing \(CPU vs wall time\)/.test(e.message),
    );
  });
});
