/**
 * Chooses how the recorded lines of a file reach its load-time text (see `RecordedLines`), by
 * content, not by the file's modification time (a clone, checkout or copy makes every file newer
 * than a profile from CI or production): the build's own record of the source when the profiled
 * build carries it; else the committed version whose lines fit the most call sites (the commit at
 * the profile's time first, then HEAD) — the same text as the file means nothing moved; else no
 * version, and lines are placed by the calls they make.
 */
import type { CallSite, CheckedSource } from '../core/analysis/types';
import { mapLines } from '../core/source/lineMap';
import { committedVersions } from './committedSource';
import { siteFitsText, type RecordedLines } from './documentAnchors';

const sameText = (a: string, b: string) => a === b || a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');

/**
 * How `sites` recorded in `absolutePath` reach `text` (the file now). `profileMs` is the profile's
 * time (ms since the epoch; undefined: now). `built` is the analysis' check of the profiled build's
 * `sourcesContent` against the file (`buildSources.ts`): a build not newer than the profile whose
 * record equals the file gives `same`; a newer build competes with the committed versions (the one
 * whose lines fit the most call sites wins, the build on a tie).
 */
export async function recordedLinesFor(absolutePath: string, text: string, profileMs: number | undefined, sites: readonly CallSite[], built?: CheckedSource): Promise<RecordedLines> {
  if (built && !built.throughNewerBuild) return { kind: 'same' };
  let best: { text: string; commit: string; fits: number } | undefined;
  // The analysis put the build's lines on the file as read at load time: `text` itself.
  if (built) best = { text, commit: 'build', fits: sites.filter((s) => siteFitsText(text, s)).length };
  if (best?.fits === 0) best = undefined;
  for (const version of await committedVersions(absolutePath, profileMs ?? Date.now())) {
    const fits = sites.filter((s) => siteFitsText(version.text, s)).length;
    if ((fits > 0 || sites.length === 0) && (!best || fits > best.fits)) best = { text: version.text, commit: version.commit, fits };
  }
  if (!best) return { kind: 'unknown' };
  if (best.commit === 'build' || sameText(best.text, text)) return { kind: 'same' };
  return { kind: 'committed', commit: best.commit, text: best.text, lineMap: mapLines(best.text, text) };
}
