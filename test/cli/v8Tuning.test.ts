// The V8 flags `analyze` and `compare` set at start (src/cli/v8Tuning.ts): each must be one this
// Node's V8 knows (an unknown flag is only warned about, and the tuning would silently stop), and
// setting them after start must leave a process running and quiet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { SHORT_RUN_COMMANDS, SHORT_RUN_V8_FLAGS } from '../../src/cli/v8Tuning';

describe('V8 tuning of the short CLI commands', () => {
  it('sets only flags that this V8 lists, as their negation of a boolean or a valid value', () => {
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    assert.deepEqual(SHORT_RUN_V8_FLAGS, ['--no-turbo-inlining']);
    for (const flag of SHORT_RUN_V8_FLAGS) {
      const name = flag.replace(/^--no-/, '--').replace(/=.*$/, '');
      assert.match(options, new RegExp(`^\\s+${name} \\(`, 'm'), `${name} is not a V8 flag of node ${process.version}`);
    }
  });

  it('a process that sets them at run time stays quiet and computes as before', () => {
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify(SHORT_RUN_V8_FLAGS.join(' '))});
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
});
