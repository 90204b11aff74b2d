/**
 * Chooses how the recorded lines of a file reach its load-time text (see `RecordedLines`):
 * unchanged when the file is older than the profile; else through the committed version whose
 * lines fit the most call sites (the commit at the profile's time first, then HEAD); else line by
 * line checks.
 */
import { stat } from 'node:fs/promises';
import type { CallSite, CheckedSource } from '../core/analysis/types';
import { mapLines } from '../core/source/lineMap';
import { committedVersions } from './committedSource';
import { siteFitsText, type RecordedLines } from './documentAnchors';

/**
 * How `sites` recorded in `absolutePath` reach `text` (the file now): undefined when the file was
 * not modified after `recordedMs` (ms since the epoch), when `recordedMs` is unknown, or when the
 * analysis already placed its lines through the build's own record of the source (`built`: the
 * map's `sourcesContent` compared with the file on disk, see `buildSources.ts`) and that build is
 * not newer than the profile. A build newer than the profile competes with the committed versions:
 * the one whose lines fit the most call sites wins, the build on a tie.
 */
export async function recordedLinesFor(absolutePath: string, text: string, recordedMs: number | undefined, sites: readonly CallSite[], built?: CheckedSource): Promise<RecordedLines | undefined> {
  if (recordedMs === undefined) return undefined;
  if (built && !built.throughNewerBuild) return undefined;
  const modified = await stat(absolutePath).then((s) => s.mtimeMs, () => undefined);
  if (modified === undefined || modified <= recordedMs) return undefined;
  let best: { text: string; commit: string; fits: number } | undefined;
  // The analysis put the build's lines on the file as read at load time: `text` itself.
  if (built) best = { text, commit: 'build', fits: sites.filter((s) => siteFitsText(text, s)).length };
  if (best?.fits === 0) best = undefined;
  for (const version of await committedVersions(absolutePath, recordedMs)) {
    const fits = sites.filter((s) => siteFitsText(version.text, s)).length;
    if (fits > 0 && (!best || fits > best.fits)) best = { text: version.text, commit: version.commit, fits };
  }
  if (!best) return { kind: 'unknown' };
  if (best.commit === 'build') return undefined;
  return { kind: 'committed', commit: best.commit, text: best.text, lineMap: mapLines(best.text, text) };
}
