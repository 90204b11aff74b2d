/**
 * After a recorded command ends: reads what each recorded process left in the record folder
 * (`<pid>.json` + profile), picks the process that made the most DynamoDB calls, and moves the
 * profiles to where the user asked for them.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ProcessRecord } from './recordEnv';

/** A recorded profile moved to its final place. */
export interface CollectedProfile {
  readonly path: string;
  readonly record: ProcessRecord;
}

/** What the record folder held. */
export interface Collected {
  /** Profiles, the process with most DynamoDB calls first (written to `out`). */
  readonly profiles: readonly CollectedProfile[];
  /** Processes that could not record, with why. */
  readonly failures: readonly ProcessRecord[];
}

function readRecords(dir: string): ProcessRecord[] {
  const records: ProcessRecord[] = [];
  for (const name of readdirSync(dir)) {
    if (!/^\d+\.json$/.test(name)) continue;
    try {
      records.push(JSON.parse(readFileSync(join(dir, name), 'utf8')) as ProcessRecord);
    } catch {
      // A process killed while writing its record leaves nothing usable; the others still count.
    }
  }
  return records;
}

/** `out` for the first profile, `<out stem>.<pid><ext>` for further processes. */
function targetPath(out: string, extension: string, pid: number, first: boolean): string {
  if (first) return out;
  const stem = out.endsWith(extension) ? out.slice(0, -extension.length) : out;
  return `${stem}.${pid}${extension}`;
}

/**
 * Moves the profiles of record folder `dir` to `out` (and siblings for other processes) and
 * returns what was there. Processes that made no DynamoDB call are dropped when another made
 * some (a wrapper such as `npm` records too). `dir` is removed, unless a profile cannot be copied
 * to its target: then it throws an Error naming the kept file (the run's profile is not lost).
 */
export function collectRecords(dir: string, out: string, extension: string): Collected {
  let keep = false;
  try {
    const records = readRecords(dir);
    const recorded = records.filter((r) => r.profile !== undefined).sort((a, b) => b.calls - a.calls);
    const kept = recorded.some((r) => r.calls > 0) ? recorded.filter((r) => r.calls > 0) : recorded.slice(0, 1);
    const profiles = kept.map((record, i) => {
      const path = targetPath(out, extension, record.pid, i === 0);
      try {
        copyFileSync(record.profile!, path);
      } catch (err) {
        keep = true;
        throw new Error(`cannot write ${path} (${(err as Error).message}); the recorded profile is kept at ${record.profile}`);
      }
      return { path, record };
    });
    return { profiles, failures: records.filter((r) => r.error !== undefined) };
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}
