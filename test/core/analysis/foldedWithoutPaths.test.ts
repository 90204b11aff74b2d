// Folded stacks with and without file names: bare V8 names match the rules by the names only one
// DynamoDB package uses (the method stated), V8's `(idle)` is idle however it is written (Pyroscope's
// count-less "lines" variant included), and Go stacks cut at 64 frames are found and repaired as in
// the pprof they come from. The folded texts are written here from the fixtures' real profiles.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import type { Analysis } from '../../../src/core/analysis/types';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import type { Frame, Profile } from '../../../src/core/profile/model';
import { parseProfile } from '../../../src/core/profile/read';

const pct = (a: Analysis, w: number) => (w / a.totalWeight) * 100;
const withPath = (f: Frame) => (f.file !== '' && f.line > 0 ? `${f.name} (${f.file}:${f.line})` : f.name);
const bare = (f: Frame) => f.name;

function folded(profile: Profile, nameOf: (f: Frame) => string, perLine = false): string {
  const lines = profile.samples.map((s) => [...s.stack].reverse().map((id) => nameOf(profile.frames[id]!)).join(';'));
  return perLine ? lines.join('\n') : profile.samples.map((s, i) => `${lines[i]} ${s.weight}`).join('\n');
}

async function analyzeText(text: string, root: string): Promise<Analysis> {
  return analyzeWithSources(parseProfile(new TextEncoder().encode(text), 'x.folded'), { resolver: createPathResolver(await scanWorkspace(root)) }).analysis;
}

const read = (path: string) => parseProfile(readFileSync(path), path);

describe('folded stacks with and without file names', () => {
  it('aws-sdk v2: the same DynamoDB share within 0.5 point, the name match stated', async () => {
    const source = read('fixtures/node-adserver/profiles/before-v2.cpuprofile');
    const [paths, names] = await Promise.all([analyzeText(folded(source, withPath), 'fixtures/node-adserver/src'), analyzeText(folded(source, bare), 'fixtures/node-adserver/src')]);
    assert.ok(pct(paths, paths.dynamoWeight) > 40);
    assert.ok(Math.abs(pct(paths, paths.dynamoWeight) - pct(names, names.dynamoWeight)) <= 0.5, `${pct(paths, paths.dynamoWeight)} vs ${pct(names, names.dynamoWeight)}`);
    assert.match(names.warnings.join('\n'), /SDK functions? with no file in the profile matched by name alone \(.*(JsonParser\.parse|convertOutput|Translator\.)/);
    assert.ok(!names.warnings.some((w) => w.startsWith('the profile has no DynamoDB SDK frames')));
  });

  it('Go: the same share without paths, and the cut stacks found and repaired as in the pprof: the 40-item Query outranks the 25-item one', async () => {
    const source = read('fixtures/go-adserver/profiles/after-v2.pb.gz');
    const [paths, names] = await Promise.all([analyzeText(folded(source, withPath), 'fixtures/go-adserver/src'), analyzeText(folded(source, bare), 'fixtures/go-adserver/src')]);
    assert.equal(pct(names, names.dynamoWeight).toFixed(1), pct(paths, paths.dynamoWeight).toFixed(1));
    for (const a of [paths, names]) assert.equal(pct(a, a.truncation?.truncatedWeight ?? 0).toFixed(1), '54.6', 'the 64-frame cut is found in folded stacks');
    const credited = (line: number) => {
      const s = paths.callSites.find((c) => c.line === line)!;
      return s.dynamoWeight + (s.estimatedWeight ?? 0);
    };
    assert.ok(credited(44) > credited(66), `GetUserActivity:44 ${credited(44)} vs GetTargetingModel:66 ${credited(66)}`);
    assert.match(paths.attribution.estimateMethod ?? '', /stacks cut at 64 frames are completed/);
  });

  it('(idle) is idle in every variant: counts, Pyroscope\'s count-less lines, decorated names', () => {
    const idleOf = (text: string) => parseProfile(new TextEncoder().encode(text), 'x.folded');
    const stacks = 'node;(root);main (/srv/app.js:3:1);query (/srv/db.js:8:20)\n';
    for (const idle of ['(idle)', '(idle) (:0:0)', '(idle):0', 'JS:(idle)']) {
      const counted = idleOf(`${stacks.trim()} 30\nnode;(root);${idle} 70\n`);
      assert.equal(counted.idleWeight, 70, idle);
      assert.equal(counted.totalWeight, 30, idle);
      const perLine = idleOf(`${stacks}${stacks}node;(root);${idle}\nnode;(root);${idle}\nnode;(root);${idle}\n`);
      assert.deepEqual([perLine.totalWeight, perLine.idleWeight], [2, 3], `lines variant, ${idle}`);
      assert.ok(perLine.warnings.some((w) => w.includes('"lines" variant')));
    }
  });
});
