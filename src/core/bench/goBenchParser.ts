/**
 * Reads the text `go test -bench . -benchmem [-count N]` prints: header lines (goos, goarch, pkg,
 * cpu) and one line per benchmark run, `BenchmarkName-P  <iterations>  <value> <unit> …` where the
 * units include ns/op, B/op, allocs/op, MB/s and custom ones (e.g. cpu-ns/op from b.ReportMetric).
 * Format: https://go.dev/design/14313-benchmark-format.
 */
import { compareMeans, summarize, type RatioEstimate, type SampleSummary } from './stats';

/** One benchmark result line. */
export interface GoBenchRun {
  iterations: number;
  /** Value by unit, e.g. { 'ns/op': 16115, 'B/op': 3144, 'allocs/op': 35 }. */
  metrics: Record<string, number>;
}

/** All runs of one benchmark (several with -count). */
export interface GoBenchmark {
  /** Name without the "Benchmark" prefix and the -GOMAXPROCS suffix, e.g. "V1Marshal". */
  name: string;
  /** GOMAXPROCS from the -P suffix (1 when absent). */
  procs: number;
  runs: GoBenchRun[];
}

/** Parsed output. */
export interface GoBenchOutput {
  config: Record<string, string>;
  benchmarks: GoBenchmark[];
  /** Whether the output ends with PASS/ok (false when a FAIL line was seen). */
  passed: boolean;
}

const RESULT_LINE = /^Benchmark(\S+?)(?:-(\d+))?\s+(\d+)((?:\s+[-+\d.eE]+\s+\S+)+)\s*$/;
const CONFIG_LINE = /^([a-z][^\s:A-Z]*):\s*(.*?)\s*$/;

/** Parses `go test -bench` output; lines that are neither config nor results are ignored. */
export function parseGoBenchOutput(text: string): GoBenchOutput {
  const config: Record<string, string> = {};
  const byName = new Map<string, GoBenchmark>();
  let passed = true;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const result = RESULT_LINE.exec(line);
    if (result) {
      const [, name, procs, iterations, rest] = result;
      const metrics: Record<string, number> = {};
      const fields = rest!.trim().split(/\s+/);
      for (let i = 0; i + 1 < fields.length; i += 2) metrics[fields[i + 1]!] = Number(fields[i]);
      const key = `${name}-${procs ?? 1}`;
      let bench = byName.get(key);
      if (!bench) byName.set(key, (bench = { name: name!, procs: Number(procs ?? 1), runs: [] }));
      bench.runs.push({ iterations: Number(iterations), metrics });
      continue;
    }
    if (/^(FAIL|--- FAIL)/.test(line)) passed = false;
    const cfg = CONFIG_LINE.exec(line);
    if (cfg && !line.startsWith('ok ') && !line.startsWith('PASS')) config[cfg[1]!] = cfg[2]!;
  }
  return { config, benchmarks: [...byName.values()], passed };
}

/** A v1/v2 pair of Go benchmarks compared on one metric. */
export interface GoComparison {
  /** The shared suffix, e.g. "Marshal" for V1Marshal / V2Marshal. */
  label: string;
  older: string;
  newer: string;
  metric: string;
  olderSummary: SampleSummary;
  newerSummary: SampleSummary;
  /** Means over runs of B/op and allocs/op when reported. */
  olderBytesPerOp?: number;
  newerBytesPerOp?: number;
  olderAllocsPerOp?: number;
  newerAllocsPerOp?: number;
  /** Present when both sides have ≥ 2 runs (use -count ≥ 2). */
  estimate?: RatioEstimate;
}

function meanOf(runs: GoBenchRun[], unit: string): number | undefined {
  const values = runs.map((r) => r.metrics[unit]).filter((v): v is number => v !== undefined);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

/**
 * Pairs benchmarks named `V1<X>` and `V2<X>` (the generator's and the fixtures' convention) and
 * compares `metric` (default ns/op) over their -count runs: new = V2, old = V1.
 */
export function compareGoBenchmarks(output: GoBenchOutput, metric = 'ns/op'): GoComparison[] {
  const out: GoComparison[] = [];
  for (const older of output.benchmarks) {
    if (!older.name.startsWith('V1')) continue;
    const suffix = older.name.slice(2);
    const newer = output.benchmarks.find((b) => b.name === `V2${suffix}` && b.procs === older.procs);
    if (!newer) continue;
    const o = older.runs.map((r) => r.metrics[metric]).filter((v): v is number => v !== undefined);
    const n = newer.runs.map((r) => r.metrics[metric]).filter((v): v is number => v !== undefined);
    if (!o.length || !n.length) continue;
    const olderSummary = summarize(o);
    const newerSummary = summarize(n);
    out.push({
      label: suffix,
      older: older.name,
      newer: newer.name,
      metric,
      olderSummary,
      newerSummary,
      olderBytesPerOp: meanOf(older.runs, 'B/op'),
      newerBytesPerOp: meanOf(newer.runs, 'B/op'),
      olderAllocsPerOp: meanOf(older.runs, 'allocs/op'),
      newerAllocsPerOp: meanOf(newer.runs, 'allocs/op'),
      estimate: o.length >= 2 && n.length >= 2 ? compareMeans(newerSummary, olderSummary) : undefined,
    });
  }
  return out;
}
