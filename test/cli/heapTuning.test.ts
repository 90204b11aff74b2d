// The heap tuning of `analyze` (src/cli/heapTuning.ts). The young-generation flag: V8 must list it,
// and it must take effect after start — a process that keeps 2 million small objects alive grows its
// new space to 32 MB untuned, and keeps the size it had when `analyze` set the flag. The collection
// after a big read: it frees typed arrays no longer referenced, and only runs from 32 MB of them.
// The old-generation flag: set at run time, a process that keeps 1.2 million objects while making
// garbage holds a heap far smaller than without it; it is set for profile files from 4 MB.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { collectAfterBigRead, COLLECT_FROM_BYTES, growOldGenerationSlowlyFor, OLD_GENERATION_FLAG, SLOW_GROWTH_FROM_BYTES, YOUNG_GENERATION_FLAG } from '../../src/cli/heapTuning';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';

const MB = 1 << 20;
/** Keeps 2 million objects alive (every scavenge sees them survive), then prints the new space's size in bytes. */
const NEW_SPACE = `require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size`;
const KEEP_AND_MEASURE = `const keep = []; for (let i = 0; i < 2e6; i++) keep.push({ i, s: 'x' + i });
  process.stdout.write('\\nnew space ' + ${NEW_SPACE} + ' ' + keep.length + '\\n');`;

function newSpaceBytes(stdout: string): number {
  const m = /\nnew space (\d+) 2000000\n$/.exec(stdout);
  assert.ok(m, stdout.slice(-300));
  return Number(m[1]);
}

