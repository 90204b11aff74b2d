// trial8: `analyze --top -1` printed Node's three-line parseArgs message ("argument is ambiguous… use
// '--top=-XYZ'"); a value that starts with a dash now gets one line naming it and the form to write.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from '../../src/cli/options';
import { CliUsageError } from '../../src/cli/usage';
import { run as compare } from '../../src/cli/compareCommand';

const OPTIONS = { top: { type: 'string' }, json: { type: 'boolean' } } as const;

function usageMessage(act: () => unknown): string {
  try {
    act();
  } catch (err) {
    assert.ok(err instanceof CliUsageError, `a usage error, not ${String(err)}`);
    return err.message;
  }
  assert.fail('no usage error');
}

describe('an option value that starts with a dash', () => {
  it('names the value and the --option=value form', () => {
    assert.equal(usageMessage(() => parseCommandLine(['p.pb.gz', '--top', '-1'], OPTIONS)), "--top needs a value, and '-1' starts with a dash: write --top=-1 to pass it");
  });

  it('takes the --option=value form, so the option\'s own check speaks next', () => {
    assert.equal(parseCommandLine(['p.pb.gz', '--top=-1'], OPTIONS).values.top, '-1');
  });

  it('leaves parseArgs\' other messages as they are', () => {
    assert.match(usageMessage(() => parseCommandLine(['--bogus'], OPTIONS)), /^Unknown option '--bogus'\./);
  });

  it('reads the same in compare, which parses its own options', async () => {
    await assert.rejects(compare(['a.pb.gz', 'b.pb.gz', '--top', '-5']), (err: Error) => err instanceof CliUsageError && err.message === "--top needs a value, and '-5' starts with a dash: write --top=-5 to pass it");
  });
});
