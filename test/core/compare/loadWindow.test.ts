// CPU per request of a V8 `.cpuprofile` divides the load window, not the whole recording (start-up,
// warm-up, exit), when one is known — a run record's, a given --window, or the span of the DynamoDB
// requests `record` labelled — and the comparison says which; a count on one side only is an error.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareFileSets, type CompareFileSide } from '../../../src/core/compare/compareFiles';
import { readRunRecord } from '../../../src/core/compare/runRecord';
import { parseRelativeWindow } from '../../../src/core/compare/loadWindow';
import { RequestCountError } from '../../../src/core/compare/requestCount';
import { WindowError } from '../../../src/core/compare/v8Window';

// Recorded by `record --format cpuprofile` (labelled intervals inside); its run record: 765 requests in 12.0 s.
const RECORDED = 'fixtures/other-services/profiles/node-v3-mixed.cpuprofile';
// `node --cpu-prof` of the sample service: no labels; its run record: 2,878 requests in 15.0 s.
const PLAIN = 'fixtures/node-adserver/profiles/after-v3.cpuprofile';
const requests = (n: number): CompareFileSide['requests'] => ({ kind: 'count', requests: n });

async function perRequest(side: CompareFileSide, root: string) {
  const { comparison: c } = await compareFileSets([side], [side], { root });
  return { c, msPerRequest: c.totals.before.perRequest! / 1e6, seconds: c.totals.before.totalWeight / 1e9 };
}

describe('the load window of a .cpuprofile', () => {
  it('uses the run record\'s window first and says so', async () => {
    const { c, msPerRequest } = await perRequest({ path: RECORDED, requests: requests(765), runRecord: await readRunRecord(`${RECORDED}.json`) }, 'fixtures/other-services/node');
    assert.match(c.notes[0]!, /^before \(.*node-v3-mixed\.cpuprofile\): per request over the load window from its run record: 12\.0 s of the 16\.6 s recorded$/);
    assert.ok(msPerRequest > 5 && msPerRequest < 20, `${msPerRequest} ms`);
  });

  it('uses a given --window (seconds from the start), then the span of the requests `record` labelled', async () => {
    const given = await perRequest({ path: RECORDED, requests: requests(765), window: parseRelativeWindow('4..16', '--window-before') }, 'fixtures/other-services/node');
    assert.match(given.c.notes[0]!, /per request over the load window from --window-before: 12\.0 s of the 16\.6 s recorded$/);
    // Busy (non-idle) time of the main thread inside the 12 s window.
    assert.ok(given.seconds > 6 && given.seconds < 12, `${given.seconds} s of samples`);
    const marks = await perRequest({ path: RECORDED, requests: requests(765) }, 'fixtures/other-services/node');
    assert.match(marks.c.notes[0]!, /per request over the load window from the span of the DynamoDB requests `record` labelled \(first request to last\): 15\.9 s of the 16\.6 s recorded$/);
    assert.ok(marks.seconds < 16.6 && marks.seconds > given.seconds);
  });

  it('divides the whole recording when no window is known, and says how to give one', async () => {
    const plain = await perRequest({ path: PLAIN, requests: requests(2878) }, 'fixtures/node-adserver/src');
    assert.match(plain.c.notes[0]!, /^before \(.*after-v3\.cpuprofile\): per request over the whole recording \(17\.0 s recorded: start-up, warm-up and exit included\) — no load window is known; give --window-before START\.\.END/);
    const windowed = await perRequest({ path: PLAIN, requests: requests(2878), runRecord: await readRunRecord(`${PLAIN}.json`) }, 'fixtures/node-adserver/src');
    assert.ok(windowed.msPerRequest < plain.msPerRequest, 'start-up and exit are not per-request cost');
  });

  it('refuses a request count on one side only, naming the missing side, and a window on a pprof', async () => {
    await assert.rejects(compareFileSets([{ path: PLAIN, requests: requests(2878) }], [{ path: PLAIN }], { root: 'fixtures/node-adserver/src' }), (e: Error) => {
      assert.ok(e instanceof RequestCountError);
      assert.match(e.message, /requests are known for the before profile only: the after side's request count is missing/);
      return true;
    });
    const pprof = 'fixtures/go-adserver/profiles/after-v2.pb.gz';
    await assert.rejects(compareFileSets([{ path: pprof, window: { startS: 1, endS: 2 } }], [{ path: pprof }], { root: 'fixtures/go-adserver/src' }), WindowError);
  });
});
