// One meaning of "measured": a frame of the user's code on the sample's own stack, or a recorder
// label. Go CPU profiles cut stacks at 64 frames; the repair completes them from other stacks, and
// what that credits is an estimate. Checked on two real Go profiles with cut stacks against the share
// computed here, from the raw profile, of DynamoDB marshalling with a frame of the service's own code on the stack.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import { attributionShares, measuredFraction, statusBarText } from '../../../src/core/analysis/attributionText';
import { deciderRule } from '../../helpers/deciderRule';
import type { Profile } from '../../../src/core/profile/model';
import { readProfileFile } from '../../../src/core/profile/read';
import { toAnalysisJson } from '../../../src/cli/analyzeJson';

/** Percent of the raw profile that is DynamoDB marshalling with a frame named `module…` on its own stack. */
function withUserFrame(p: Profile, module: string, dynamo: (labels: Readonly<Record<string, string>>) => boolean): number {
  let weight = 0;
  for (const s of p.samples) {
    const decider = deciderRule(p, s);
    if (!decider || decider.rule.family === 'connection' || !dynamo(s.labels !== undefined ? p.labelSets![s.labels]! : {})) continue;
    if (Array.from(s.stack.subarray(decider.index + 1)).some((id) => p.frames[id]!.name.startsWith(module))) weight += s.weight;
  }
  return (weight / p.totalWeight) * 100;
}

for (const [file, root, module, dynamo] of [
  // The profile: aws-sdk-go-v2 (awsAwsjson10), Go 1.19, 54.6 % of it cut at 64 frames.
  ['fixtures/go-adserver/profiles/after-v2.pb.gz', 'fixtures/go-adserver/src', 'github.com/example/adserver/', () => true],
  // aws-sdk-go-v2 with schema serde (dynamodb v1.74.1), Go 1.26, Kinesis/Logs/SQS calls beside; the svc label is the truth.
  ['fixtures/other-services/profiles/go-v2-mixed.pb.gz', 'fixtures/other-services/go', 'example.com/otherservices/', (l: Readonly<Record<string, string>>) => l['svc'] === 'dynamodb'],
] as const) {
  describe(`measured on a profile with cut stacks (${file})`, async () => {
    const raw = await readProfileFile(file);
    const { analysis: a } = await analyzeFile(file, { root });
    const shares = attributionShares(a);

    it('measures no more than the share with a frame of your code on the sample\'s own stack', () => {
      assert.ok(a.truncation && a.truncation.depthLimit === 64 && a.truncation.truncatedWeight > 0.3 * a.totalWeight, 'the fixture has cut stacks');
      const bound = withUserFrame(raw, module, dynamo);
      assert.ok(shares.measuredPercent <= bound + 1e-9, `measured ${shares.measuredPercent.toFixed(2)} % > ${bound.toFixed(2)} % with a user frame`);
      assert.ok(shares.measuredPercent > 0.9 * bound, `measured ${shares.measuredPercent.toFixed(2)} % of ${bound.toFixed(2)} %: what has a user frame is measured`);
      assert.ok(shares.estimatedPercent > shares.measuredPercent, 'most of it comes from completed stacks: estimated');
    });

    it('adds up everywhere: text split, JSON, status bar, per-line gate', () => {
      assert.ok(Math.abs(shares.measuredPercent + shares.estimatedPercent + shares.unattributedPercent - shares.dynamoPercent) < 1e-6);
      const json = toAnalysisJson(a, { root, top: 10 });
      const j = json.dynamo.attribution;
      assert.ok(Math.abs(j.measuredPercent + j.estimatedPercent + j.unattributedPercent - json.dynamo.percent) <= 0.02);
      assert.equal(j.measuredPercent, Math.round(shares.measuredPercent * 100) / 100);
      assert.match(j.estimateMethod ?? '', /stacks cut at 64 frames are completed from the full stacks that share their root-most frames/);
      const sites = json.callSites.reduce((sum, s) => sum + s.dynamoPercent, 0);
      assert.ok(Math.abs(sites - j.measuredPercent) < 0.05 * json.callSites.length, 'the call sites\' dynamoPercent is what was measured');
      assert.equal(statusBarText(shares), `DynamoDB ${shares.dynamoPercent.toFixed(1)}% (${shares.estimatedPercent.toFixed(1)}% est.)`);
      assert.ok(measuredFraction(a) < 0.9, 'per-line comparison lenses are withheld: under 90 % measured');
    });
  });
}
