// Line-0 profiles (Pyroscope merged profiles, some eBPF agents): the real before-v1 Go profile with
// every line and start line set to 0. Call sites must be function-level, on each function's
// declaration, each holding the sum of that function's line-level call sites.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { parseProfile } from '../../../src/core/profile/read';
import { toAnalysisJson } from '../../../src/cli/analyzeJson';
import { renderAnalysisText } from '../../../src/cli/analyzeText';
import { lineZeroPprof } from '../../helpers/lineZeroProfile';

const ROOT = 'fixtures/go-adserver/src';
const SOURCE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';

describe('line-0 profiles: function-level call sites', () => {
  it('places each Go method on its declaration (adapter.go:48/70/90), with the sum of its line-level sites', async () => {
    const resolver = createPathResolver(await scanWorkspace(ROOT));
    const lineLevel = analyzeWithSources(parseProfile(gunzipSync(readFileSync(SOURCE)), SOURCE), { resolver }).analysis;
    const { analysis: a } = analyzeWithSources(parseProfile(lineZeroPprof(SOURCE), 'before-v1-line0.pb'), { resolver });
    assert.deepEqual(
      a.callSites.map((s) => `${s.relativePath}:${s.line} ${s.precision} ${s.functionName} ${s.dominant.label}`),
      [
        'internal/repository/ddbv1/adapter.go:48 function github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity aws-sdk-go v1 jsonutil',
        'internal/repository/ddbv1/adapter.go:70 function github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetTargetingModel aws-sdk-go v1 jsonutil',
        'internal/repository/ddbv1/adapter.go:90 function github.com/example/adserver/internal/repository/ddbv1.(*Adapter).RecordImpression aws-sdk-go v1 jsonutil',
      ],
    );
    for (const site of a.callSites) {
      const sum = lineLevel.callSites.filter((s) => s.functionName === site.functionName).reduce((t, s) => t + s.dynamoWeight, 0);
      assert.equal(site.dynamoWeight, sum, site.functionName);
    }
    assert.equal(a.dynamoWeight, lineLevel.dynamoWeight);
    assert.deepEqual(a.functionLevel, { functions: 8, placed: 8, unplaced: [] });
    assert.ok(a.warnings.some((w) => w.startsWith('the profile records no line numbers for your code') && w.includes('(8 of 8 found)')), a.warnings.join('\n'));
    const json = toAnalysisJson(a, { root: ROOT, top: 10 });
    assert.equal(json.callSites[0]!.precision, 'function');
    assert.equal(json.callSites[0]!.line, 48);
    const text = renderAnalysisText(a, { root: ROOT, top: 10 });
    assert.match(text, /internal\/repository\/ddbv1\/adapter\.go:48 \(function-level\)/);
    assert.doesNotMatch(text, /\.go:0\b/);
    assert.ok(!lineLevel.callSites.some((s) => s.precision !== undefined), 'line-level sites carry no precision');
  });
});
