/**
 * Chooses how the recorded lines of a file reach its load-time text (see `RecordedLines`):
 * unchanged when the file is older than the profile; else through the committed version whose
 * lines fit the most call sites (the commit at the profile's time first, then HEAD); else line by
 * line checks.
 */
import { stat } from 'node:fs/promises';
import type { CallSite } from '../core/analysis/types';
import { mapLines } from '../core/source/lineMap';
import { committedVersions } from './committedSource';
import { siteFitsText, type RecordedLines } from './documentAnchors';

/**
 * How `sites` recorded in `absolutePath` reach `text` (the file now): undefined when the file was
 * not modified after `recordedMs` (ms since the epoch) or when `recordedMs` is unknown.
 */
export async function recordedLinesFor(absolutePath: string, text: string, recordedMs: number | undefined, sites: readonly CallSite[]): Promise<RecordedLines | undefined> {
  if (recordedMs === undefined) return undefined;
  const modified = await stat(absolutePath).then((s) => s.mtimeMs, () => undefined);
  if (modified === undefined || modified <= recordedMs) return undefined;
  let best: { text: string; commit: string; fits: number } | undefined;
  for (const version of await committedVersions(absolutePath, recordedMs)) {
    const fits = sites.filter((s) => siteFitsText(version.text, s)).length;
    if (fits > 0 && (!best || fits > best.fits)) best = { text: version.text, commit: version.commit, fits };
  }
  if (!best) return { kind: 'unknown' };
  return { kind: 'committed', commit: best.commit, text: best.text, lineMap: mapLines(best.text, text) };
}
