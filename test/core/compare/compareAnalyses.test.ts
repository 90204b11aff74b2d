import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareAnalyses, CompareError } from '../../../src/core/compare/compareAnalyses';
import { analysis, callSite, userFunction } from './makeAnalysis';

const V1 = 'github.com/example/adserver/internal/repository/ddbv1.(*Adapter)';
const V2 = 'github.com/example/adserver/internal/repository/ddbv2.(*Adapter)';
const JSONRPC = 'github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal';
const V2DESER = 'github.com/aws/aws-sdk-go-v2/service/dynamodb.(*awsAwsjson10_deserializeOpQuery).HandleDeserialize';

// Weights in ns at 10 ms per sample, shaped like the Go fixtures (16.4 s / 1640 samples → 14.75 s / 1475).
function pair() {
  const b1 = callSite(`${V1}.GetUserActivity`, 'internal/repository/ddbv1/adapter.go', 52, 8.5e9, 'protocol-unmarshal', JSONRPC);
  const b2 = callSite(`${V1}.GetTargetingModel`, 'internal/repository/ddbv1/adapter.go', 71, 4.3e9, 'protocol-unmarshal', JSONRPC);
  const b3 = callSite(`${V1}.RecordImpression`, 'internal/repository/ddbv1/adapter.go', 90, 0.2e9, 'attribute-marshal');
  const a1 = callSite(`${V2}.GetUserActivity`, 'internal/repository/ddbv2/adapter.go', 58, 1.2e9, 'protocol-unmarshal', V2DESER);
  const a2 = callSite(`${V2}.GetTargetingModel`, 'internal/repository/ddbv2/adapter.go', 80, 1.1e9, 'protocol-unmarshal', V2DESER);
  const before = analysis({
    sourcePath: 'before-v1.pb.gz',
    totalWeight: 16.4e9,
    totalCount: 1640,
    dynamoWeight: 13.9e9,
    byCategory: { 'protocol-unmarshal': 12.0e9, 'attribute-unmarshal': 1.7e9, 'attribute-marshal': 0.2e9 },
    callSites: [b1, b2, b3],
    userFunctions: [
      userFunction(`${V1}.GetUserActivity`, 'internal/repository/ddbv1/adapter.go', 9.27e9, [b1]),
      userFunction(`${V1}.GetTargetingModel`, 'internal/repository/ddbv1/adapter.go', 4.72e9, [b2]),
      userFunction(`${V1}.RecordImpression`, 'internal/repository/ddbv1/adapter.go', 0.3e9, [b3]),
    ],
    sdkFunctions: [
      { name: JSONRPC, file: '/sdk/jsonrpc.go', flat: 0, cum: 12.34e9, ruleId: 'go-v1-jsonrpc', category: 'protocol-unmarshal', sdk: 'aws-sdk-go-v1' },
      { name: 'github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.UnmarshalListOfMaps', file: '/sdk/decode.go', flat: 0, cum: 1.23e9, ruleId: 'go-v1-attr', category: 'attribute-unmarshal', sdk: 'aws-sdk-go-v1' },
    ],
    functions: [
      { name: 'runtime.scanobject', file: '/go/src/runtime/mgcmark.go', flat: 0.64e9, cum: 1.22e9 },
      { name: 'reflect.StructTag.Lookup', file: '/go/src/reflect/type.go', flat: 1.4e9, cum: 2.5e9 },
    ],
  });
  const after = analysis({
    sourcePath: 'after-v2.pb.gz',
    totalWeight: 14.75e9,
    totalCount: 1475,
    dynamoWeight: 9.9e9,
    byCategory: { 'protocol-unmarshal': 6.0e9, 'attribute-unmarshal': 3.9e9 },
    callSites: [a1, a2],
    userFunctions: [
      userFunction(`${V2}.GetUserActivity`, 'internal/repository/ddbv2/adapter.go', 1.54e9, [a1]),
      userFunction(`${V2}.GetTargetingModel`, 'internal/repository/ddbv2/adapter.go', 1.56e9, [a2]),
    ],
    sdkFunctions: [{ name: V2DESER, file: '/sdk/deserializers.go', flat: 0, cum: 5.0e9, ruleId: 'go-v2-deser', category: 'protocol-unmarshal', sdk: 'aws-sdk-go-v2' }],
    functions: [
      { name: 'runtime.scanobject', file: '/go/src/runtime/mgcmark.go', flat: 1.2e9, cum: 2.6e9 },
      { name: 'reflect.StructTag.Lookup', file: '/go/src/reflect/type.go', flat: 0.02e9, cum: 0.03e9 },
    ],
  });
  return { before, after };
}

