/**
 * Comparisons with replicates on real profiles: fixtures/go-adserver/profiles/replicates holds
 * four profiled runs of the aws-sdk-go v1 build and two of the v2 build, recorded interleaved on
 * this busy 2-core machine, with their run records, and 6 + 6 interleaved un-profiled runs whose
 * CPU per request (rusage) is the ground truth of the change (ab-cpu-per-request.json).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compareFileSets, type CompareFileSide } from '../../../src/core/compare/compareFiles';
import { readRunRecord } from '../../../src/core/compare/runRecord';
import { changeInterval, replicateTotals } from '../../../src/core/compare/replicates';
import { makeRow } from '../../../src/core/compare/rows';

const DIR = 'fixtures/go-adserver/profiles/replicates';
const side = async (...names: string[]): Promise<CompareFileSide[]> =>
  Promise.all(names.map(async (n) => ({ path: `${DIR}/${n}.pb.gz`, runRecord: await readRunRecord(`${DIR}/${n}.pb.gz.json`) })));
const options = { root: 'fixtures/go-adserver/src' };

describe('compare with replicates', () => {
  const truth = JSON.parse(readFileSync(`${DIR}/ab-cpu-per-request.json`, 'utf8')).cpu_per_request_us as { v1: number[]; v2: number[] };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const groundTruthPercent = (mean(truth.v2) / mean(truth.v1) - 1) * 100;

  it('two v1 profiles against two v2 profiles: the interval contains the un-profiled ground truth', async () => {
    assert.ok(groundTruthPercent < -40 && groundTruthPercent > -60, `ground truth ${groundTruthPercent}`);
    const { comparison } = await compareFileSets(await side('before-v1-r1', 'before-v1-r2'), await side('after-v2-r1', 'after-v2-r2'), options);
    const c = comparison.replicates!.cpuPerRequest.change;
    assert.equal(c.method, 'replicates');
    assert.ok(c.lowerPercent < groundTruthPercent && groundTruthPercent < c.upperPercent, `${c.lowerPercent} … ${c.upperPercent} vs ${groundTruthPercent}`);
    assert.equal(c.significant, true);
    assert.equal(comparison.replicates!.before.length, 2);
    // The pooled tables: both v1 profiles' samples on the before side.
    assert.equal(comparison.totals.before.totalCount, 563);
    assert.equal(comparison.totals.before.requests, 391);
  });

  it('the same build on both sides is no significant change', async () => {
    const { comparison } = await compareFileSets(await side('before-v1-r1', 'before-v1-r2'), await side('before-v1-r3', 'before-v1-r4'), options);
    for (const m of [comparison.replicates!.cpuPerRequest, comparison.replicates!.dynamoPerRequest!]) {
      assert.equal(m.change.significant, false, JSON.stringify(m.change));
      assert.ok(m.change.lowerPercent < 0 && m.change.upperPercent > 0);
    }
  });

  it('one profile per side shows the sampling interval only and calls nothing significant', async () => {
    const { comparison } = await compareFileSets(await side('before-v1-r1'), await side('before-v1-r3'), options);
    const c = comparison.replicates!.cpuPerRequest.change;
    assert.equal(c.method, 'sampling');
    assert.equal(c.significant, undefined);
    assert.ok(comparison.notes.some((n) => n.startsWith('One profile per side: run-to-run variation is unknown')));
  });

  it('a side where one profile has no request count compares nothing per request and says which profile', async () => {
    const before = [...(await side('before-v1-r1')), { path: `${DIR}/before-v1-r2.pb.gz` }];
    const { comparison } = await compareFileSets(before, await side('after-v2-r1', 'after-v2-r2'), options);
    assert.equal(comparison.replicates, undefined);
    assert.equal(comparison.normalization, 'share');
    assert.equal(comparison.notes[0], `before: no request count for ${DIR}/before-v1-r2.pb.gz (typed or in a run record), so nothing is compared per request: every profile of a side needs one.`);
  });

  it('refuses a profile given twice on one side (it would fake two runs that agree exactly)', async () => {
    await assert.rejects(compareFileSets(await side('before-v1-r1', 'before-v1-r1'), await side('after-v2-r1'), options), {
      name: 'CompareError',
      message: `${DIR}/before-v1-r1.pb.gz is given twice on the before side: each run counts once`,
    });
  });

  it('the log-scale Welch interval and the sampling interval', () => {
    // Sampling only: se² = 1/400 + 1/100 on the log scale.
    const s = changeInterval([10], [5], [400], [100]);
    assert.ok(Math.abs(s.changePercent - -50) < 1e-9);
    assert.ok(Math.abs(s.upperPercent - (0.5 * Math.exp(1.959963984540054 * Math.sqrt(1 / 400 + 1 / 100)) - 1) * 100) < 1e-3);
    // Replicates on one side only: the other side borrows its coefficient of variation.
    const r = changeInterval([10, 12], [6], [1, 1], [1]);
    assert.equal(r.method, 'replicates');
    assert.equal(r.df, 1);
    assert.throws(() => changeInterval([], [1], [], [1]), /each side needs at least one profile/);
  });

  it('a row on one side only, in a handful of samples, is neither vanished nor appeared', () => {
    const scales = { before: { totalWeight: 1640, totalCount: 1640 }, after: { totalWeight: 1475, totalCount: 1475 } };
    assert.equal(makeRow({ key: 'k', label: 'f', before: { weight: 2 } }, scales).status, 'sparse');
    assert.equal(makeRow({ key: 'k', label: 'f', after: { weight: 1 } }, scales).status, 'sparse');
    assert.equal(makeRow({ key: 'k', label: 'f', before: { weight: 120 } }, scales).status, 'vanished');
  });
});

describe('replicate totals of a before side with no DynamoDB marshalling', () => {
  it('give CPU per request with its interval and no DynamoDB ratio (there is no before mean to divide by)', () => {
    const value = (path: string, cpu: number, dynamo: number) => ({ path, requests: 100, cpuPerRequest: cpu, dynamoPerRequest: dynamo, samples: 400, dynamoSamples: dynamo > 0 ? 40 : 0 });
    const t = replicateTotals([value('a', 2e6, 0)], [value('b', 1e6, 1e5)]);
    assert.equal(t.dynamoPerRequest, undefined);
    assert.equal(Math.round(t.cpuPerRequest.change.changePercent), -50);
  });
});
