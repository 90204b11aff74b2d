// The Go benchmark's clean-up on the paths the CLI tests do not take: a phase that passes its time
// limit, and a failed build. Either way the run rejects or says why, the sandbox is gone, and the
// module (the real sample) is untouched. Needs go and the modules scripts/goSetup.sh downloads.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGoSuite } from '../../../src/core/bench/goRunner';
import { BenchTimeoutError } from '../../../src/core/bench/runner';
import { findGoBinary } from '../../../src/core/bench/goSuite';
import { parseItems } from '../../../src/core/bench/itemSource';
import { SANDBOX_PREFIX } from '../../../src/core/go/goSandbox';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';

// These tests stand for the user's own command (the CLI), which vouches for the folders it names.
setWorkspaceTrust(true);

const MODULE = join(process.cwd(), 'fixtures/go-adserver/src');
const set = parseItems(readFileSync('fixtures/data/query-user-activity.json', 'utf8'), 'query-user-activity.json');
/** The sandboxes in this test's own temporary folder (other runs on the machine use theirs). */
const sandboxes = () => readdirSync(tmpdir()).filter((n) => n.startsWith(SANDBOX_PREFIX));

describe('Go benchmark clean-up on time-out and failure', () => {
  const saved = process.env.TMPDIR;
  let tmp = '';
  before(() => {
    tmp = mkdtempSync(join(tmpdir(), 'dhp-go-timeout-'));
    process.env.TMPDIR = tmp;
  });
  after(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a timed phase past its limit is stopped: BenchTimeoutError, no sandbox left', async () => {
    const goMod = readFileSync(join(MODULE, 'go.mod'));
    await assert.rejects(
      runGoSuite({ goBinary: findGoBinary()!, moduleRoot: MODULE, goType: 'github.com/example/adserver/internal/model.UserActivity', set, plan: { count: 10, benchtimeMs: 1000 }, limits: { run: 1500 } }),
      (e: unknown) => e instanceof BenchTimeoutError && /the timed runs exceeded its limit of 2 s and was stopped/.test(e.message),
    );
    assert.deepEqual(sandboxes(), []);
    assert.deepEqual(readFileSync(join(MODULE, 'go.mod')), goMod);
  });

  it('a struct that does not exist: the suite says so and lists the package’s struct types, no sandbox left', async () => {
    const suite = await runGoSuite({ goBinary: findGoBinary()!, moduleRoot: MODULE, goType: 'github.com/example/adserver/internal/model.NoSuchType', set, plan: { count: 1, benchtimeMs: 100 } });
    assert.equal(suite.skipped, 'github.com/example/adserver/internal/model declares no struct type NoSuchType (its struct types: Budget, Creative, Device, Geo, HistoryEvent, Impression, Scores, Screen, TargetingRule, UserActivity).');
    assert.deepEqual(suite.cases, []);
    assert.deepEqual(sandboxes(), []);
  });
});
