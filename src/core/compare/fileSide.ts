/**
 * One side's profile as a comparison reads it when the user gives a request count as typed, or
 * none: the typed count when given, else the run record `<profile>.json` beside the profile when
 * it exists and is usable. Shared by Compare with Baseline (the editor) and the agents'
 * `compare_profiles` tool.
 */
import { access } from 'node:fs/promises';
import type { CompareFileSide } from './compareFiles';
import { parseRequestInput, RequestCountError } from './requestCount';
import { readRunRecord, runRecordPathFor, RunRecordError } from './runRecord';

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The side of `path`: `typed` (`990`, `30.06M`, `49.35/s`) when not empty, else the run record
 * beside the profile when there is one. An unusable run record is noted in `notes`, not fatal: the
 * comparison then falls back to shares.
 * @throws RequestCountError for a typed count that cannot be read, prefixed with `label` (`baseline requests: …`)
 */
export async function fileSideOf(path: string, typed: string | undefined, label: string, notes: string[]): Promise<CompareFileSide> {
  if (typed !== undefined && typed.trim() !== '') {
    try {
      return { path, requests: parseRequestInput(typed) };
    } catch (e) {
      if (e instanceof RequestCountError) throw new RequestCountError(`${label} requests: ${e.message}`);
      throw e;
    }
  }
  const recordPath = runRecordPathFor(path);
  if (!(await exists(recordPath))) return { path };
  try {
    return { path, runRecord: await readRunRecord(recordPath) };
  } catch (e) {
    if (!(e instanceof RunRecordError)) throw e;
    notes.push(`run record not used: ${e.message}`);
    return { path };
  }
}
