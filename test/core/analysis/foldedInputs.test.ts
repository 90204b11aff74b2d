// Folded stacks from other tools, with positions in their frame names, credited like the profiles
// they come from. perf-node-v2.folded holds stacks of a real run: the Node sample service (aws-sdk v2)
// under `perf record -F 199 -g` with `node --perf-basic-prof` (Linux perf 6.1, Node 20), `perf script`
// folded by stackcollapse-perf.pl --all (FlameGraph 41fee1f), paths rewritten to /srv/app
// (test/fixtures/other-tools/README.md). The Node forms are written here from the sample service's
// real .cpuprofile, so their figures must equal that profile's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import type { Analysis } from '../../../src/core/analysis/types';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import type { Frame, Profile } from '../../../src/core/profile/model';
import { parseProfile } from '../../../src/core/profile/read';

const ROOT = 'fixtures/node-adserver/src';
const sites = (a: Analysis) => a.callSites.map((s) => `${s.relativePath}:${s.line} ${s.functionName} ${s.dominant.label} ${s.dominant.category}`);

/** The profile's samples as folded lines (root first), each frame named by `nameOf`, weight as the count. */
function toFolded(profile: Profile, nameOf: (f: Frame) => string): string {
  return profile.samples.map((s) => `${[...s.stack].reverse().map((id) => nameOf(profile.frames[id]!)).join(';')} ${s.weight}`).join('\n');
}

const position = (f: Frame) => `${f.file}:${f.line}${f.column ? `:${f.column}` : ''}`;
const STYLES: Record<string, (f: Frame) => string> = {
  'stack-trace style `name (file:line:col)`': (f) => (f.file === '' || f.line === 0 ? f.name : `${f.name} (${position(f)})`),
  "Pyroscope Node `./file.js:name:line`": (f) => (f.file === '' || f.line === 0 ? f.name : `${f.file.replace('/home/dev/node-adserver/', './')}:${f.name}:${f.line}`),
};

describe('folded stacks with positions in the frame names', () => {
  it('perf script of a Node run (JS:*name file:line:col, _[j]/_[k]): call sites on the .ts lines, labelled by the API called', async () => {
    const { analysis: a } = await analyzeFile('test/fixtures/other-tools/perf-node-v2.folded', { root: ROOT });
    assert.deepEqual(sites(a), [
      'src/repository/v2-adapter.ts:41 getTargetingModel aws-sdk v2 DynamoDB.Converter attribute-unmarshal',
      'src/repository/v2-adapter.ts:55 recordImpression aws-sdk v2 DocumentClient attribute-marshal',
    ]);
    // 7 stacks of 5,025,125 ns periods: the JSON parser's (unattributed, async) + the two call sites; the kernel page fault is none.
    assert.equal(a.totalWeight, 80_402_000);
    assert.equal(a.dynamoWeight, 75_376_875);
    assert.equal(a.unattributedWeight, 50_251_250);
    assert.ok(!a.warnings.some((w) => w.startsWith('the profile records no file names')), a.warnings.join('\n'));
  });

  for (const [style, nameOf] of Object.entries(STYLES)) {
    it(`Node folded stacks in ${style}: the same call sites and shares as the .cpuprofile they come from`, async () => {
      const source = 'fixtures/node-adserver/profiles/before-v2.cpuprofile';
      const resolver = createPathResolver(await scanWorkspace(ROOT));
      const original = analyzeWithSources(parseProfile(readFileSync(source), source), { resolver }).analysis;
      const text = toFolded(parseProfile(readFileSync(source), source), nameOf);
      const folded = analyzeWithSources(parseProfile(new TextEncoder().encode(text), 'v2.folded'), { resolver }).analysis;
      assert.ok(folded.callSites.length >= 3);
      assert.deepEqual(sites(folded), sites(original));
      assert.equal(folded.dynamoWeight, original.dynamoWeight);
      assert.equal(folded.unattributedWeight, original.unattributedWeight);
      assert.deepEqual(folded.callSites.map((s) => s.dynamoWeight), original.callSites.map((s) => s.dynamoWeight));
    });
  }
});
