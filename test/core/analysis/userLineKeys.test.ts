import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readProfileFile } from '../../../src/core/profile/read';
import { frameTableOf, sampleTableOf } from '../../../src/core/profile/columns/profileTables';
import { forEachStack, maxStackDepth, stacksOf, unitFrameCount } from '../../../src/core/profile/columns/sampleTable';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { FlatCumCounter } from '../../../src/core/analysis/flatCum';
import { recordedFiles } from '../../../src/core/analysis/recordedFiles';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { createPathResolver } from '../../../src/core/paths/resolve';

describe('line keys for the frames of the user code only', () => {
  it('gives user frames the lines of the full keys, other frames none, and the call site line its share', async () => {
    const profile = await readProfileFile('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const { isUser } = recordedFiles(frameTableOf(profile), createPathResolver(await scanWorkspace('fixtures/go-adserver/src'), []));
    const full = buildFrameKeys(profile);
    const keys = buildFrameKeys(profile, isUser);

    assert.deepEqual(keys.functionOf, full.functionOf);
    assert.equal(keys.functionCount, full.functionCount);
    const userLines = new Set<string>();
    for (let frame = 0; frame < isUser.length; frame++) {
      const line = keys.lineOf[frame]!;
      if (!isUser[frame] || full.lineOf[frame]! < 0) {
        assert.equal(line, -1, `frame ${frame}`);
        continue;
      }
      const { file, line: at } = full.lines[full.lineOf[frame]!]!;
      assert.deepEqual([keys.lines[line]!.file, keys.lines[line]!.line], [file, at], `frame ${frame}`);
      userLines.add(`${file}:${at}`);
    }
    assert.equal(keys.lineCount, userLines.size);
    assert.equal(keys.lineCount, 18);
    assert.equal(full.lineCount, 1284);

    const counter = new FlatCumCounter(keys);
    const table = sampleTableOf(profile);
    forEachStack(table, (stack, s) => counter.add(stack, s, table.weight[s]!, table.count[s]!));
    // GetUserActivity's adapter line: 51.59 % of the 16.4 s (fixture README, `go tool pprof -list`).
    const adapter = keys.lines.findIndex((l) => l.file.endsWith('ddbv1/adapter.go') && l.line === 49);
    assert.equal(((100 * counter.finish().lineCum[adapter]!) / profile.totalWeight).toFixed(2), '51.59');
  });
});

describe('the deepest stack, with a depth that is enough', () => {
  it('stops at the first stack deeper than asked and returns its depth; finds the maximum otherwise', async () => {
    // after-v2-deep512: Go stacks recorded up to 512 frames deep; the deepest has 94.
    const table = sampleTableOf(await readProfileFile('fixtures/go-adserver/profiles/after-v2-deep512.pb.gz'));
    let deepest = 0;
    let firstOver50 = -1;
    forEachStack(table, (stack) => {
      deepest = Math.max(deepest, stack.length);
      if (firstOver50 < 0 && stack.length > 50) firstOver50 = stack.length;
    });
    assert.equal(maxStackDepth(table), deepest);
    assert.equal(deepest, 94);
    assert.ok(firstOver50 < deepest, `first over 50: ${firstOver50}`);
    assert.equal(maxStackDepth(table, 50), firstOver50);
    assert.equal(maxStackDepth(table, deepest), deepest);
  });
});

describe('the stack walk through single-frame units', () => {
  it('keeps one frame id per single-frame location and a slot per location with inlined calls, and reads every stack through them', async () => {
    const table = sampleTableOf(await readProfileFile('fixtures/go-adserver/profiles/before-v1.pb.gz'));
    const expansion = table.store.expansion!;
    // 1,554 locations, 189 of them with inlined calls (several frames: no single frame).
    assert.equal(expansion.unitFrame.length, 1554);
    const multi = Array.from(expansion.unitFrame.keys()).filter((unit) => expansion.unitFrame[unit]! < 0);
    assert.equal(multi.length, 189);
    assert.equal(expansion.multiStart.length, 190);
    assert.deepEqual([...new Set(multi.map((unit) => unitFrameCount(expansion, unit) >= 2))], [true]);
    assert.equal(expansion.multiFrames.length, multi.reduce((sum, unit) => sum + unitFrameCount(expansion, unit), 0));
    assert.equal(expansion.widest, Math.max(...multi.map((unit) => unitFrameCount(expansion, unit))));
    const reference = stacksOf(table);
    let multiFrameStacks = 0;
    forEachStack(table, (stack, i) => {
      assert.deepEqual(Array.from(stack), Array.from(reference[i]!), `sample ${i}`);
      if (stack.length > table.unitCount[i]!) multiFrameStacks++;
    });
    assert.ok(multiFrameStacks > 100, `stacks through inlined calls: ${multiFrameStacks}`);
  });
});

describe("the counter's first sight of each function in a sample", () => {
  it('lists, for every sample, the stack index and function id of each function where it first appears', async () => {
    const profile = await readProfileFile('fixtures/go-adserver/profiles/before-v1.pb.gz');
    const keys = buildFrameKeys(profile);
    const counter = new FlatCumCounter(keys);
    const table = sampleTableOf(profile);
    let repeated = 0;
    forEachStack(table, (stack, s) => {
      counter.add(stack, s, table.weight[s]!, table.count[s]!);
      const expected: number[] = [];
      const seen = new Set<number>();
      stack.forEach((frame, i) => {
        const fn = keys.functionOf[frame]!;
        if (!seen.has(fn)) expected.push(i, fn);
        seen.add(fn);
      });
      if (expected.length < 2 * stack.length) repeated++;
      assert.deepEqual(Array.from(counter.firstSights.subarray(0, 2 * counter.firstSightCount)), expected, `sample ${s}`);
    });
    // jsonutil's unmarshalAny/unmarshalStruct recursion repeats functions on most stacks.
    assert.ok(repeated > 1000, `samples with a repeated function: ${repeated}`);
    counter.add(new Uint32Array(0), table.length, 1, 1);
    assert.equal(counter.firstSightCount, 0);
  });
});