describe('compareAnalyses', () => {
  it('normalizes totals per request when both counts are known', () => {
    const { before, after } = pair();
    const c = compareAnalyses({ analysis: before, requests: { kind: 'count', requests: 990 } }, { analysis: after, requests: { kind: 'count', requests: 1585 } });
    assert.equal(c.normalization, 'per-request');
    assert.ok(Math.abs(c.totals.before.perRequest! / 1e3 - 16565.66) < 0.01);
    assert.ok(Math.abs(c.totals.after.perRequest! / 1e3 - 9305.99) < 0.01);
    assert.ok(Math.abs(c.totals.changePerRequestPercent! - (9305.99 / 16565.66 - 1) * 100) < 0.01);
    assert.ok(Math.abs(c.totals.changeRequestsPercent! - (1585 / 990 - 1) * 100) < 1e-9);
    assert.ok(Math.abs(c.totals.dynamoShareChangePoints - (9.9 / 14.75 - 13.9 / 16.4) * 100) < 1e-9);
    assert.equal(c.totals.dynamoShareSignificant, true);
  });

  it('matches the ddbv1 adapter functions with the ddbv2 ones by name, and their call sites though lines moved', () => {
    const { before, after } = pair();
    const c = compareAnalyses({ analysis: before }, { analysis: after });
    const gua = c.userFunctions.find((r) => r.after.ref?.name === `${V2}.GetUserActivity`)!;
    assert.equal(gua.status, 'matched');
    assert.equal(gua.matchedBy, 'name');
    assert.equal(gua.before.ref?.name, `${V1}.GetUserActivity`);
    assert.equal(gua.label, '(*Adapter).GetUserActivity [ddbv1 → ddbv2]');
    assert.ok(Math.abs(gua.changeWeightPercent! - (1.54 / 9.27 - 1) * 100) < 1e-9);
    const site = c.callSites.find((r) => r.after.ref?.line === 58)!;
    assert.equal(site.matchedBy, 'name');
    assert.equal(site.before.ref?.line, 52);
    assert.equal(site.label, '(*Adapter).GetUserActivity ddbv1/adapter.go:52 → ddbv2/adapter.go:58');
    const record = c.userFunctions.find((r) => r.before.ref?.name === `${V1}.RecordImpression`)!;
    assert.equal(record.status, 'vanished');
    assert.deepEqual(c.matchSummary.userFunctions, { name: 2, vanished: 1 });
    assert.deepEqual(c.matchSummary.callSites, { name: 2, vanished: 1 });
  });

  it('pairs the v1 and v2 protocol entry points through their call sites; the rest vanish', () => {
    const { before, after } = pair();
    const c = compareAnalyses({ analysis: before }, { analysis: after });
    const entry = c.sdkFunctions.find((r) => r.after.ref?.name === V2DESER)!;
    assert.equal(entry.matchedBy, 'call-site');
    assert.equal(entry.before.ref?.name, JSONRPC);
    assert.equal(entry.category, 'protocol-unmarshal');
    const attr = c.sdkFunctions.find((r) => r.before.ref?.name.endsWith('UnmarshalListOfMaps'))!;
    assert.equal(attr.status, 'vanished');
    assert.equal(attr.after.weight, 0);
  });

  it('lists categories that shrink, grow and vanish, and significant movers', () => {
    const { before, after } = pair();
    const c = compareAnalyses({ analysis: before }, { analysis: after });
    const byKey = new Map(c.categories.map((r) => [r.key, r]));
    assert.ok(byKey.get('protocol-unmarshal')!.shareChangePoints < 0);
    assert.ok(byKey.get('attribute-unmarshal')!.shareChangePoints > 0);
    assert.equal(byKey.get('attribute-marshal')!.after.weight, 0);
    assert.deepEqual(c.movers.map((r) => r.key).sort(), ['reflect.StructTag.Lookup', 'runtime.scanobject']);
    assert.match(c.notes.join('\n'), /traffic may differ/);
  });

  it('refuses profiles in different units, naming both files', () => {
    const { before } = pair();
    const bytes = { ...before, sourcePath: 'heap.pb.gz', unit: 'bytes', sampleType: { type: 'alloc_space', unit: 'bytes' } };
    assert.throws(() => compareAnalyses({ analysis: before }, { analysis: bytes }), (e: unknown) => e instanceof CompareError && /before-v1\.pb\.gz .* heap\.pb\.gz/.test(e.message));
  });
});
