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

  it('a Go call site is projected by the Go suite on its attribute share alone (the suite measures dynamodbattribute against attributevalue, not v1 protocol decoding)', () => {
    const goCase = (id: string, sdk: 'go-v1' | 'go-v2', operation: 'unmarshall' | 'marshall') => ({ id, label: id, sdk, operation, options: 'default', itemsPerOp: 40 });
    const goReport = {
      suites: [
        {
          id: 'go',
          title: 'Go',
          note: '',
          cases: [goCase('BenchmarkV1UnmarshalHotpath', 'go-v1', 'unmarshall'), goCase('BenchmarkV2UnmarshalHotpath', 'go-v2', 'unmarshall'), goCase('BenchmarkV1MarshalHotpath', 'go-v1', 'marshall'), goCase('BenchmarkV2MarshalHotpath', 'go-v2', 'marshall')],
          comparisons: [cmp('BenchmarkV2UnmarshalHotpath', 'BenchmarkV1UnmarshalHotpath', 0.5, 0.45, 0.55, 'faster'), cmp('BenchmarkV2MarshalHotpath', 'BenchmarkV1MarshalHotpath', 1.02, 0.9, 1.15, 'no significant difference')],
        },
      ],
    } as unknown as BenchReport;
    const site = { relativePath: 'internal/repo.go', line: 63, byCategory: { 'protocol-unmarshal': 500, 'attribute-unmarshal': 80, 'attribute-marshal': 10 }, dominant: { category: 'protocol-unmarshal', migration: 'go-attributevalue' } } as unknown as CallSite;
    const share = shareOfCallSite(site, 1000, 'go');
    assert.deepEqual(share, { callSite: 'internal/repo.go:63', unmarshallPercent: 8, marshallPercent: 1 });
    const v = profileVerdict(share, goReport, 'migration', 'go')!;
    assert.equal(v.sentences[0], 'internal/repo.go:63 spends 8.0 % of CPU in unmarshal; the benchmark says aws-sdk-go-v2 attributevalue unmarshal of your items is 2× faster (95 % CI 1.82×–2.22×): migrating this path would save.');
    assert.equal(v.sentences[1], 'internal/repo.go:63 spends 1.0 % of CPU in marshal; the benchmark shows no significant difference (ratio 1.02, 95 % CI 0.90–1.15) for aws-sdk-go-v2 attributevalue marshal of your items: the benchmark cannot tell a difference.');
    // 8 × (0.5 − 1) + 1 × (1.02 − 1) = −3.98
    assert.ok(Math.abs(v.deltaPercentPoints! + 3.98) < 1e-9);
    assert.deepEqual(profileVerdict(share, report, 'migration', 'go'), {
      sentences: ['No verdict for internal/repo.go:63: the benchmark has no aws-sdk-go v1-vs-v2 comparison of the unmarshal and marshal it spends CPU in (run the go suite).'],
    }, 'the JavaScript suites say nothing of a Go call site');
  });

  it("a Go call site's estimated share counts in the part its measured attribute work is of the measured whole", () => {
    const site = { relativePath: 'internal/repo.go', line: 63, byCategory: { 'protocol-unmarshal': 500, 'attribute-unmarshal': 100 }, estimatedWeight: 60, dominant: { category: 'protocol-unmarshal', migration: 'go-attributevalue' } } as unknown as CallSite;
    // 60 estimated × 100 / 600 attribute of the measured = 10 → 1 % of 1000, all unmarshal (nothing marshalled).
    assert.deepEqual(shareOfCallSite(site, 1000, 'go'), { callSite: 'internal/repo.go:63', unmarshallPercent: 11, marshallPercent: 0, estimatedUnmarshallPercent: 1, estimatedMarshallPercent: 0 });
    assert.equal(shareOfCallSite(site, 1000, 'js').unmarshallPercent, 66);
  });
});
