import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isCpuProfileText, trimCpuProfile, WindowError } from '../../../src/core/compare/v8Window';

const dir = 'fixtures/node-adserver/profiles';

for (const stem of ['before-v2', 'after-v3']) {
  describe(`trimCpuProfile on ${stem}.cpuprofile`, () => {
    const text = readFileSync(`${dir}/${stem}.cpuprofile`, 'utf8');
    const sidecar = JSON.parse(readFileSync(`${dir}/${stem}.cpuprofile.json`, 'utf8'));
    const trimmed = trimCpuProfile(text, sidecar.window_start_monotonic_us, sidecar.window_end_monotonic_us, stem);
    const json = JSON.parse(trimmed.text);

    it('keeps exactly the samples the run record counts in its window', () => {
      assert.equal(trimmed.kept, sidecar.window_samples);
      assert.equal(json.samples.length, sidecar.window_samples);
      assert.equal(trimmed.kept + trimmed.dropped, sidecar.cpu_samples);
    });

    it('keeps every sample timestamp as recorded', () => {
      const original = JSON.parse(text);
      let t = original.startTime;
      const stamps: number[] = [];
      original.timeDeltas.forEach((d: number) => stamps.push((t += d)));
      const kept = stamps.filter((s) => s >= sidecar.window_start_monotonic_us && s <= sidecar.window_end_monotonic_us);
      let u = json.startTime;
      const trimmedStamps = json.timeDeltas.map((d: number) => (u += d));
      assert.deepEqual(trimmedStamps, kept);
      assert.ok(json.endTime > kept[kept.length - 1]!);
    });

    it('gives the main-thread busy time of the sidecar (gap to the next sample, idle left out)', () => {
      const idle = new Set(json.nodes.filter((n: { callFrame: { functionName: string } }) => n.callFrame.functionName === '(idle)').map((n: { id: number }) => n.id));
      let t = json.startTime;
      const stamps = json.timeDeltas.map((d: number) => (t += d));
      stamps.push(json.endTime);
      let busy = 0;
      json.samples.forEach((id: number, i: number) => {
        if (!idle.has(id)) busy += stamps[i + 1] - stamps[i];
      });
      assert.ok(Math.abs(busy / 1e6 - sidecar.window_main_thread_busy_seconds) < 1e-6, `${busy / 1e6} s`);
    });
  });
}

describe('trimCpuProfile errors', () => {
  it('names the file when the window holds no sample', () => {
    const text = readFileSync(`${dir}/after-v3.cpuprofile`, 'utf8');
    assert.throws(() => trimCpuProfile(text, 1, 2, 'after-v3.cpuprofile'), (e: unknown) => e instanceof WindowError && /^after-v3\.cpuprofile: no sample between 1 µs and 2 µs/.test(e.message));
  });

  it('refuses what is not a .cpuprofile', () => {
    assert.throws(() => trimCpuProfile('{"a":1}', 1, 2, 'x.json'), /x\.json: not a V8 \.cpuprofile/);
    assert.throws(() => trimCpuProfile('nope', 1, 2, 'x.json'), /x\.json: not JSON/);
    assert.equal(isCpuProfileText('{"nodes":[],"samples":[],"timeDeltas":[]}'), true);
    assert.equal(isCpuProfileText('\u001f\u008b'), false);
  });
});
