// Services that call Kinesis, CloudWatch Logs and SQS (JSON protocol) next to DynamoDB, recorded
// from the real SDKs against dynalite and a local JSON endpoint (fixtures/other-services/README.md):
// only DynamoDB's requests count as DynamoDB. The truth comes from outside the analysis: the
// recorder labels DynamoDB requests only (Node), the Go services label every SDK call with its
// service (`pprof.Do(ctx, pprof.Labels("svc", …))`), labels the analysis never reads. A sample is
// DynamoDB marshalling by the truth when its innermost non-runtime frame matches a marshalling rule
// (the fixture README's definition) and the sample is DynamoDB's by its label, or the rule is
// DynamoDB's own code (item conversion the user calls directly).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import type { Analysis } from '../../../src/core/analysis/types';
import { deciderRule } from '../../helpers/deciderRule';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import type { Profile } from '../../../src/core/profile/model';
import { readProfileFile } from '../../../src/core/profile/read';

const DIR = 'fixtures/other-services/profiles';
const pct = (a: Analysis, weight: number) => (a.totalWeight > 0 ? (weight / a.totalWeight) * 100 : 0);

/** Percent of the profile that is DynamoDB marshalling by the labels' truth. */
function truthPercent(p: Profile): number {
  let truth = 0;
  for (const s of p.samples) {
    const rule = deciderRule(p, s)?.rule;
    if (!rule || rule.family === 'connection') continue;
    if (Array.from(s.stack).some((id) => p.frames[id]!.name === 'Module._compile')) continue; // the SDK being required
    const labels = s.labels !== undefined ? p.labelSets![s.labels]! : {};
    const dynamo = labels['svc'] !== undefined ? labels['svc'] === 'dynamodb' : labels['ddb.ctx'] !== undefined || !rule.shared;
    if (dynamo) truth += s.weight;
  }
  return (truth / p.totalWeight) * 100;
}

/** The profile as a plain profiler records it: no `record` labels. */
function unlabelled(p: Profile): Profile {
  return { ...p, labelSets: undefined, samples: p.samples.map(({ labels: _dropped, ...rest }) => rest) };
}

async function analyze(profile: Profile, root: string): Promise<Analysis> {
  return analyzeWithSources(profile, { resolver: createPathResolver(await scanWorkspace(root)) }).analysis;
}

const addsUp = (a: Analysis) => {
  const { measuredWeight, estimatedWeight, unattributedWeight } = a.attribution;
  assert.ok(Math.abs(measuredWeight + estimatedWeight + unattributedWeight - a.dynamoWeight) <= 1e-6 * a.totalWeight, 'measured + estimated + unattributed = headline');
};

for (const [sdk, root] of [
  ['go-v1', 'fixtures/other-services/go'],
  ['go-v2', 'fixtures/other-services/go'],
  ['node-v2', 'fixtures/other-services/node'],
  ['node-v3', 'fixtures/other-services/node'],
] as const) {
  describe(`${sdk}: DynamoDB next to Kinesis, CloudWatch Logs and SQS`, async () => {
    const mixed = await readProfileFile(`${DIR}/${sdk}-mixed.pb.gz`);
    const others = await readProfileFile(`${DIR}/${sdk}-others.pb.gz`);
    const [a, o] = await Promise.all([analyze(mixed, root), analyze(others, root)]);

    it('counts DynamoDB\'s requests only: the DynamoDB share equals the truth within 1 point', () => {
      const truth = truthPercent(mixed);
      assert.ok(truth > 5, `the fixture marshals DynamoDB items (${truth.toFixed(1)} %)`);
      assert.ok(Math.abs(pct(a, a.dynamoWeight) - truth) < 1, `${pct(a, a.dynamoWeight).toFixed(2)} % vs ${truth.toFixed(2)} %`);
      assert.ok(pct(a, a.otherServices.weight) > 1, 'the other services\' protocol work is reported apart');
      addsUp(a);
    });

    it('reads 0 % for a service with no DynamoDB at all, and says whose protocol work it saw', () => {
      assert.equal(truthPercent(others), 0);
      assert.equal(o.dynamoWeight, 0);
      assert.deepEqual(o.callSites, []);
      assert.ok(pct(o, o.otherServices.weight) > 4, `${pct(o, o.otherServices.weight)} %`);
      assert.ok(!o.migrations.some((m) => m.id.startsWith('js-') || m.id === 'go-sdk-v2'), 'no DynamoDB migration for Kinesis calls');
    });

    if (sdk.startsWith('go')) {
      it('names the services whose clients were on the stack', () => {
        assert.deepEqual(o.otherServices.byService.map((s) => s.name).sort(), ['cloudwatchlogs', 'kinesis', 'sqs']);
        assert.equal(o.otherServices.estimatedWeight, 0, 'Go stacks always show the client');
        assert.ok(a.callSites.every((s) => /v[12]feed\/feed\.go$/.test(s.relativePath) && /LoadItems|SaveView/.test(s.functionName)), a.callSites.map((s) => s.functionName).join());
      });
    } else {
      it('credits only the DynamoDB call sites, measured through the recorded labels', () => {
        assert.ok(a.callSites.every((s) => /loadItems|saveView|anonymous/.test(s.functionName)), a.callSites.map((s) => s.functionName).join());
        assert.ok(pct(a, a.attribution.measuredWeight) > 0.95 * pct(a, a.dynamoWeight));
        assert.equal(a.otherServices.estimatedWeight, 0, 'record labels every DynamoDB request: the rest is other services\', not estimated');
      });

      it('without the labels (a plain profiler), estimates the service where the stack shows no client, and says so', async () => {
        const [plain, plainOthers] = await Promise.all([analyze(unlabelled(mixed), root), analyze(unlabelled(others), root)]);
        assert.equal(plainOthers.dynamoWeight, 0);
        const truth = truthPercent(mixed);
        // Measured on fixtures of this commit: aws-sdk v2 11.9 % vs 12.9 %, v3 6.6 % vs 8.2 % (response parsing's
        // JSON.parse has no client on its stack; the v3 estimate follows the member-level reads, which DynamoDB's codec keeps light).
        assert.ok(Math.abs(pct(plain, plain.dynamoWeight) - truth) < 2, `${pct(plain, plain.dynamoWeight).toFixed(2)} % vs ${truth.toFixed(2)} %`);
        assert.match(plain.attribution.estimateMethod ?? '', /shared AWS protocol code whose stack shows no client \(\d+\.\d% of the profile\) is split between DynamoDB and other services/);
        assert.ok(plain.otherServices.estimatedWeight > 0);
        assert.ok(pct(plain, plain.attribution.measuredWeight) < pct(plain, plain.dynamoWeight) / 2, 'most of it is estimated');
        addsUp(plain);
      });
    }
  });
}
