// The V8 flags `analyze` and `compare` set at start (src/cli/v8Tuning.ts): each must be one this
// Node's V8 knows (an unknown flag is only warned about, and the tuning would silently stop), and
// setting them after start must leave a process running and quiet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputBytes, shortRunV8Flags, SHORT_RUN_COMMANDS, SMALL_INPUT_BYTES, SMALL_INPUT_V8_FLAGS } from '../../src/cli/v8Tuning';

const LARGE_PROFILE = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';
const ALL_FLAGS = SMALL_INPUT_V8_FLAGS;

describe('V8 tuning of the short CLI commands', () => {
  it('sets only flags that this V8 lists, as their negation of a boolean or a valid value', () => {
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    assert.deepEqual(SMALL_INPUT_V8_FLAGS, ['--no-turbo-inlining', '--no-turbo-loop-peeling', '--no-turbo-escape', '--no-turbo-store-elimination']);
    for (const flag of ALL_FLAGS) {
      const name = flag.replace(/^--no-/, '--').replace(/=.*$/, '');
      assert.match(options, new RegExp(`^\\s+${name} \\(`, 'm'), `${name} is not a V8 flag of node ${process.version}`);
    }
  });

  it('a process that sets them at run time stays quiet and computes as before', () => {
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify(ALL_FLAGS.join(' '))});
      let h = 0; for (let i = 0; i < 2e6; i++) h = (h * 31 + (i % 97)) | 0; console.log(h);`;
    const tuned = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const plain = spawnSync(process.execPath, ['-e', script.slice(script.indexOf(';') + 1)], { encoding: 'utf8' });
    assert.equal(tuned.status, 0);
    assert.equal(tuned.stderr, '');
    assert.equal(tuned.stdout, plain.stdout);
    assert.match(tuned.stdout, /^-?\d+\n$/);
  });

  it('tunes analyze and compare only: not bench (it times V8 running the user\'s marshalling), migrate or record', () => {
    assert.deepEqual([...SHORT_RUN_COMMANDS].sort(), ['analyze', 'compare']);
  });

  it('sets the flags up to 4 MiB of input files on disk and none above, counting only regular files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-v8tuning-'));
    try {
      const big = join(dir, 'big.pb');
      writeFileSync(big, '');
      truncateSync(big, SMALL_INPUT_BYTES + 1);
      const small = join(dir, 'small.pb');
      writeFileSync(small, 'x'.repeat(1000));
      assert.equal(SMALL_INPUT_BYTES, 4 * 1024 * 1024);
      assert.equal(inputBytes([LARGE_PROFILE, '--json', '--root', dir, '--top', '5', join(dir, 'missing.pb'), join(small, 'not-a-dir')]), 1_201_687);
      assert.equal(inputBytes([small, small]), 2000);
      assert.deepEqual(shortRunV8Flags([LARGE_PROFILE, '--json']), ALL_FLAGS);
      assert.deepEqual(shortRunV8Flags([big, '--json']), []);
      assert.deepEqual(shortRunV8Flags([LARGE_PROFILE, big]), [], 'compare: both profiles count');
      assert.deepEqual(shortRunV8Flags(['--help']), ALL_FLAGS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
