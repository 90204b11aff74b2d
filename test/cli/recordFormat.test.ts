// `record` decides its format before the program starts (issue 28): pprof where @datadog/pprof is
// installed for the program, else a .cpuprofile with the reason said first — and `--format pprof`
// without it stops before anything runs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chooseRecordFormat, pprofSearchFolders } from '../../src/cli/recordFormat';
import { CliUsageError } from '../../src/cli/usage';

const repo = resolve(__dirname, '..', '..');

describe('record: the format, before the program starts', () => {
  const bare = mkdtempSync(join(tmpdir(), 'record-format-'));
  mkdirSync(join(bare, 'src'));
  writeFileSync(join(bare, 'src', 'server.js'), '');

  it('looks where the recorder loads it from: the program file\'s folder, the working directory, the recorder\'s', () => {
    assert.deepEqual(pprofSearchFolders(['node', 'src/server.js', '--port', '8080'], bare, '/opt/dhp/dist'), [join(bare, 'src'), bare, '/opt/dhp/dist']);
  });

  it('records pprof where @datadog/pprof is installed (this repository has it)', () => {
    assert.deepEqual(chooseRecordFormat(undefined, [bare, repo]), { format: 'pprof' });
  });

  it('falls back to .cpuprofile and says so when it is not', () => {
    assert.deepEqual(chooseRecordFormat(undefined, [join(bare, 'src'), bare]), {
      format: 'cpuprofile',
      note: `@datadog/pprof is not installed where the program runs (${join(bare, 'src')}): recording a .cpuprofile (Node's own profiler, the same call-site labels) instead. For the pprof format: npm install --save-dev @datadog/pprof@5.20.0`,
    });
    assert.deepEqual(chooseRecordFormat('cpuprofile', [bare]), { format: 'cpuprofile' });
  });

  it('stops before anything starts when --format pprof cannot be recorded', () => {
    assert.throws(() => chooseRecordFormat('pprof', [bare]), (e: unknown) => e instanceof CliUsageError && /--format pprof needs @datadog\/pprof .*nothing was started/.test(e.message));
  });
});
