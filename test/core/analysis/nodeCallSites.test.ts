import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import type { Analysis } from '../../../src/core/analysis/types';

const ROOT = 'fixtures/node-adserver/src';
const pct = (a: Analysis, w: number) => (w / a.totalWeight) * 100;
const site = (a: Analysis, line: number) => a.callSites.find((s) => s.relativePath.endsWith('-adapter.ts') && s.line === line);

for (const file of ['before-v2.cpuprofile', 'before-v2.pb.gz']) {
  describe(`Node adserver on aws-sdk v2 (${file})`, async () => {
    const { analysis: a } = await analyzeFile(`fixtures/node-adserver/profiles/${file}`, { root: ROOT });

    it('credits Converter.unmarshall to getTargetingModel and the DocumentClient put to recordImpression', () => {
      // V8 and @datadog/pprof record a caller's position as its function's first line (dist/repository/v2-adapter.js:73),
      // which the source map (dist/repository/v2-adapter.js.map, written by tsc) takes to the TypeScript declaration.
      const tm = site(a, 41)!;
      assert.equal(tm.relativePath, 'src/repository/v2-adapter.ts');
      assert.equal(tm.functionName, 'getTargetingModel');
      assert.deepEqual([tm.dominant.category, tm.dominant.sdk, tm.dominant.label], ['attribute-unmarshal', 'aws-sdk-js-v2', 'aws-sdk v2 DynamoDB.Converter']);
      assert.equal(tm.dominant.migration, 'js-util-dynamodb');
      const ri = site(a, 55)!;
      assert.equal(ri.functionName, 'recordImpression');
      // DocumentClient.put converts through the Converter: labelled by the API the code called.
      assert.deepEqual([ri.dominant.label, ri.dominant.migration], ['aws-sdk v2 DocumentClient', 'js-lib-dynamodb']);
      assert.ok((ri.byCategory['attribute-marshal'] ?? 0) > 0);
      assert.ok(site(a, 30), 'getUserActivity (DocumentClient.query) is a call site');
    });

    it('measures the marshalling share and names both v2 migrations', () => {
      const expected = file.endsWith('.pb.gz') ? 52.2 : 46.5; // fixture README for the pprof file; time-weighted for the .cpuprofile
      assert.ok(Math.abs(pct(a, a.dynamoWeight) - expected) < 1, `dynamo ${pct(a, a.dynamoWeight)}`);
      assert.deepEqual(a.migrations.map((m) => m.id).sort(), ['js-lib-dynamodb', 'js-util-dynamodb']);
      assert.equal(a.coverage.percent, 100);
    });

    it('counts each sample once in the source-map coverage, however many generated files it runs through', () => {
      const m = a.sourceMaps!;
      const heaviest = Math.max(...m.files.map((f) => f.weight));
      // main.js → ad-handler.js → v2-adapter.js on one stack: the sum of the files' weights is more than the samples through them.
      assert.ok(m.mappedWeight >= heaviest && m.mappedWeight <= a.totalWeight, `mapped ${m.mappedWeight} of ${a.totalWeight}`);
      assert.ok(m.files.reduce((sum, f) => sum + f.weight, 0) > m.mappedWeight);
    });

    it('says how much marshalling runs in async continuations with no user frame', () => {
      // aws-sdk v2 parses responses in the HTTP callback: the caller is not on the stack.
      assert.ok(a.unattributedWeight > 0.3 * a.dynamoWeight && a.unattributedWeight < a.dynamoWeight);
    });
  });
}

