import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunRecord, readRunRecord, requestInputOf, runRecordPathFor, RunRecordError } from '../../../src/core/compare/runRecord';

describe('readRunRecord', () => {
  it('reads the Go fixture sidecar: requests, no window', async () => {
    const r = await readRunRecord(runRecordPathFor('fixtures/go-adserver/profiles/before-v1.pb.gz'));
    assert.equal(r.requests, 990);
    assert.equal(r.durationS, 20.06034526);
    assert.equal(r.window, undefined);
    assert.deepEqual(requestInputOf(r), { kind: 'count', requests: 990, source: 'before-v1.pb.gz.json: requests' });
  });

  it('reads the Node .cpuprofile sidecar with its monotonic window', async () => {
    const r = await readRunRecord('fixtures/node-adserver/profiles/before-v2.cpuprofile.json');
    assert.equal(r.requests, 1547);
    assert.deepEqual(r.window, { startUs: 3154357633, endUs: 3169482596 });
  });

  it('names the file when it is missing or not JSON', async () => {
    await assert.rejects(readRunRecord('fixtures/nope.json'), (e: unknown) => e instanceof RunRecordError && /fixtures\/nope\.json: cannot read/.test(e.message));
    const dir = mkdtempSync(join(tmpdir(), 'run-record-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{requests: 3');
    await assert.rejects(readRunRecord(bad), (e: unknown) => e instanceof RunRecordError && e.message === `${bad}: the run record is not JSON`);
  });
});

describe('parseRunRecord', () => {
  it('needs a positive request count or rate', () => {
    assert.throws(() => parseRunRecord({ duration_s: 3 }, 'r.json'), /r\.json: the run record has neither 'requests' nor 'requests_per_s'/);
    assert.throws(() => parseRunRecord({ requests: -1 }, 'r.json'), /'requests' must be a positive number, got -1/);
    assert.throws(() => parseRunRecord({ requests: 1, window_start_monotonic_us: 5 }, 'r.json'), /only one end of the window/);
  });

  it('falls back to the rate when there is no count', () => {
    const r = parseRunRecord({ requests_per_s: 49.35, duration_s: 20 }, '/x/run.json');
    assert.deepEqual(requestInputOf(r), { kind: 'rate', perSecond: 49.35, durationS: 20, source: 'run.json: requests_per_s' });
  });
});
