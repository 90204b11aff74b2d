import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import type { Analysis } from '../../../src/core/analysis/types';

const ROOT = 'fixtures/go-adserver/src';
const pct = (a: Analysis, w: number) => (w / a.totalWeight) * 100;
const sites = (a: Analysis) => a.callSites.map((s) => `${s.relativePath}:${s.line}`);

describe('Go adserver, aws-sdk-go v1 (before-v1.pb.gz)', async () => {
  const { analysis: a } = await analyzeFile('fixtures/go-adserver/profiles/before-v1.pb.gz', { root: ROOT });

  it('finds the DynamoDB marshalling share of the fixture README (84.6 %) within 1 point', () => {
    assert.ok(Math.abs(pct(a, a.dynamoWeight) - 84.6) < 1, `dynamo ${pct(a, a.dynamoWeight)}`);
    assert.ok(Math.abs(pct(a, (a.byCategory['protocol-unmarshal'] ?? 0) + (a.byCategory['protocol-marshal'] ?? 0)) - 76.7) < 1);
    assert.ok(Math.abs(pct(a, (a.byCategory['attribute-unmarshal'] ?? 0) + (a.byCategory['attribute-marshal'] ?? 0)) - 7.9) < 1);
    assert.equal(a.totalWeight, 16.4e9);
  });

  it('puts the repository adapter lines of GetUserActivity and GetTargetingModel on top', () => {
    assert.deepEqual(sites(a).slice(0, 2), ['internal/repository/ddbv1/adapter.go:49', 'internal/repository/ddbv1/adapter.go:71']);
    const [ua, tm] = a.callSites;
    assert.match(ua!.functionName, /ddbv1\.\(\*Adapter\)\.GetUserActivity$/);
    assert.match(tm!.functionName, /ddbv1\.\(\*Adapter\)\.GetTargetingModel$/);
    // Line cum equals `go tool pprof -list` (fixture README: 51.59 % and 26.10 %).
    assert.equal(pct(a, ua!.totalWeight).toFixed(2), '51.59');
    assert.equal(pct(a, tm!.totalWeight).toFixed(2), '26.10');
    assert.deepEqual([ua!.dominant.category, ua!.dominant.sdk, ua!.dominant.mechanism], ['protocol-unmarshal', 'aws-sdk-go-v1', 'reflection']);
    assert.ok(ua!.dynamoWeight <= ua!.totalWeight);
    assert.ok(pct(a, ua!.reflectionWeight) > 10, 'reflect.StructTag.Lookup and friends beneath the call');
  });

  it('gives each call site its typical chain: user line → SDK → reflection', () => {
    const chain = a.callSites[0]!.chain;
    assert.equal(chain[0]!.role, 'user');
    assert.equal(chain[0]!.line, 49);
    const names = chain.map((f) => f.name);
    assert.ok(names.includes('github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal'));
    assert.ok(names.some((n) => n.startsWith('reflect.')), names.join(' > '));
    assert.equal(new Set(chain.slice(0, 2).map((f) => `${f.name}:${f.line}`)).size, 2, 'no repeated first frame');
  });

  it('rolls call sites up per user function and suggests the SDK v2 migration', () => {
    const fns = a.userFunctions.map((f) => f.functionName.replace(/^.*\./, ''));
    assert.deepEqual(fns.slice(0, 2), ['GetUserActivity', 'GetTargetingModel']);
    assert.deepEqual(a.userFunctions[0]!.callSiteLines, [49, 63]);
    assert.equal(a.migrations[0]!.id, 'go-sdk-v2');
  });

  it('resolves every user file and reports GC apart', () => {
    assert.equal(a.coverage.percent, 100);
    assert.equal(a.coverage.counts['resolved'], 4);
    assert.ok(pct(a, a.gcWeight) > 3 && pct(a, a.gcWeight) < 15, `gc ${pct(a, a.gcWeight)}`);
  });
});

describe('the -trimpath build of the same service', async () => {
  const [{ analysis: plain }, { analysis: trim }] = await Promise.all([
    analyzeFile('fixtures/go-adserver/profiles/before-v1.pb.gz', { root: ROOT }),
    analyzeFile('fixtures/go-adserver/profiles/before-v1-trimpath.pb.gz', { root: ROOT }),
  ]);

  it('resolves to the same workspace files and call-site lines', () => {
    assert.deepEqual(new Set(sites(trim)), new Set(sites(plain)));
    assert.equal(trim.callSites[0]!.profileFile, 'github.com/example/adserver/internal/repository/ddbv1/adapter.go');
    assert.equal(trim.coverage.percent, 100);
    assert.ok(Math.abs(pct(trim, trim.dynamoWeight) - 83.1) < 1);
  });
});

describe('Go adserver after the move to aws-sdk-go-v2 (after-v2.pb.gz)', async () => {
  const { analysis: a } = await analyzeFile('fixtures/go-adserver/profiles/after-v2.pb.gz', { root: ROOT });

  it('measures 67.1 % marshalling by current-generation rules', () => {
    assert.ok(Math.abs(pct(a, a.dynamoWeight) - 67.1) < 1);
    assert.ok(a.callSites.every((s) => s.relativePath === 'internal/repository/ddbv2/adapter.go'));
    assert.ok(a.callSites.every((s) => s.dominant.sdk === 'aws-sdk-go-v2'));
    assert.ok(!a.migrations.some((m) => m.id === 'go-sdk-v2'));
  });

  it('repairs the stacks Go 1.19 cut at 64 frames and credits ≥ 90 % of the marshalling to a user line, the repaired part as an estimate', () => {
    const t = a.truncation!;
    assert.equal(t.depthLimit, 64);
    assert.equal(pct(a, t.truncatedWeight).toFixed(1), '54.6'); // fixture README caveat 5: half the profile
    assert.ok(Math.abs(t.repairedWeight + t.sharedWeight + t.stillCutWeight - t.truncatedWeight) < 1);
    const measured = a.callSites.reduce((sum, s) => sum + s.dynamoWeight, 0);
    const estimated = a.callSites.reduce((sum, s) => sum + (s.estimatedWeight ?? 0), 0);
    const credited = measured + estimated;
    assert.ok(credited / a.dynamoWeight >= 0.9, `credited ${((100 * credited) / a.dynamoWeight).toFixed(1)} %`);
    assert.ok(Math.abs(credited + a.unattributedWeight - a.dynamoWeight) < 1e3, 'credited + unattributed = headline');
    // A completed stack is not the sample's own: what repair credited is an estimate, and only the rest measured.
    const repaired = a.callSites.reduce((sum, s) => sum + (s.repair ? s.repair.repairedWeight + s.repair.sharedWeight : 0), 0);
    assert.ok(Math.abs(repaired - estimated) < 1e3, 'every estimate of this profile comes from repair');
    assert.equal(pct(a, a.attribution.measuredWeight).toFixed(1), pct(a, measured).toFixed(1));
    assert.equal(pct(a, a.attribution.measuredWeight).toFixed(1), '18.7'); // what has a frame of the service on its own stack
    // Both Query call sites parse the same response type: the cut part that could be either is
    // shared between them (an estimate), and said so.
    const ua = a.callSites.find((s) => s.line === 44)!;
    const tm = a.callSites.find((s) => s.line === 66)!;
    assert.ok(ua.repair!.sharedWeight > 0 && tm.repair!.sharedWeight > 0);
    const creditedAt = (s: typeof ua) => s.dynamoWeight + (s.estimatedWeight ?? 0);
    assert.ok(creditedAt(ua) > creditedAt(tm), 'the 40-item Query outweighs the 25-item one');
  });
});
