/**
 * Parsers for `go tool pprof` text output (`-top`, `-list`), the ground truth our flat/cum
 * figures are checked against.
 */

/** `1.40s`, `230ms`, `0`, `850us`, `1.2mins` → nanoseconds. */
export function parsePprofDuration(text: string): number {
  if (text === '0' || text === '.') return 0;
  const m = /^([\d.]+)(ns|us|µs|ms|s|mins|hrs)$/.exec(text);
  if (!m) throw new Error(`not a pprof duration: ${text}`);
  const scale: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9, mins: 60e9, hrs: 3600e9 };
  return Number(m[1]) * scale[m[2]!]!;
}

export interface TopRow {
  readonly flatNs: number;
  readonly cumNs: number;
  readonly name: string;
}

/** Rows of `go tool pprof -top` (after the `flat flat% sum% cum cum%` header). */
export function parseTop(text: string): TopRow[] {
  const rows: TopRow[] = [];
  let inTable = false;
  for (const line of text.split('\n')) {
    if (/^\s+flat\s+flat%/.test(line)) {
      inTable = true;
      continue;
    }
    if (!inTable || !line.trim()) continue;
    const m = /^\s*(\S+)\s+\S+%\s+\S+%\s+(\S+)\s+\S+%\s+(.+)$/.exec(line);
    // pprof marks functions that were (always or sometimes) inlined with a suffix.
    if (m) rows.push({ flatNs: parsePprofDuration(m[1]!), cumNs: parsePprofDuration(m[2]!), name: m[3]!.trim().replace(/ \((partial-)?inline\)$/, '') });
  }
  return rows;
}

export interface ListLine {
  readonly routine: string;
  readonly file: string;
  readonly line: number;
  readonly flatNs: number;
  readonly cumNs: number;
}

/** Non-empty source lines of `go tool pprof -list` (lines with `.` in both columns are left out). */
export function parseList(text: string): ListLine[] {
  const out: ListLine[] = [];
  let routine = '';
  let file = '';
  for (const line of text.split('\n')) {
    const head = /^ROUTINE =+ (.+) in (.+)$/.exec(line);
    if (head) {
      routine = head[1]!;
      file = head[2]!;
      continue;
    }
    const m = /^\s+(\S+)\s+(\S+)\s+(\d+):/.exec(line);
    if (!m || (m[1] === '.' && m[2] === '.')) continue;
    out.push({ routine, file, line: Number(m[3]), flatNs: parsePprofDuration(m[1]!), cumNs: parsePprofDuration(m[2]!) });
  }
  return out;
}
