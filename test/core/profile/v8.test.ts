import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ProfileError } from '../../../src/core/profile/errors';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture, flatWeight, totalCount } from './helpers';

const encode = (json: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(json));

describe('V8 .cpuprofile reader: node-adserver (node --cpu-prof)', () => {
  for (const [name, nonIdle, idle] of [
    ['before-v2', 10_461, 356],
    ['after-v3', 11_732, 391],
  ] as const) {
    it(`${name}: ${nonIdle} non-idle samples, (idle) dropped into idleWeight, times in ns (fixture README)`, () => {
      const path = `fixtures/node-adserver/profiles/${name}.cpuprofile`;
      const raw = JSON.parse(readFileSync(path, 'utf8')) as { startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
      const sidecar = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as { non_idle_samples: number; idle_samples: number };
      assert.equal(sidecar.non_idle_samples, nonIdle);
      assert.equal(sidecar.idle_samples, idle);
      const p = parseProfile(fixture(path), path);
      assert.equal(p.format, 'v8-cpuprofile');
      // V8's weights are the time between samples of the JS thread: wall time, not CPU time
      assert.deepEqual(p.sampleType, { type: 'wall', unit: 'nanoseconds' });
      assert.deepEqual(p.sampleTypes, [{ type: 'wall', unit: 'nanoseconds' }, { type: 'samples', unit: 'count' }]);
      assert.equal(totalCount(p), nonIdle);
      assert.equal(raw.samples.length, nonIdle + idle);
      // each sample lasts until the next one (the last until endTime): busy + idle = endTime − first sample
      const firstSampleUs = raw.startTime + raw.timeDeltas[0];
      assert.ok(Math.abs(p.totalWeight + p.idleWeight - (raw.endTime - firstSampleUs) * 1000) < 1);
      assert.ok(p.idleWeight > 0 && p.idleWeight < 0.05 * p.totalWeight);
      assert.equal(p.durationNs, (raw.endTime - raw.startTime) * 1000);
      assert.ok(!p.frames.some((f) => f.name === '(idle)' || f.name === '(root)'));
      assert.ok(p.frames.some((f) => f.name === '(garbage collector)' && f.file === '' && f.line === 0));
      assert.ok(p.frames.some((f) => f.name === '(program)' && f.file === ''));
    });
  }

  it('the weight convention (a sample lasts until the next one) reproduces the recorder\'s main-thread busy time', () => {
    // fixtures README: busy time = sum of the time deltas of non-(idle) samples inside the load window;
    // the sidecar's figure equals the following-interval sum to the µs (the preceding-interval sum does not)
    for (const name of ['before-v2', 'after-v3']) {
      const path = `fixtures/node-adserver/profiles/${name}.cpuprofile`;
      const raw = JSON.parse(readFileSync(path, 'utf8')) as { nodes: { id: number; callFrame: { functionName: string } }[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
      const side = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as { window_start_monotonic_us: number; window_end_monotonic_us: number; window_main_thread_busy_seconds: number };
      const idle = new Set(raw.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
      const ts: number[] = [];
      raw.timeDeltas.reduce((t, d) => (ts.push(t + d), t + d), raw.startTime);
      let busyUs = 0;
      for (let i = 0; i < ts.length; i++) {
        const inWindow = ts[i] >= side.window_start_monotonic_us && ts[i] <= side.window_end_monotonic_us;
        if (inWindow && !idle.has(raw.samples[i])) busyUs += (i + 1 < ts.length ? ts[i + 1] : raw.endTime) - ts[i];
      }
      assert.equal(busyUs, Math.round(side.window_main_thread_busy_seconds * 1e6), name);
    }
  });

  it('decodes file:// URLs and gives callers their function line (lineNumber + 1)', () => {
    const path = 'fixtures/node-adserver/profiles/before-v2.cpuprofile';
    const p = parseProfile(fixture(path), path);
    assert.ok(!p.frames.some((f) => f.file.startsWith('file:')));
    // `getUserActivity` is declared on line 63 of dist/repository/v2-adapter.js (README "hottest app-source lines")
    assert.ok(p.frames.some((f) => f.name === 'getUserActivity' && f.file === '/home/dev/node-adserver/dist/repository/v2-adapter.js' && f.line === 63));
    assert.ok(p.frames.some((f) => f.file === 'node:internal/process/task_queues'));
  });

  it('ticks override: samples/count weighs each tick 1', () => {
    const path = 'fixtures/node-adserver/profiles/after-v3.cpuprofile';
    const p = parseProfile(fixture(path), path, { sampleType: 'samples' });
    assert.equal(p.totalWeight, 11_732);
    assert.throws(() => parseProfile(fixture(path), path, { sampleType: 'alloc_space' }), (e: unknown) => e instanceof ProfileError && e.code === 'unknown-sample-type');
    // there is no CPU-time column to pick: asking for one is refused with what the file offers
    assert.throws(
      () => parseProfile(fixture(path), path, { sampleType: 'cpu' }),
      (e: unknown) => e instanceof ProfileError && e.message.includes('has no sample type "cpu"; it offers: wall/nanoseconds, samples/count'),
    );
  });
});

describe('V8 positionTicks (speedscope chrome65 simple)', () => {
  const path = 'fixtures/third-party/v8/speedscope_chrome65_simple.cpuprofile';
  const p = parseProfile(fixture(path), path);

  it('puts the leaf self time on the 1-based positionTicks lines, split by ticks', () => {
    // node 5 (d under b): 14 samples, ticks {16: 13, 14: 1}; node 7 (d under c): 14 samples, ticks {16: 14}
    const d16 = p.samples.filter((s) => p.frames[s.stack[0]].name === 'd' && p.frames[s.stack[0]].line === 16);
    const d14 = p.samples.filter((s) => p.frames[s.stack[0]].name === 'd' && p.frames[s.stack[0]].line === 14);
    assert.equal(d16.reduce((a, s) => a + s.count, 0), 27);
    assert.equal(d14.reduce((a, s) => a + s.count, 0), 1);
    assert.ok(!p.samples.some((s) => p.frames[s.stack[0]].name === 'd' && p.frames[s.stack[0]].line === 14 + 0 && s.count > 1));
  });

  it('gives callers the 0-based callFrame.lineNumber + 1', () => {
    const b = p.frames.find((f) => f.name === 'b')!;
    const c = p.frames.find((f) => f.name === 'c')!;
    assert.equal(b.line, 6);
    assert.equal(c.line, 10);
    const stack = p.samples.find((s) => p.frames[s.stack[0]].name === 'd' && p.frames[s.stack[1]].name === 'b')!.stack;
    assert.deepEqual([...stack].map((id) => p.frames[id].name), ['d', 'b', 'a', '(anonymous)']);
  });

  it('splits the time of a node in proportion to its ticks', () => {
    const dUnderB = p.samples.filter((s) => p.frames[s.stack[0]].name === 'd' && p.frames[s.stack[1]].name === 'b');
    const total = dUnderB.reduce((a, s) => a + s.weight, 0);
    const line14 = flatWeight(p, (f) => f.name === 'd' && f.line === 14);
    assert.ok(Math.abs(line14 - total / 14) < 1e-6);
  });
});

describe('V8 hand-made inputs', () => {
  const base = {
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, children: [2, 4] },
      { id: 2, callFrame: { functionName: 'handler', scriptId: '1', url: 'file:///home/dev/my%20app/dist/main.js', lineNumber: 9, columnNumber: 0 }, children: [3] },
      {
        id: 3,
        callFrame: { functionName: '', scriptId: '1', url: 'file:///home/dev/my%20app/dist/main.js', lineNumber: 19, columnNumber: 4 },
        positionTicks: [{ line: 22, ticks: 3 }],
      },
      { id: 4, callFrame: { functionName: '(idle)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 } },
    ],
    startTime: 1000,
    endTime: 1400,
    samples: [3, 3, 4, 3],
    timeDeltas: [100, 100, 100, 50],
  };

  it('percent-decodes file URLs, names anonymous functions and weighs samples by the following interval', () => {
    const p = parseProfile(encode(base), 'hand.cpuprofile');
    assert.equal(p.totalWeight, (100 + 100 + 50) * 1000);
    assert.equal(p.idleWeight, 50 * 1000);
    assert.equal(p.samples.length, 1);
    const [leaf, caller] = [...p.samples[0].stack].map((id) => p.frames[id]);
    assert.deepEqual(leaf, { name: '(anonymous)', file: '/home/dev/my app/dist/main.js', line: 22, inlined: false });
    assert.deepEqual(caller, { name: 'handler', file: '/home/dev/my app/dist/main.js', line: 10, column: 1, inlined: false });
    assert.equal(p.samples[0].count, 3);
  });

  it('reports a sample naming a missing node as bad-reference', () => {
    assert.throws(
      () => parseProfile(encode({ ...base, samples: [3, 9, 4, 3] }), 'bad.cpuprofile'),
      (e: unknown) => e instanceof ProfileError && e.code === 'bad-reference' && /node 9/.test(e.message),
    );
  });

  it('reports a profile whose samples are all (idle) as no-samples', () => {
    assert.throws(
      () => parseProfile(encode({ ...base, samples: [4, 4, 4, 4] }), 'idle.cpuprofile'),
      (e: unknown) => e instanceof ProfileError && e.code === 'no-samples' && e.message.startsWith('idle.cpuprofile: '),
    );
  });
});

describe('V8 wall time in sampling gaps', () => {
  // 1 ms interval; the handler's frame is on top during gaps of 50 ms (the thread waited for a CPU).
  const profile = (gapsMs: number[]) => {
    const deltas = [0, ...Array.from({ length: 100 }, () => 1000), ...gapsMs.map((ms) => ms * 1000), 1000];
    const nodes = [
      { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, children: [2, 3] },
      { id: 2, callFrame: { functionName: 'handler', scriptId: '1', url: 'file:///srv/app.js', lineNumber: 9, columnNumber: 0 } },
      { id: 3, callFrame: { functionName: '(idle)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 } },
    ];
    const samples = deltas.map((_, i) => (i % 10 === 5 ? 3 : 2));
    const startTime = 0;
    const endTime = deltas.reduce((a, b) => a + b, 0) + 1000;
    return new TextEncoder().encode(JSON.stringify({ nodes, startTime, endTime, samples, timeDeltas: deltas }));
  };

  it('warns when a fifth or more of the wall time lies in gaps over 10× the median interval, naming the figure', () => {
    const p = parseProfile(profile([50, 50, 50]), 'gappy.cpuprofile');
    // Gaps: the samples before the three 50-ms deltas (non-idle) hold 150 ms of 240 ms non-idle wall time.
    assert.deepEqual(p.warnings, ['62% of the wall time lies in sampling gaps over 10 ms (10× the median interval of 1.0 ms): the thread waited for a CPU and that time is charged to the frame on top, so shares can be far from CPU shares; --sample-type samples counts each sample once']);
    assert.deepEqual(parseProfile(profile([50, 50, 50]), 'gappy.cpuprofile', { sampleType: 'samples' }).warnings, []);
    assert.deepEqual(parseProfile(profile([15]), 'calm.cpuprofile').warnings, []);
  });
});

describe('Chrome trace reader (speedscope chrome116 trace)', () => {
  const path = 'fixtures/third-party/v8/speedscope_chrome116_trace-with-ProfileChunk.json';
  const trace = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: { name: string; args: { data: { cpuProfile: { nodes?: { id: number; callFrame: { functionName: string } }[]; samples: number[] }; lines?: number[] } } }[] };
  const chunks = trace.traceEvents.filter((e) => e.name === 'ProfileChunk');
  const idleIds = new Set(chunks.flatMap((c) => c.args.data.cpuProfile.nodes ?? []).filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const allSamples = chunks.flatMap((c) => c.args.data.cpuProfile.samples);
  const p = parseProfile(fixture(path), path);

  it('concatenates the 16 chunks: 1600 samples, idle ones dropped', () => {
    assert.equal(chunks.length, 16);
    assert.equal(allSamples.length, 1600);
    const nonIdle = allSamples.filter((id) => !idleIds.has(id)).length;
    // the very last sample has no end time in the trace (weight 0) and is dropped if it is not idle
    assert.ok(totalCount(p) === nonIdle || totalCount(p) === nonIdle - 1, `${totalCount(p)} vs ${nonIdle}`);
    assert.ok(p.idleWeight > 0);
  });

  it('keeps no negative or NaN weight where timeDeltas are negative', () => {
    assert.ok(p.samples.every((s) => Number.isFinite(s.weight) && s.weight > 0));
  });

  it('uses the per-sample 1-based `lines` for the leaf when present', () => {
    const sampleLines = new Set(chunks.flatMap((c) => c.args.data.lines ?? []).filter((l) => l > 0));
    const leafLines = new Set(p.samples.map((s) => p.frames[s.stack[0]].line));
    assert.ok([...sampleLines].some((l) => leafLines.has(l)));
  });
});

describe('V8 signed time deltas', () => {
  it('sums them as recorded: a negative delta does not push the later samples late', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const nodes = [
      { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, children: names.map((_, i) => i + 2) },
      ...names.map((n, i) => ({ id: i + 2, callFrame: { functionName: n, scriptId: '1', url: 'file:///app/x.js', lineNumber: i, columnNumber: 0 } })),
    ];
    // recorded times 0, 1000, 2000, 1500, 2500, 3500 µs; the profile ends at 4500 µs
    const json = { nodes, startTime: 0, endTime: 4500, samples: [2, 3, 4, 5, 6, 7], timeDeltas: [0, 1000, 1000, -500, 1000, 1000] };
    const p = parseProfile(new TextEncoder().encode(JSON.stringify(json)), 'signed.cpuprofile');
    const weightOf = (name: string) => p.samples.filter((s) => p.frames[s.stack[0]!]!.name === name).reduce((sum, s) => sum + s.weight, 0) / 1000;
    assert.deepEqual(names.map(weightOf), [1000, 1000, 0, 500, 1000, 1000]); // clamping one by one gave e, f = 1000, 500
    assert.equal(p.totalWeight / 1000, 4500);
  });
});