describe('Node adserver on AWS SDK v3 (after-v3.cpuprofile)', async () => {
  const { analysis: a } = await analyzeFile('fixtures/node-adserver/profiles/after-v3.cpuprofile', { root: ROOT });

  it('finds util-dynamodb unmarshall under getTargetingModel and schema serde in the protocol share', () => {
    const tm = a.callSites.find((s) => s.relativePath === 'src/repository/v3-adapter.ts' && s.line === 50)!;
    assert.equal(tm.functionName, 'getTargetingModel');
    assert.deepEqual([tm.dominant.category, tm.dominant.label], ['attribute-unmarshal', '@aws-sdk/util-dynamodb']);
    assert.ok(a.sdkFunctions.some((f) => f.ruleId === 'js-v3-schema-serde' && f.category === 'protocol-unmarshal'));
    assert.ok(!a.migrations.some((m) => m.id.startsWith('js-')), 'v3 is the current generation: nothing to migrate');
  });

  it('counts the marshalling share by samples as the fixture README does (45.1 %), less the SDK being required (0.2 %) and the signing, retry and checksum helpers @smithy/core hosts beside its serde (toHex, escapeUri, UTF-8 and UUID helpers: 0.8 %)', async () => {
    const { analysis: bySamples } = await analyzeFile('fixtures/node-adserver/profiles/after-v3.cpuprofile', { root: ROOT, sampleType: 'samples' });
    assert.equal(((bySamples.dynamoWeight / bySamples.totalWeight) * 100).toFixed(1), '44.1');
    assert.equal(bySamples.otherServices.weight, 0, 'a DynamoDB-only service has no other service\'s protocol work');
    assert.equal(((bySamples.moduleLoadingWeight / bySamples.totalWeight) * 100).toFixed(1), '0.2');
  });
});

for (const [file, adapter] of [
  ['before-v2.cpuprofile', 'src/repository/v2-adapter.ts'],
  ['after-v3.cpuprofile', 'src/repository/v3-adapter.ts'],
  ['before-v2.pb.gz', 'src/repository/v2-adapter.ts'],
] as const) {
  describe(`estimates for the async share of a plain profile (${file})`, async () => {
    const { analysis: a } = await analyzeFile(`fixtures/node-adserver/profiles/${file}`, { root: ROOT });

    it('estimates the response parsing onto the two Query call sites, ranked as `record` measures them, not onto the PutItem', () => {
      // A recording of the same service (trial, findings 5) credits getUserActivity 59 %, getTargetingModel 37 % and
      // recordImpression 4 % of DynamoDB; a PutItem response carries no items, so it takes no item unmarshalling.
      const estimated = (name: string) => a.callSites.filter((s) => s.relativePath === adapter && s.functionName === name).reduce((sum, s) => sum + pct(a, s.estimatedWeight ?? 0), 0);
      const [activity, targeting, impression] = [estimated('getUserActivity'), estimated('getTargetingModel'), estimated('recordImpression')];
      assert.ok(activity > targeting && targeting > 5 * impression, `estimates ${activity} / ${targeting} / ${impression}`);
      assert.ok(impression < 1, `recordImpression ~${impression}%`);
      assert.ok(activity + targeting > 0.95 * pct(a, a.attribution.estimatedWeight));
      assert.ok(a.callSites.every((s) => (s.labelledWeight ?? 0) === 0), 'nothing is labelled in a plain profile');
      assert.match(a.attribution.estimateMethod ?? '', /response parsing only among operations that return items .* in proportion to the CPU measured beneath each call site/);
      assert.doesNotMatch(a.attribution.estimateMethod ?? '', /aws-sdk-go/, 'a Node profile names only its own SDK');
    });

    it('adds up: measured + estimated + unattributed = the DynamoDB share; measured = what the call sites measured', () => {
      const { measuredWeight, estimatedWeight, unattributedWeight } = a.attribution;
      assert.ok(Math.abs(measuredWeight + estimatedWeight + unattributedWeight - a.dynamoWeight) < 1e-6 * a.dynamoWeight);
      assert.ok(Math.abs(a.callSites.reduce((sum, s) => sum + s.dynamoWeight, 0) - measuredWeight) < 1e-6 * a.dynamoWeight);
      // What no frame of the user's code reached is estimated or unattributed; shared protocol work
      // under a user frame whose service the stack does not tell is estimated on that line too.
      assert.ok(estimatedWeight + unattributedWeight >= a.unattributedWeight * (1 - 1e-6));
      const perSite = a.callSites.reduce((sum, s) => sum + (s.estimatedWeight ?? 0), 0);
      assert.ok(Math.abs(perSite - estimatedWeight) < 1e-6 * a.dynamoWeight);
      assert.ok(estimatedWeight > 0.7 * a.dynamoWeight, 'most Node marshalling runs in async continuations');
    });
  });
}
