/**
 * Whole-process measurements for `npm run perf`: a command run under GNU time (`/usr/bin/time`),
 * which reports the CPU (user + system) and the peak resident memory of the process and every
 * child it waited for — what a user pays, start-up included. Alternating runs of two commands
 * share the machine's noise; medians are reported.
 */
import { spawnSync } from 'node:child_process';

/** One run: seconds of wall time and CPU, peak RSS in bytes. */
export interface ProcessRun {
  readonly wallS: number;
  readonly cpuS: number;
  readonly peakRssBytes: number;
}

export const GNU_TIME = '/usr/bin/time';

/**
 * Runs `command args` once under GNU time, output discarded.
 * @throws Error naming the command when it exits non-zero or time's report cannot be read.
 */
export function runTimed(command: string, args: readonly string[], cwd?: string): ProcessRun {
  const r = spawnSync(GNU_TIME, ['-f', 'DHP-TIME %e %U %S %M', command, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
  const line = /DHP-TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr ?? '');
  if (r.status !== 0 || !line) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status}): ${(r.stderr ?? '').slice(-500)}`);
  return { wallS: Number(line[1]), cpuS: Number(line[2]) + Number(line[3]), peakRssBytes: Number(line[4]) * 1024 };
}

/** Median of each field over the runs. */
export function medianRun(runs: readonly ProcessRun[]): ProcessRun {
  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  return { wallS: median(runs.map((r) => r.wallS)), cpuS: median(runs.map((r) => r.cpuS)), peakRssBytes: median(runs.map((r) => r.peakRssBytes)) };
}

/** `runs` alternating runs of `a` and `b` (a first, then b, repeated); the medians of each. */
export function alternate(runs: number, a: () => ProcessRun, b: () => ProcessRun): { a: ProcessRun; b: ProcessRun } {
  const as: ProcessRun[] = [];
  const bs: ProcessRun[] = [];
  for (let i = 0; i < runs; i++) {
    as.push(a());
    bs.push(b());
  }
  return { a: medianRun(as), b: medianRun(bs) };
}
