/**
 * Replicate sides keep the recorder's call-site labels: a side of two labelled profiles gives
 * the call sites the per-profile analyses give (trial finding F7: the labels were dropped when
 * the side's profiles were pooled, and the recorded call sites vanished from the table). The
 * two profiles of a side intern their frames and label sets in different orders, as two real
 * recordings do.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { CALL_SITE_LABEL, FUNCTION_LABEL, OPERATION_LABEL } from '../../../src/core/analysis/recorderLabels';
import { compareProfileSets } from '../../../src/core/compare/compareSets';
import { poolProfiles } from '../../../src/core/compare/mergeProfiles';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import type { Frame, LabelSet, Profile } from '../../../src/core/profile/model';

const APP = '/ws/src/repo.js';
const FRAMES: Record<string, Frame> = {
  parse: { name: 'parse', file: '/ws/node_modules/aws-sdk/lib/json/parser.js', line: 1, inlined: false },
  ticks: { name: 'processTicksAndRejections', file: 'node:internal/process/task_queues', line: 67, inlined: false },
  sign: { name: 'sign', file: '/ws/node_modules/aws-sdk/lib/signers/v4.js', line: 1, inlined: false },
  main: { name: 'main', file: '/ws/src/main.js', line: 3, inlined: false },
};
const SITES: Record<string, LabelSet> = {
  activity: { [CALL_SITE_LABEL]: `${APP}:12:27`, [FUNCTION_LABEL]: 'getUserActivity', [OPERATION_LABEL]: 'Query' },
  targeting: { [CALL_SITE_LABEL]: `${APP}:32:9`, [FUNCTION_LABEL]: 'getTargetingModel', [OPERATION_LABEL]: 'GetItem' },
};

/** A recorded profile: async parsing labelled with its call site, signing, and unlabelled work in main. */
function recorded(path: string, weights: { activity: number; targeting: number; other: number }, order: { frames: string[]; sites: string[] }): Profile {
  const frames = order.frames.map((f) => FRAMES[f]!);
  const id = (f: string) => order.frames.indexOf(f);
  const label = (s: string) => order.sites.indexOf(s);
  const samples = [
    { stack: Uint32Array.of(id('parse'), id('ticks')), weight: weights.activity, count: weights.activity / 1e6, labels: label('activity') },
    { stack: Uint32Array.of(id('sign'), id('ticks')), weight: weights.activity / 10, count: weights.activity / 1e7, labels: label('activity') },
    { stack: Uint32Array.of(id('parse'), id('ticks')), weight: weights.targeting, count: weights.targeting / 1e6, labels: label('targeting') },
    { stack: Uint32Array.of(id('main')), weight: weights.other, count: weights.other / 1e6 },
  ];
  return {
    sourcePath: path,
    format: 'pprof',
    sampleType: { type: 'cpu', unit: 'nanoseconds' },
    sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
    durationNs: 1e9,
    frames,
    samples,
    totalWeight: samples.reduce((a, s) => a + s.weight, 0),
    idleWeight: 0,
    labelSets: order.sites.map((s) => SITES[s]!),
    warnings: [],
  };
}

const A = { frames: ['parse', 'ticks', 'sign', 'main'], sites: ['activity', 'targeting'] };
const B = { frames: ['main', 'sign', 'ticks', 'parse'], sites: ['targeting', 'activity'] };
const before = [recorded('before-1.pb.gz', { activity: 600e6, targeting: 200e6, other: 140e6 }, A), recorded('before-2.pb.gz', { activity: 500e6, targeting: 300e6, other: 150e6 }, B)];
const after = [recorded('after-1.pb.gz', { activity: 200e6, targeting: 250e6, other: 130e6 }, B), recorded('after-2.pb.gz', { activity: 300e6, targeting: 150e6, other: 120e6 }, A)];
const resolver = () => createPathResolver(createWorkspaceIndex('/ws', ['src/repo.js', 'src/main.js']));
const siteWeight = (p: Profile, line: number) => analyzeWithSources(p, { resolver: resolver() }).analysis.callSites.find((s) => s.line === line)?.dynamoWeight ?? 0;

describe('replicate sides keep recorded call sites', () => {
  it('pools each sample with the labels it had in its own profile', () => {
    const pooled = poolProfiles(before, '2 before profiles');
    assert.equal(pooled.labelSets?.length, 2);
    const labelsOf = (p: Profile) => p.samples.map((s) => (s.labels === undefined ? undefined : p.labelSets![s.labels]![CALL_SITE_LABEL]));
    assert.deepEqual(labelsOf(pooled), [...labelsOf(before[0]!), ...labelsOf(before[1]!)]);
    const frameNames = (p: Profile) => p.samples.map((s) => [...s.stack].map((f) => p.frames[f]!.name).join('<'));
    assert.deepEqual(frameNames(pooled), [...frameNames(before[0]!), ...frameNames(before[1]!)]);
  });

  it('two profiles per side: each call site row is the sum of the per-profile analyses', () => {
    // Per profile: getUserActivity's line 12 gets its async parsing (the signing is not marshalling).
    assert.deepEqual(before.map((p) => siteWeight(p, 12)), [600e6, 500e6]);
    const { comparison } = compareProfileSets(
      before.map((profile) => ({ profile, requests: { kind: 'count' as const, requests: 100 } })),
      after.map((profile) => ({ profile, requests: { kind: 'count' as const, requests: 100 } })),
      { resolver: resolver() },
    );
    const row = (line: number) => comparison.callSites.find((r) => r.after.ref?.line === line || r.before.ref?.line === line)!;
    const activity = row(12);
    assert.equal(activity.status, 'matched');
    assert.equal(activity.before.weight, siteWeight(before[0]!, 12) + siteWeight(before[1]!, 12));
    assert.equal(activity.after.weight, 500e6);
    assert.equal(activity.before.share.toFixed(2), '55.00');
    assert.equal(activity.after.share.toFixed(2), '41.67');
    assert.equal(activity.changePerRequestPercent!.toFixed(1), '-54.5');
    const targeting = row(32);
    assert.equal(targeting.before.weight, 500e6);
    assert.equal(targeting.after.weight, siteWeight(after[0]!, 32) + siteWeight(after[1]!, 32));
    assert.equal(targeting.after.weight, 400e6);
    assert.equal(comparison.callSites.length, 2, comparison.callSites.map((r) => r.label).join(', '));
  });

  it('one profile against two gives the same before row as one against one', () => {
    const single = compareProfileSets([{ profile: before[0]! }], [{ profile: after[0]! }], { resolver: resolver() });
    const mixed = compareProfileSets([{ profile: before[0]! }], after.map((profile) => ({ profile })), { resolver: resolver() });
    const rowOf = (c: typeof single, line: number) => c.comparison.callSites.find((r) => r.before.ref?.line === line)!;
    assert.equal(rowOf(mixed, 12).before.weight, 600e6);
    assert.equal(rowOf(mixed, 12).status, 'matched');
    assert.equal(rowOf(mixed, 12).after.weight, 500e6);
    assert.equal(rowOf(single, 12).after.weight, 200e6);
  });
});
