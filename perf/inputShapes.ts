/**
 * The pathological input shapes of issue 25 (hole 2), written as files of a requested size: the
 * inputs that cost quadratic time or memory before the readers were made linear. Each generator
 * takes `n`, the shape's size parameter, and returns the file's text or bytes; the benchmark
 * (`perf/shapes.ts`) runs the product over several n per shape.
 */
import { Function as PFunction, Line, Location, Profile, Sample, StringTable, ValueType } from 'pprof-format';
import { seededRandom } from '../src/core/seededRandom';

/** One input shape: what it is, its size parameter's name, and how to write it. */
export interface InputShape {
  readonly name: string;
  /** What `n` counts, for the table. */
  readonly unit: string;
  /** File name suffix (the readers detect the format from the content; the suffix is for people). */
  readonly suffix: string;
  readonly sizes: readonly number[];
  make(n: number): Uint8Array;
}

const text = (s: string) => new TextEncoder().encode(s);

function pprof(locations: Location[], functions: PFunction[], samples: Sample[], strings: StringTable): Uint8Array {
  return new Profile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') })],
    sample: samples,
    location: locations,
    function: functions,
    stringTable: strings,
    periodType: new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
    period: 10_000_000,
  }).encode();
}

/** pprof: one function with `n` distinct lines, one location and one sample per line (a generated file of one huge function). */
function oneFunctionManyLines(n: number): Uint8Array {
  const strings = new StringTable();
  const name = strings.dedup('main.generated');
  const fn = new PFunction({ id: 1, name, systemName: name, filename: strings.dedup('/srv/app/generated.go') });
  const locations: Location[] = [];
  const samples: Sample[] = [];
  for (let i = 1; i <= n; i++) {
    locations.push(new Location({ id: i, line: [new Line({ functionId: 1, line: i })] }));
    samples.push(new Sample({ locationId: [i], value: [1, 10_000_000] }));
  }
  return pprof(locations, [fn], samples, strings);
}

/** pprof: one sample whose stack is `n` frames deep, each frame a function of its own (a generated call chain). */
function deepPprofStack(n: number): Uint8Array {
  const strings = new StringTable();
  const file = strings.dedup('/srv/app/chain.go');
  const functions: PFunction[] = [];
  const locations: Location[] = [];
  for (let i = 1; i <= n; i++) {
    const name = strings.dedup(`main.step${i}`);
    functions.push(new PFunction({ id: i, name, systemName: name, filename: file }));
    locations.push(new Location({ id: i, line: [new Line({ functionId: i, line: 10 })] }));
  }
  return pprof(locations, functions, [new Sample({ locationId: locations.map((l) => l.id as number), value: [1, 10_000_000] })], strings);
}

/** V8 .cpuprofile: a chain of `n` nested calls, one sample in each (a deep recursion recorded by Node). */
function deepCpuprofile(n: number): Uint8Array {
  const nodes: object[] = [{ id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, children: [2] }];
  for (let i = 2; i <= n + 1; i++) {
    nodes.push({ id: i, callFrame: { functionName: `f${i}`, scriptId: '1', url: 'file:///srv/app/index.js', lineNumber: i, columnNumber: 4 }, ...(i <= n ? { children: [i + 1] } : {}) });
  }
  const samples = Array.from({ length: n }, (_, k) => k + 2);
  return text(JSON.stringify({ nodes, startTime: 0, endTime: n * 1000 + 1000, samples, timeDeltas: samples.map(() => 1000) }));
}

