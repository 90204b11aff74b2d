/**
 * Positions in TypeScript sources that cannot be where the profiled code ran: a column beyond its
 * line's end, or a line that holds only a comment or nothing. That is what a profile of TypeScript
 * transformed in memory (tsx, ts-node, @swc/register) records without the loader's source maps:
 * V8's positions in the loader's output (tsx puts a module on one or two lines), under the
 * `.ts` file's name. Placed as they are, every call site of a file would merge onto one licence
 * comment. A stage after source mapping and before function-level placement (`prepare.ts`).
 */
import type { Frame, Profile } from '../profile/model';
import { frameTableOf, replaceFramesOrFields } from '../profile/columns/profileTables';
import { frameAt } from '../profile/columns/frameTable';
import type { PathResolver } from '../paths/types';
import { findDeclaration } from '../source/functionHeads';
import type { SourceMapFiles } from '../sourcemap/sourceMapper';
import { recordedCallSite } from './recorderLabels';

/** Sources that Node cannot run from disk as they are: their positions come from a transform. */
const TYPESCRIPT = /\.[cm]?tsx?$/i;
/** A line with no code: blank, or a comment line (`//`, `/*`, a JSDoc ` * ` line; not a generator method `*name(`). */
const NO_CODE = /^\s*(?:$|\/\/|\/\*|\*\/|\*(?:\s|$)(?!\s*[A-Za-z_$][\w$]*\s*\())/;
/** @datadog/pprof's name for an anonymous function, by its position in the code that ran (`(anonymous:L#2:C#1583)`). */
const POSITION_NAME = /^\(anonymous(?::L#\d+(?::C#\d+)?)?\)$/;

/** What the stage found in one file. */
interface FileCount {
  readonly relativePath: string;
  /** Distinct frames with an impossible position. */
  frames: number;
  /** Of those, moved to their function's declaration (found by name). */
  placed: number;
}

/** True when 1-based `line`/`column` (column 0: unknown) cannot be a position of code in `lines`. */
function impossible(lines: readonly string[], line: number, column: number): boolean {
  if (line > lines.length) return false; // past the end: an older version of the file, not a transform
  const text = lines[line - 1]!;
  return (column > 0 && column > text.length + 1) || NO_CODE.test(text);
}

/**
 * Frames of the user's TypeScript files (resolved through `resolver`, read through `files`) whose
 * position cannot be in the file on disk ({@link impossible}) are moved to their function's
 * declaration when the file declares that name once (function-level, column 0), and otherwise
 * lose their file (not placed: their weight goes to the next frame of the user's code towards the
 * root, or stays unattributed). One warning names the files and says why. Samples unchanged;
 * returns the input profile when no frame moved. O(frames + lines of the files read).
 */
export function unplaceImpossiblePositions(profile: Profile, resolver: PathResolver, files: SourceMapFiles): Profile {
  const table = frameTableOf(profile);
  const linesOf = new Map<string, string[] | undefined>();
  const textOf = new Map<string, string | undefined>();
  const byFile = new Map<string, FileCount>();
  let frames: Frame[] | undefined;
  for (let id = 0; id < table.length; id++) {
    const line = table.line[id]!;
    const file = table.strings[table.fileId[id]!]!;
    if (!(line > 0) || !TYPESCRIPT.test(file)) continue;
    const resolution = resolver.resolve(file);
    if (resolution.kind !== 'resolved') continue;
    if (!linesOf.has(resolution.absolutePath)) {
      const text = files.readText(resolution.absolutePath);
      textOf.set(resolution.absolutePath, text);
      linesOf.set(resolution.absolutePath, text?.split(/\r?\n/));
    }
    const lines = linesOf.get(resolution.absolutePath);
    if (!lines || !impossible(lines, line, table.column?.[id] ?? 0)) continue;
    const frame = frameAt(table, id);
    const count = byFile.get(resolution.absolutePath) ?? { relativePath: resolution.relativePath, frames: 0, placed: 0 };
    byFile.set(resolution.absolutePath, count);
    count.frames++;
    const declaration = POSITION_NAME.test(frame.name) ? undefined : findDeclaration(textOf.get(resolution.absolutePath)!, frame.name).line;
    frames ??= [...profile.frames];
    if (declaration === undefined) {
      frames[id] = { ...frame, file: '' };
    } else {
      count.placed++;
      frames[id] = { ...frame, line: declaration, column: 0 };
    }
  }
  if (!frames) return profile;
  const recorded = recordedSitesState(profile, resolver, linesOf);
  return replaceFramesOrFields(profile, { frames, fields: { warnings: [...profile.warnings, impossiblePositionWarning([...byFile.values()], recorded)] } });
}

/**
 * Whether the profile was recorded (`ddb.call_site` labels) and, if so, whether a recorded call
 * site itself lies at an impossible position (a recorder that did not map in-memory transforms).
 * Looks only at the files the stage read: after grafting, every recorded call site is a frame of
 * the profile, so its file was read when it resolves.
 */
function recordedSitesState(profile: Profile, resolver: PathResolver, linesOf: ReadonlyMap<string, string[] | undefined>): 'none' | 'exact' | 'unmapped' {
  const sites = (profile.labelSets ?? []).map(recordedCallSite).filter((site) => site !== undefined);
  if (sites.length === 0) return 'none';
  const unmapped = sites.some((site) => {
    const resolution = TYPESCRIPT.test(site.file) ? resolver.resolve(site.file) : undefined;
    const lines = resolution?.kind === 'resolved' ? linesOf.get(resolution.absolutePath) : undefined;
    return lines !== undefined && impossible(lines, site.line, site.column);
  });
  return unmapped ? 'unmapped' : 'exact';
}

/** One warning for the files {@link unplaceImpossiblePositions} found, heaviest in frames first; the advice depends on whether the profile was recorded. */
function impossiblePositionWarning(counts: FileCount[], recorded: 'none' | 'exact' | 'unmapped'): string {
  counts.sort((a, b) => b.frames - a.frames || a.relativePath.localeCompare(b.relativePath));
  const total = counts.reduce((sum, c) => sum + c.frames, 0);
  const placed = counts.reduce((sum, c) => sum + c.placed, 0);
  const files = counts.map((c) => `${c.relativePath} (${c.frames})`).join(', ');
  const one = counts.length === 1;
  const where =
    placed === total
      ? 'each is placed on its function\'s declaration (function-level)'
      : `${placed} placed on their function's declaration (function-level), ${total - placed} not placed (their share goes to your code above them, or stays unattributed)`;
  const advice = {
    exact: 'the recorded call sites are exact (record maps them through the loader\'s source maps); these are the profiler\'s own frames',
    unmapped: 'its recorded call sites are among them (a recorder that did not map them): record again with this version for exact lines',
    none: 'record with `dynamo-hotpath record` (it maps call sites through the loader\'s source maps) or profile the compiled JavaScript for exact lines',
  }[recorded];
  return (
    `${one ? counts[0]!.relativePath : `${counts.length} TypeScript files`} ${one ? 'was' : 'were'} transformed in memory (tsx, ts-node, @swc/register…): ${one ? 'its' : 'their'} positions do not match the source on disk — ` +
    `${total} ${total === 1 ? 'position lies' : 'positions lie'} beyond the end of their line or on a comment or blank line${one ? '' : ` (${files})`}; ${where}; ${advice}`
  );
}
