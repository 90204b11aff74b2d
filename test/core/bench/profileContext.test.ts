import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { profileVerdict, shareOfCallSite } from '../../../src/core/bench/profileContext';
import type { BenchReport, ComparisonResult } from '../../../src/core/bench/suiteTypes';
import type { CallSite } from '../../../src/core/analysis/types';

const cmp = (newer: string, older: string, ratio: number, lower: number, upper: number, verdict: 'faster' | 'slower' | 'no significant difference'): ComparisonResult => ({
  label: `${newer} vs ${older}`,
  newer,
  older,
  estimate: { ratio, lower, upper, confidence: 0.95, df: 50, method: 'fieller', verdict },
});

const report = {
  suites: [
    {
      id: 'conversion',
      title: 'c',
      note: '',
      cases: [],
      comparisons: [cmp('unmarshall-v3-migration', 'unmarshall-v2', 1.8, 1.7, 1.9, 'slower'), cmp('marshall-v3-migration', 'marshall-v2', 0.4, 0.35, 0.45, 'faster')],
    },
  ],
} as unknown as BenchReport;

describe('benchmark next to the profile', () => {
  const legacy = { category: 'attribute-unmarshal', label: 'aws-sdk v2 Converter', migration: 'js-util-dynamodb' };
  it("a call site's share by operation", () => {
    const site = { relativePath: 'src/repo.ts', line: 41, dominant: legacy, byCategory: { 'attribute-unmarshal': 300, 'protocol-unmarshal': 150, 'attribute-marshal': 50 } } as unknown as CallSite;
    assert.deepEqual(shareOfCallSite(site, 1000), { callSite: 'src/repo.ts:41', unmarshallPercent: 45, marshallPercent: 5 });
  });

  it('counts what its lens counts: the estimated share too, split like the measured one (issue 28: 0.1 % at stake beside a lens of ~25.6 %)', () => {
    const site = { relativePath: 'src/repo.ts', line: 41, dominant: legacy, byCategory: { 'attribute-unmarshal': 1 }, estimatedWeight: 255 } as unknown as CallSite;
    const share = shareOfCallSite(site, 1000);
    assert.deepEqual(share, { callSite: 'src/repo.ts:41', unmarshallPercent: 25.6, marshallPercent: 0, estimatedUnmarshallPercent: 25.5, estimatedMarshallPercent: 0 });
    assert.equal(profileVerdict(share, report).sentences[0], 'src/repo.ts:41 spends 25.6 % (0.1 % measured, ~25.5 % estimated) of CPU in unmarshal; the benchmark says v3 unmarshal of your items is 1.8× slower (95 % CI 1.7×–1.9×): migrating this path would cost, not save.');
    // Nothing measured: the estimate goes to the dominant operation.
    const writes = { ...site, dominant: { ...legacy, category: 'attribute-marshal' }, byCategory: {} } as unknown as CallSite;
    assert.deepEqual(shareOfCallSite(writes, 1000), { callSite: 'src/repo.ts:41', unmarshallPercent: 0, marshallPercent: 25.5, estimatedUnmarshallPercent: 0, estimatedMarshallPercent: 25.5 });
  });

  it('gives no migration advice for a call site already on the successor SDK', () => {
    const site = { relativePath: 'src/v3.ts', line: 9, dominant: { category: 'attribute-unmarshal', label: '@aws-sdk/util-dynamodb' }, byCategory: { 'attribute-unmarshal': 300 } } as unknown as CallSite;
    const share = shareOfCallSite(site, 1000);
    assert.equal(share.onTarget, '@aws-sdk/util-dynamodb');
    const v = profileVerdict(share, report);
    assert.deepEqual(v.sentences, ['src/v3.ts:9 spends 30.0 % of CPU in unmarshal, already on @aws-sdk/util-dynamodb: there is no migration to advise for it. The tables show how v2 and v3 compare on your items.']);
    assert.equal(v.deltaPercentPoints, undefined);
    assert.ok(!v.sentences.join(' ').includes('would save'));
  });

  it('says whether migrating saves or costs, and projects the change', () => {
    const v = profileVerdict({ callSite: 'src/repo.ts:41', unmarshallPercent: 45, marshallPercent: 5 }, report);
    assert.equal(v.sentences[0], 'src/repo.ts:41 spends 45.0 % of CPU in unmarshal; the benchmark says v3 unmarshal of your items is 1.8× slower (95 % CI 1.7×–1.9×): migrating this path would cost, not save.');
    assert.match(v.sentences[1]!, /spends 5\.0 % of CPU in marshal; the benchmark says v3 marshal of your items is 2\.5× faster .*: migrating this path would save\.$/);
    // 45 × 0.8 + 5 × (−0.6) = 33; range 45 × 0.7 + 5 × (−0.65) = 28.25 to 45 × 0.9 + 5 × (−0.55) = 37.75
    assert.ok(Math.abs(v.deltaPercentPoints! - 33) < 1e-9);
    assert.ok(Math.abs(v.rangePercentPoints![0] - 28.25) < 1e-9 && Math.abs(v.rangePercentPoints![1] - 37.75) < 1e-9);
    assert.equal(v.sentences[2], "Projected change for this call site: +33.0 percentage points of the profile's CPU (95 % CI +28.2 to +37.7)."); // 28.25 and 37.75 are 28.2499… and 37.7499… in binary
    assert.deepEqual(profileVerdict({ callSite: 'x:1', unmarshallPercent: 0, marshallPercent: 0 }, report), { sentences: ['No verdict for x:1: the profile shows no CPU in marshal or unmarshal there.'] });
    const noConversion = { suites: [] } as unknown as BenchReport;
    assert.deepEqual(profileVerdict({ callSite: 'x:1', unmarshallPercent: 3, marshallPercent: 0 }, noConversion).sentences, ['No verdict for x:1: the benchmark has no v2-vs-v3 comparison of the unmarshal it spends CPU in (run the conversion suite).']);
  });
});
