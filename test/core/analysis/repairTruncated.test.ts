// Repair of Go stacks cut at 64 frames, on real profiles of the Go sample service: after-v2.pb.gz
// as Go 1.19 recorded it, and after-v2-deep512.pb.gz, the same service recorded by a profiler that
// keeps 512 frames (the ground truth), cut here at 64 frames the way Go 1.19 cuts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { SAMPLE_REPAIR, type Profile } from '../../../src/core/profile/model';
import { repairTruncatedStacks } from '../../../src/core/analysis/repair/repairTruncatedStacks';
import { findCutStacks } from '../../../src/core/analysis/repair/depthLimit';
import { analyzeProfile } from '../../../src/core/analysis/analyze';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { computeFlatCum } from '../../../src/core/analysis/flatCum';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createPathResolver } from '../../../src/core/paths/resolve';
import type { Analysis } from '../../../src/core/analysis/types';

const DIR = 'fixtures/go-adserver/profiles';
const pct = (a: Analysis, w: number) => (100 * w) / a.totalWeight;

/** Flat weight per (file, line): the leaf's own time, which a repair must never move. */
function flatByLine(p: Profile): Map<string, number> {
  const keys = buildFrameKeys(p);
  const tables = computeFlatCum(p, keys);
  const out = new Map<string, number>();
  keys.lines.forEach((l, id) => out.set(`${l.file}:${l.line}`, Math.round(tables.lineFlat[id]!)));
  return out;
}

describe('repair of after-v2.pb.gz (Go 1.19, 64-frame stacks)', async () => {
  const profile = await readProfileFile(`${DIR}/after-v2.pb.gz`);
  const repaired = repairTruncatedStacks(profile);
  const t = repaired.truncation!;

  it('leaves every whole sample as it was and moves no flat time', () => {
    // Whole samples keep their stacks, weights and counts, in order (the repaired table shares their rows).
    const cut = findCutStacks(profile)!.cut;
    const whole = repaired.samples.filter((_, i) => t.sampleRepair[i] === SAMPLE_REPAIR.whole);
    assert.equal(whole.length, profile.samples.length - cut.reduce((n, c) => n + c, 0));
    assert.deepEqual(whole, profile.samples.filter((_, i) => !cut[i]));
    assert.equal(Math.round(repaired.totalWeight), Math.round(profile.totalWeight));
    assert.deepEqual(flatByLine(repaired), flatByLine(profile));
  });

  it('keeps the recorded leaf part of each cut stack and appends a root part ending where goroutines start', () => {
    repaired.samples.forEach((s, i) => {
      if (t.sampleRepair[i] === SAMPLE_REPAIR.whole || t.sampleRepair[i] === SAMPLE_REPAIR.stillCut) return;
      const original = profile.samples[t.sampleOrigin[i]!]!.stack;
      // The cut stack minus Go's expanded final inline frame is a prefix of the repaired one.
      assert.deepEqual(Array.from(s.stack.subarray(0, original.length - 1)), Array.from(original.subarray(0, original.length - 1)));
      assert.match(repaired.frames[s.stack[s.stack.length - 1]!]!.name, /^main\.main\.func\d$/);
    });
    const byOrigin = new Map<number, number>();
    repaired.samples.forEach((s, i) => {
      if (t.sampleOrigin[i]! >= 0) byOrigin.set(t.sampleOrigin[i]!, (byOrigin.get(t.sampleOrigin[i]!) ?? 0) + s.weight);
    });
    for (const [origin, weight] of byOrigin) assert.ok(Math.abs(weight - profile.samples[origin]!.weight) < 1, 'shares add up to the cut sample');
  });
});

describe('repair against the ground truth (after-v2-deep512.pb.gz cut at 64 frames)', async () => {
  const deep = await readProfileFile(`${DIR}/after-v2-deep512.pb.gz`);
  const resolver = createPathResolver(await scanWorkspace('fixtures/go-adserver/src'));
  const cut: Profile = { ...deep, samples: deep.samples.map((s) => ({ ...s, stack: s.stack.length > 64 ? s.stack.slice(0, 64) : s.stack })) };
  const truth = analyzeProfile(deep, { resolver });
  const before = analyzeProfile(cut, { resolver });
  const after = analyzeProfile(repairTruncatedStacks(cut), { resolver });
  // What the call site is credited with: measured, and (repaired) estimated.
  const site = (a: Analysis, line: number) => {
    const found = a.callSites.find((s) => s.line === line);
    return pct(a, (found?.dynamoWeight ?? 0) + (found?.estimatedWeight ?? 0));
  };

  it('the cut leaves most marshalling with no call site; the repair credits all of it', () => {
    assert.equal(pct(truth, truth.unattributedWeight), 0);
    assert.ok(pct(before, before.unattributedWeight) > 50, `${pct(before, before.unattributedWeight)}`);
    assert.ok(after.unattributedWeight / after.dynamoWeight < 0.1);
  });

  it('puts each call site within a few points of its recorded share', () => {
    for (const line of [58, 78, 86, 90]) assert.ok(Math.abs(site(after, line) - site(truth, line)) < 0.6, `line ${line}: ${site(after, line)} vs ${site(truth, line)}`);
    // The two Query call sites share the same SDK frames under the cut: their sum is exact, the
    // split an estimate (recorded 39.7 / 19.6).
    assert.ok(Math.abs(site(after, 44) + site(after, 66) - (site(truth, 44) + site(truth, 66))) < 0.6);
    assert.ok(Math.abs(site(after, 44) - site(truth, 44)) < 6, `44: ${site(after, 44)} vs ${site(truth, 44)}`);
    assert.ok(site(after, 44) > site(after, 66));
  });
});
