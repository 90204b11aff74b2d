// The young-generation flag `analyze` sets at run time (src/cli/heapTuning.ts): V8 must list it, and
// it must take effect after start — a process that keeps 2 million small objects alive grows its
// new space to 32 MB untuned, and keeps the size it had when `analyze` set the flag.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { YOUNG_GENERATION_FLAG } from '../../src/cli/heapTuning';

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

describe('young-generation tuning of analyze', () => {
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
});