/** Chrome trace: the same chain as ProfileChunk events. */
function deepChromeTrace(n: number): Uint8Array {
  const nodes: object[] = [{ id: 1, callFrame: { functionName: '(root)', scriptId: 0, url: '', lineNumber: -1, columnNumber: -1 } }];
  for (let i = 2; i <= n + 1; i++) nodes.push({ id: i, parent: i - 1, callFrame: { functionName: `f${i}`, scriptId: 1, url: 'https://app.example/main.js', lineNumber: i, columnNumber: 4 } });
  const samples = Array.from({ length: n }, (_, k) => k + 2);
  return text(
    JSON.stringify({
      traceEvents: [
        { name: 'Profile', ph: 'P', pid: 1, tid: 1, ts: 0, id: '0x1', args: { data: { startTime: 0 } } },
        { name: 'ProfileChunk', ph: 'P', pid: 1, tid: 1, ts: 0, id: '0x1', args: { data: { cpuProfile: { nodes, samples }, timeDeltas: samples.map(() => 1000), endTime: n * 1000 + 1000 } } },
      ],
    }),
  );
}

/** speedscope evented: `n` nested opens, then their closes, time advancing at each event. */
function eventedNest(n: number): Uint8Array {
  const frames = Array.from({ length: n }, (_, i) => ({ name: `f${i}`, file: '/srv/app/index.js', line: i + 1 }));
  const events: object[] = [];
  for (let i = 0; i < n; i++) events.push({ type: 'O', at: i, frame: i });
  for (let i = n - 1; i >= 0; i--) events.push({ type: 'C', at: 2 * n - i, frame: i });
  return text(JSON.stringify({ $schema: 'https://www.speedscope.app/file-format-schema.json', shared: { frames }, profiles: [{ type: 'evented', name: 'nest', unit: 'microseconds', startValue: 0, endValue: 2 * n + 1, events }] }));
}

/** Folded stacks: `n` distinct lines of 4–12 frames drawn from a pool of 5,000 short names (~100 bytes a line, so 10⁶ lines stay under the 128 MB limit). */
function foldedLines(n: number): Uint8Array {
  const random = seededRandom(25);
  const pool = Array.from({ length: 5000 }, (_, i) => `p${i % 97}.F${i}`);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const depth = 4 + Math.floor(random() * 9);
    const frames = ['runtime.goexit', 'main.main'];
    for (let d = 2; d < depth; d++) frames.push(pool[Math.floor(random() * pool.length)]!);
    lines.push(`${frames.join(';')} ${1 + Math.floor(random() * 50)}`);
  }
  return text(`${lines.join('\n')}\n`);
}

/** Folded stacks: one line whose frame names are `n` bytes of `a:` after a V8 code-kind prefix (the worst case of the old name patterns). */
function foldedLongNames(n: number): Uint8Array {
  const names = Array.from({ length: 4 }, (_, i) => `JS:*f${i} ${'a:'.repeat(n / 8)}`);
  return text(`${names.join(';')} 1\n`);
}

export const INPUT_SHAPES: readonly InputShape[] = [
  { name: 'pprof: one function × n lines', unit: 'lines', suffix: '.pb', sizes: [125_000, 250_000, 500_000, 1_000_000], make: oneFunctionManyLines },
  { name: 'pprof: one stack n frames deep', unit: 'frames', suffix: '.pb', sizes: [50_000, 100_000, 200_000, 400_000], make: deepPprofStack },
  { name: '.cpuprofile: n nested calls', unit: 'nodes', suffix: '.cpuprofile', sizes: [2_500, 5_000, 10_000, 20_000], make: deepCpuprofile },
  { name: 'Chrome trace: n nested calls', unit: 'nodes', suffix: '.json', sizes: [2_500, 5_000, 10_000, 20_000], make: deepChromeTrace },
  { name: 'speedscope evented: n nested opens', unit: 'opens', suffix: '.speedscope.json', sizes: [2_500, 5_000, 10_000, 20_000], make: eventedNest },
  { name: 'folded: n lines', unit: 'lines', suffix: '.folded', sizes: [125_000, 250_000, 500_000, 1_000_000], make: foldedLines },
  { name: 'folded: frame names of n bytes', unit: 'bytes', suffix: '.folded', sizes: [250_000, 500_000, 1_000_000, 2_000_000], make: foldedLongNames },
];
