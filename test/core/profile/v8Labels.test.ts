import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ProfileError } from '../../../src/core/profile/errors';
import { parseProfile } from '../../../src/core/profile/read';
import { V8_LABELS_KEY } from '../../../src/core/profile/v8Labels';

const encode = (json: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(json));
const node = (id: number, name: string, children: number[] = [], line = 0) => ({ id, callFrame: { functionName: name, url: 'file:///app/dist/repo.js', lineNumber: line, columnNumber: 0, scriptId: '1' }, children });
const QUERY = { 'ddb.call_site': '/app/dist/repo.js:12:27', 'ddb.operation': 'Query' };
const PUT = { 'ddb.call_site': '/app/dist/repo.js:30:9', 'ddb.operation': 'PutItem' };

/**
 * Five samples of `parse` (node 3) at 1000, 1100, 1300, 1600, 2000 µs, ending at 2500 µs (weights
 * 100, 200, 300, 400, 500 µs); intervals: Query over [1050, 1300) and [1600, 1601), PutItem over
 * [1300, 1500). A sample is labelled when its timestamp lies in [start, end).
 */
function recorded(labels: unknown): Uint8Array {
  return encode({
    nodes: [node(1, '(root)', [2]), node(2, 'handler', [3], 4), node(3, 'parse', [], 11)],
    startTime: 900,
    endTime: 2500,
    samples: [3, 3, 3, 3, 3],
    timeDeltas: [100, 100, 200, 300, 400],
    [V8_LABELS_KEY]: labels,
  });
}

const weightByLabel = (path: string, labels: unknown): Map<string, number> => {
  const p = parseProfile(recorded(labels), path);
  const out = new Map<string, number>();
  for (const s of p.samples) {
    const key = s.labels === undefined ? '-' : p.labelSets![s.labels]!['ddb.operation']!;
    out.set(key, (out.get(key) ?? 0) + s.weight / 1000);
  }
  return out;
};

describe('V8 .cpuprofile reader: labelled intervals written by record --format cpuprofile', () => {
  it('labels each sample by the interval holding its timestamp, [start, end), keeping weights', () => {
    const byLabel = weightByLabel('rec.cpuprofile', { version: 1, labelSets: [QUERY, PUT], intervals: [1050, 1300, 0, 1300, 1500, 1, 1600, 1601, 0] });
    // 1000: none (100 µs); 1100: Query (200); 1300: PutItem (300); 1600: Query (400); 2000: none (500)
    assert.deepEqual([...byLabel.entries()].sort(), [['-', 600], ['PutItem', 300], ['Query', 600]]);
  });

  it('merges equal label sets and accepts intervals out of order; empty intervals label nothing', () => {
    const p = parseProfile(recorded({ version: 1, labelSets: [QUERY, { ...QUERY }], intervals: [1600, 1700, 1, 1050, 1200, 0, 1990, 1990, 0] }), 'rec.cpuprofile');
    assert.deepEqual(p.labelSets, [QUERY]);
    assert.equal(p.samples.filter((s) => s.labels === 0).reduce((a, s) => a + s.weight, 0), 600_000);
  });

  it('refuses a malformed label block with the file and the fault in the message', () => {
    for (const [labels, fault] of [
      [{ labelSets: [QUERY], intervals: [1, 2] }, /intervals are not triples/],
      [{ labelSets: [QUERY], intervals: [1, 2, 3] }, /interval 0 names label set 3, which is not there/],
      [{ labelSets: 'x', intervals: [] }, /needs `labelSets` and `intervals` arrays/],
      [{ labelSets: [7], intervals: [] }, /label set 0 is not an object/],
    ] as const) {
      assert.throws(() => parseProfile(recorded(labels), 'bad.cpuprofile'), (e: unknown) => e instanceof ProfileError && e.code === 'bad-reference' && e.message.startsWith('bad.cpuprofile: ') && fault.test(e.message));
    }
  });

  it('leaves a plain .cpuprofile without labels', () => {
    const p = parseProfile(readFileSync('fixtures/node-adserver/profiles/before-v2.cpuprofile'), 'before-v2.cpuprofile');
    assert.equal(p.labelSets, undefined);
    assert.ok(p.samples.every((s) => !('labels' in s)));
  });
});
