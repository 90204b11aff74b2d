/**
 * The profile worker's comparisons (`src/server/workerComparisons.ts`), called in-process: the
 * view and the differential flame tree are those of the core's comparison of the Go fixture's
 * real runs; comparisons are held per (baseline, after) pair, at most MAX_COMPARISONS of them,
 * forgotten with their session, and made again when a profile file is written again.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDiffTree, compareFileSets, readRunRecord, renamesFromComparison } from '../../src/core/compare/index';
import { measuredFraction } from '../../src/core/analysis/attributionText';
import type { DiffFlameNode } from '../../src/shared/protocol';
import { compareInWorker, diffFlameInWorker, dropComparisons, MAX_COMPARISONS } from '../../src/server/workerComparisons';
import type { CompareCall } from '../../src/server/profileWorkerMessages';
import { REPO } from './lspHarness';

const PROFILES = join(REPO, 'fixtures/go-adserver/profiles');
const ROOT = join(REPO, 'fixtures/go-adserver/src');
const BEFORE = join(PROFILES, 'before-v1.pb.gz');
const AFTER = join(PROFILES, 'after-v2.pb.gz');
const RUNS = join(PROFILES, 'replicates');

/** A comparison call; `requests` gives both sides a count (one side's alone is refused). */
const call = (session: number, before: string, afterPath = AFTER, requests?: string): CompareCall => ({
  session,
  before: [{ path: before, ...(requests ? { requests: { kind: 'count', requests: Number(requests) } } : {}) }],
  after: [{ path: afterPath, ...(requests ? { requests: { kind: 'count', requests: Number(requests) } } : {}) }],
  options: { root: ROOT },
});

describe('comparisons in the profile worker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hotpath-cmp-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the core comparison, each side’s lens figures, and the core’s differential flame tree scaled per request', async () => {
    const recordBefore = await readRunRecord(`${BEFORE}.json`);
    const recordAfter = await readRunRecord(`${AFTER}.json`);
    const sides = { before: [{ path: BEFORE, runRecord: recordBefore }], after: [{ path: AFTER, runRecord: recordAfter }] };
    const view = await compareInWorker({ session: 1, ...sides, options: { root: ROOT } });
    const core = await compareFileSets(sides.before, sides.after, { root: ROOT });
    assert.deepEqual(view.comparison, core.comparison);
    assert.equal(view.before.measuredFraction, measuredFraction(core.before.analysis));
    assert.equal(view.before.measuredFraction, 1);
    // after-v2's stacks cut at Go's 64 frames are repaired, but what the completed part credits is an
    // estimate: 28 % of its DynamoDB weight has a frame of the service on the sample's own stack.
    assert.equal(view.after.measuredFraction, measuredFraction(core.after.analysis));
    assert.equal(view.after.measuredFraction.toFixed(2), '0.28');
    assert.equal(view.after.totalWeight, core.after.analysis.totalWeight);

    const { diffFlame, afterTotalWeight } = await diffFlameInWorker({ session: 1, ...sides, options: { root: ROOT } });
    // 990 requests before, 1,585 after (the run records): before is scaled by 1585 / 990.
    const expected = buildDiffTree(core.before.profile, core.after.profile, { beforeScale: 1585 / 990, rename: renamesFromComparison(core.comparison) });
    // The same tree, with the DynamoDB marshalling frames marked for the report's "DynamoDB frames only" view.
    const marked: string[] = [];
    const unmark = (node: DiffFlameNode): unknown => {
      if (node.dynamo) marked.push(node.name);
      const { dynamo: _, children, ...rest } = node;
      return { ...rest, children: children.map(unmark) };
    };
    assert.deepEqual(unmark(diffFlame), expected);
    assert.ok(marked.includes('github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.UnmarshalJSON'), 'v1 marshalling marked');
    assert.ok(marked.includes('github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue.(*Decoder).decodeNumber'), 'v2 marshalling marked');
    assert.ok(!marked.some((n) => n.startsWith('runtime.') || n.includes('ServeHTTP')), marked.filter((n) => n.startsWith('runtime.') || n.includes('ServeHTTP')).join(', '));
    assert.equal(afterTotalWeight, core.after.profile.totalWeight);
    assert.equal(diffFlame.value, afterTotalWeight);
  });

  it('holds one comparison per (baseline, after) pair, the last MAX_COMPARISONS of them', async () => {
    assert.equal(MAX_COMPARISONS, 2);
    const first = await compareInWorker(call(2, join(RUNS, 'before-v1-r1.pb.gz')));
    assert.equal(await compareInWorker(call(2, join(RUNS, 'before-v1-r1.pb.gz'))), first);
    // Another request count is another comparison.
    const counted = await compareInWorker(call(2, join(RUNS, 'before-v1-r1.pb.gz'), AFTER, '990'));
    assert.notEqual(counted, first);
    assert.equal(counted.comparison.normalization, 'per-request');
    await compareInWorker(call(2, join(RUNS, 'before-v1-r2.pb.gz')));
    // Three pairs compared since: the first was let go and is compared again.
    const again = await compareInWorker(call(2, join(RUNS, 'before-v1-r1.pb.gz')));
    assert.notEqual(again, first);
    assert.deepEqual(again, first);
  });

  it('forgets the comparisons of a dropped session', async () => {
    const held = await compareInWorker(call(3, join(RUNS, 'before-v1-r3.pb.gz')));
    assert.equal(await compareInWorker(call(3, join(RUNS, 'before-v1-r3.pb.gz'))), held);
    dropComparisons(3);
    assert.notEqual(await compareInWorker(call(3, join(RUNS, 'before-v1-r3.pb.gz'))), held);
  });

  it('compares again when a profile file is written again (size and mtime are part of the pair)', async () => {
    const baseline = join(dir, 'baseline.pb.gz');
    copyFileSync(join(RUNS, 'before-v1-r4.pb.gz'), baseline);
    const first = await compareInWorker(call(4, baseline));
    assert.equal(await compareInWorker(call(4, baseline)), first);
    copyFileSync(BEFORE, baseline);
    utimesSync(baseline, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z'));
    const rewritten = await compareInWorker(call(4, baseline));
    assert.notEqual(rewritten, first);
    assert.notEqual(rewritten.comparison.totals.before.totalWeight, first.comparison.totals.before.totalWeight);
  });
});
