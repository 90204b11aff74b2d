import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { sampleTableOf } from '../../../src/core/profile/columns/profileTables';
import { forEachStack, maxStackDepth, stackDepth, stacksOf } from '../../../src/core/profile/columns/sampleTable';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { computeFlatCum, FlatCumCounter } from '../../../src/core/analysis/flatCum';
import { recordedFiles } from '../../../src/core/analysis/recordedFiles';
import { frameTableOf } from '../../../src/core/profile/columns/profileTables';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createPathResolver } from '../../../src/core/paths/resolve';

// google-pprof_large: 23,355 locations, so most stack units are multi-byte varints.
const LARGE = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';

describe('the stack walk over varint-packed pprof stacks', () => {
  it('gives every sample the stack and depth of the pooled copy; the deepest stack is the maximum', async () => {
    const table = sampleTableOf(await readProfileFile(LARGE));
    const reference = stacksOf(table);
    let deepest = 0;
    let visited = 0;
    forEachStack(table, (stack, i) => {
      assert.deepEqual(Array.from(stack), Array.from(reference[i]!), `sample ${i}`);
      assert.equal(stackDepth(table, i), reference[i]!.length);
      deepest = Math.max(deepest, stack.length);
      visited++;
    });
    assert.equal(visited, 20_430);
    assert.equal(maxStackDepth(table), deepest);
    assert.ok(deepest > 1);
  });
});

describe('flat/cum with lines counted for the user code only', () => {
  it('counts the user lines as the full count does, leaves other lines at 0 and functions unchanged', async () => {
    const profile = await readProfileFile('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const keys = buildFrameKeys(profile);
    const full = computeFlatCum(profile, keys);
    const { isUser } = recordedFiles(frameTableOf(profile), createPathResolver(await scanWorkspace('fixtures/go-adserver/src'), []));
    const counter = new FlatCumCounter(keys);
    counter.countLinesOnly(isUser);
    const table = sampleTableOf(profile);
    forEachStack(table, (stack, s) => counter.add(stack, s, table.weight[s]!, table.count[s]!));
    const part = counter.finish();

    assert.deepEqual(part.functionCum, full.functionCum);
    assert.deepEqual(part.functionCumCount, full.functionCumCount);
    assert.deepEqual(part.functionFlat, full.functionFlat);
    const userLines = new Set<number>();
    isUser.forEach((user, frame) => {
      if (user && keys.lineOf[frame]! >= 0) userLines.add(keys.lineOf[frame]!);
    });
    assert.ok(userLines.size > 10, `user lines: ${userLines.size}`);
    for (let line = 0; line < keys.lineCount; line++) {
      if (userLines.has(line)) {
        assert.equal(part.lineCum[line], full.lineCum[line]);
        assert.equal(part.lineCumCount[line], full.lineCumCount[line]);
        assert.equal(part.lineFlat[line], full.lineFlat[line]);
      } else {
        assert.equal(part.lineCum[line], 0);
        assert.equal(part.lineFlat[line], 0);
      }
    }
    // GetUserActivity's adapter line: 51.59 % of the 16.4 s (fixture README, `go tool pprof -list`).
    const adapter = keys.lines.findIndex((l) => l.file.endsWith('ddbv1/adapter.go') && l.line === 49);
    assert.equal(((100 * part.lineCum[adapter]!) / profile.totalWeight).toFixed(2), '51.59');
  });
});
