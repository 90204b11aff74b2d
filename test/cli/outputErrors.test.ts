// When the output cannot be written (src/cli/outputErrors.ts): a reader that went away ends only
// the output; any other failure is one line on stderr and exit 2, never a stack trace and exit 1.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { handleOutputErrors } from '../../src/cli/outputErrors';

const errno = (code: string) => Object.assign(new Error(`write ${code}`), { code });

describe('output write errors', () => {
  it('ignores a closed reader (EPIPE) and ends a full disk (ENOSPC) with exit 2 and one line', () => {
    const stream = new EventEmitter();
    const lines: string[] = [];
    const exits: number[] = [];
    handleOutputErrors(stream, (line) => lines.push(line), (code) => exits.push(code));
    stream.emit('error', errno('EPIPE'));
    assert.deepEqual([lines, exits], [[], []]);
    stream.emit('error', errno('ENOSPC'));
    assert.deepEqual(lines, ['dynamo-hotpath: cannot write the output: ENOSPC: write ENOSPC\n']);
    assert.deepEqual(exits, [2]);
  });

  it('analyze into a full device (/dev/full) exits 2 with the reason, no stack trace', { skip: !existsSync('/dev/full') && 'no /dev/full on this system' }, () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'analyze', 'fixtures/go-adserver/profiles/before-v1.pb.gz', '--root', 'fixtures/go-adserver/src'], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /^dynamo-hotpath: cannot write the output: ENOSPC: /);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    } finally {
      closeSync(full);
    }
  });
});
