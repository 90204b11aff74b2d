// The recorder's call-site capture takes as few stack frames as an entry point's calls have
// needed so far and captures again, deeper, when that was not enough: whatever the order of
// calls, it finds the call site and its callers that a full capture finds. "SDK layers" are
// functions compiled under a node_modules file name (a dependency, skipped like the real SDK).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInThisContext } from 'node:vm';
import { captureCaller, MAX_CALLERS, type CallerFrame } from '../../src/record/callSite';

/**
 * One SDK entry point (the patched method, which captures from itself) reached through `layers`
 * nested dependency functions: the same entry from shallow and deep stacks, as `send` is.
 */
const sdk = (runInThisContext(
  `(function (capture) {
    function entry() { return capture(entry); }
    function through(layers) { return layers > 0 ? through(layers - 1) : entry(); }
    return through;
  })`,
  { filename: '/srv/app/node_modules/fake-sdk/index.js' },
) as (c: typeof captureCaller) => (layers: number) => CallerFrame | undefined)(captureCaller);

const describeFrames = (c: CallerFrame | undefined) => c && [c.functionName, ...c.callers.map((f) => f.functionName)];

describe('record: call-site capture depth', () => {
  it('finds the call site and 3 callers below 1 and below 6 SDK layers, in either order, on repeated calls', () => {
    function site(layers: number) {
      return sdk(layers);
    }
    function callerOne(layers: number) {
      return site(layers);
    }
    function callerTwo(layers: number) {
      return callerOne(layers);
    }
    function callerThree(layers: number) {
      return callerTwo(layers);
    }
    const expected = ['site', 'callerOne', 'callerTwo', 'callerThree'];
    assert.equal(expected.length, MAX_CALLERS + 1);
    for (const layers of [1, 6, 1, 6, 6, 1]) {
      const found = callerThree(layers);
      assert.deepEqual(describeFrames(found), expected);
      assert.match(found!.file, /callSite\.test\.ts$/);
      assert.equal(found!.viaDocumentClient, false);
    }
  });

  it('a stack with fewer user frames than it may keep: all of them, from a shallow and from a deep entry', () => {
    for (const layers of [0, 9]) {
      function onlySite() {
        return sdk(layers);
      }
      const found = [onlySite(), onlySite()];
      for (const f of found) {
        assert.equal(f?.functionName, 'onlySite');
        // The test runner's own frames above it are dependencies or Node's: at most the test's callback is the user's.
        assert.ok(f!.callers.length <= MAX_CALLERS);
      }
      assert.deepEqual(describeFrames(found[0]), describeFrames(found[1]));
    }
  });
});
