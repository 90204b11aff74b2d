/**
 * Warnings about builds that do not match the profile or the sources: a map compiled from
 * another version of a source (its `sourcesContent` differs from the file on disk), and
 * generated files or maps modified after the profile was recorded.
 */
import { formatPercent } from '../analysis/labels';
import type { SourceMapCoverage } from './coverage';

const LISTED = 5;

/**
 * One warning per generated file whose map was built from another version of a source, then
 * one for the generated files newer than the profile. `totalWeight` is the profile's total
 * (shares are of it). [] when there is nothing to say.
 */
export function staleBuildWarnings(coverage: SourceMapCoverage, totalWeight: number): string[] {
  const out: string[] = [];
  for (const f of coverage.files) {
    if (!f.builtFrom) continue;
    const { sources, movedFrames, staleFrames, staleWeight } = f.builtFrom;
    const kept = staleFrames > 0 ? `; ${staleFrames} on lines that differ stay on the JavaScript (${formatPercent(staleWeight, totalWeight)} of the profile, counted there)` : '';
    out.push(
      `${f.generatedFile} was built from a different version of ${sources.join(', ')} than the one on disk (stale build, or a loader that dropped the TypeScript map — the map's sourcesContent differs from the file): ` +
        `${movedFrames} position${movedFrames === 1 ? '' : 's'} moved to today's lines through a line diff${kept}`,
    );
  }
  const newer = coverage.files.filter((f) => f.newerThanProfile);
  if (newer.length > 0) {
    const names = newer.slice(0, LISTED).map((f) => f.generatedFile);
    const more = newer.length > LISTED ? ` and ${newer.length - LISTED} more` : '';
    out.push(
      `${names.join(', ')}${more} (or ${newer.length === 1 ? 'its map' : 'their maps'}) changed after the profile was recorded: the profile's positions are of an earlier build and were mapped through today's map, so its lines may be wrong — rebuild the profiled version, or record again`,
    );
  }
  return out;
}