describe('heap tuning of analyze', () => {
  it('sets a flag that this V8 lists, with a valid value', () => {
    assert.equal(YOUNG_GENERATION_FLAG, '--semi-space-growth-factor=1');
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    assert.match(options, /^\s+--semi-space-growth-factor \(/m);
  });

  it('holds the new space at its size when analyze set the flag, where an untuned process grows it to 16 MB or more', () => {
    const plain = spawnSync(process.execPath, ['-e', KEEP_AND_MEASURE], { encoding: 'utf8' });
    assert.equal(plain.status, 0, plain.stderr);
    const viaAnalyze = `const { run } = require('./src/cli/analyzeCommand.ts');
      process.stdout.write('before ' + ${NEW_SPACE} + '\\n');
      run(['fixtures/go-adserver/profiles/before-v1.pb.gz', '--root', 'fixtures/go-adserver/src', '--json']).then((code) => { if (code !== 0) process.exit(code); ${KEEP_AND_MEASURE} });`;
    const tuned = spawnSync(process.execPath, ['--import', 'tsx', '-e', viaAnalyze], { encoding: 'utf8', maxBuffer: 64 * MB });
    assert.equal(tuned.status, 0, tuned.stderr);
    assert.match(tuned.stdout, /"percent": 84\.63/);
    assert.ok(newSpaceBytes(plain.stdout) >= 16 * MB, `untuned new space ${newSpaceBytes(plain.stdout)} B`);
    const before = Number(/^before (\d+)\n/.exec(tuned.stdout)?.[1]);
    assert.ok(before >= 1 * MB && before <= 8 * MB, `new space before analyze ${before} B`);
    assert.equal(newSpaceBytes(tuned.stdout), before);
  });

  it('collects after a read that left 32 MB of typed arrays or more, and frees the ones dropped', () => {
    assert.equal(COLLECT_FROM_BYTES, 32 * MB);
    assert.equal(collectAfterBigRead(COLLECT_FROM_BYTES - 1), false);
    // The tables are measured while referenced, then dropped; the same process without the call keeps them until V8's next collection.
    const script = (collect: boolean) => `const { collectAfterBigRead } = require('./src/cli/heapTuning.ts');
      const read = { tables: new Float64Array(8 * ${MB}) }; read.tables[1] = 1;
      const before = process.memoryUsage().arrayBuffers;
      read.tables = undefined;
      const collected = ${collect} && collectAfterBigRead(before);
      console.log(before, collected, process.memoryUsage().arrayBuffers, typeof globalThis.gc);`;
    const run = (collect: boolean) => {
      // Backing stores are otherwise freed by a background task after the collection, and counted until then.
      const r = spawnSync(process.execPath, ['--no-concurrent-array-buffer-sweeping', '--import', 'tsx', '-e', script(collect)], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout.trim().split(' ');
    };
    const [before, collected, after, globalGc] = run(true);
    assert.ok(Number(before) >= 64 * MB, `before ${before}`);
    assert.equal(collected, 'true');
    assert.ok(Number(after) < 8 * MB, `after ${after}`);
    const [, , kept] = run(false);
    assert.ok(Number(kept) >= 64 * MB, `without the collection ${kept}`);
    // The collector is taken from a context of its own: the program's global object gets no gc().
    assert.equal(globalGc, 'undefined');
  });

  it('analyzeFile calls afterRead once, between the read and the analysis', async () => {
    const calls: number[] = [];
    const { analysis } = await analyzeFile('fixtures/go-adserver/profiles/before-v1.pb.gz', { root: 'fixtures/go-adserver/src', afterRead: () => calls.push(calls.length) });
    assert.deepEqual(calls, [0]);
    assert.equal(Math.round((analysis.dynamoWeight / analysis.totalWeight) * 10000) / 100, 84.63);
  });

  it('analyzeFile passes onTablesDropped to the pprof reader, which calls it once before afterRead; other formats never', async () => {
    const calls: string[] = [];
    const hooks = { onTablesDropped: () => calls.push('dropped'), afterRead: () => calls.push('read') };
    await analyzeFile('fixtures/go-adserver/profiles/before-v1.pb.gz', { root: 'fixtures/go-adserver/src', ...hooks });
    assert.deepEqual(calls, ['dropped', 'read']);
    calls.length = 0;
    await analyzeFile('fixtures/node-adserver/profiles/before-v2.cpuprofile', { root: 'fixtures/node-adserver/src', ...hooks });
    assert.deepEqual(calls, ['read']);
  });

  it('grows the old generation by 20 % for a file of 4 MB or more, which holds the heap lower when set at run time', () => {
    assert.equal(OLD_GENERATION_FLAG, '--heap-growing-percent=20');
    assert.equal(SLOW_GROWTH_FROM_BYTES, 4 * MB);
    assert.equal(growOldGenerationSlowlyFor(SLOW_GROWTH_FROM_BYTES - 1), false);
    assert.equal(growOldGenerationSlowlyFor(Number.NaN), false);
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    assert.match(options, /^\s+--heap-growing-percent \(/m);
    // 24 rounds: 50,000 objects kept and 200,000 dropped each; the largest heap seen, in bytes.
    const script = (bytes: number) => `const v8 = require('node:v8');
      const set = require('./src/cli/heapTuning.ts').growOldGenerationSlowlyFor(${bytes});
      const live = []; let peak = 0;
      for (let round = 0; round < 24; round++) {
        for (let i = 0; i < 50000; i++) live.push({ i, s: 'k' + i + round });
        let garbage = []; for (let i = 0; i < 200000; i++) garbage.push({ i, t: 'g' + i }); garbage = undefined;
        peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
      }
      console.log(set, peak, live.length);`;
    const heapPeak = (bytes: number) => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script(bytes)], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const [set, peak, kept] = r.stdout.trim().split(' ');
      assert.equal(kept, '1200000');
      return { set, peak: Number(peak) };
    };
    const plain = heapPeak(1 * MB);
    const tuned = heapPeak(52 * MB);
    assert.deepEqual([plain.set, tuned.set], ['false', 'true']);
    assert.ok(tuned.peak < 0.8 * plain.peak, `heap peak ${tuned.peak} B tuned, ${plain.peak} B plain`);
  });
});
