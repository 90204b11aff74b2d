// trial8: `analyze --top -1` printed Node's three-line parseArgs message ("argument is ambiguous… use
// '--top=-XYZ'"); a value that starts with a dash now gets one line naming it, and the form to write
// unless it is a negative number, which no option takes (session 10's trial: the form only led to
// the option's range check). An unknown option gets one line of ours too.
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
  it('names the value, and the --option=value form for a value that is not a negative number', () => {
    assert.equal(usageMessage(() => parseCommandLine(['p.pb.gz', '--top', '-1'], OPTIONS)), "--top takes no negative number, got '-1'");
    assert.equal(usageMessage(() => parseCommandLine(['p.pb.gz', '--top', '-.5'], OPTIONS)), "--top takes no negative number, got '-.5'");
    assert.equal(usageMessage(() => parseCommandLine(['p.pb.gz', '--top', '-x'], OPTIONS)), "--top needs a value, and '-x' starts with a dash: write --top=-x to pass it");
  });

  it('takes the --option=value form, so the option\'s own check speaks next', () => {
    assert.equal(parseCommandLine(['p.pb.gz', '--top=-1'], OPTIONS).values.top, '-1');
  });

  it('names an unknown option in one line, with where a dash-led file name goes', () => {
    assert.equal(usageMessage(() => parseCommandLine(['--bogus'], OPTIONS)), "unknown option '--bogus' (the command's options: --help); a file name that starts with a dash goes after '--'");
  });

  it('reads the same in compare, which parses its own options', async () => {
    await assert.rejects(compare(['a.pb.gz', 'b.pb.gz', '--top', '-5']), (err: Error) => err instanceof CliUsageError && err.message === "--top takes no negative number, got '-5'");
  });
});
