/**
 * `compare_profiles`: the CLI's `compare --json` document for before and after profiles (each
 * side one or more replicate runs), each profile's request count as given or from its run record.
 */
import { compareFileSets } from '../core/compare/compareFiles';
import { fileSideOf } from '../core/compare/fileSide';
import { comparisonHeadline } from '../core/compare/format/headline';
import { matchLines } from '../core/compare/format/sections';
import type { Comparison } from '../core/compare/types';
import { AgentToolError } from './toolErrors';
import type { ToolAnswer, ToolContext } from './toolTypes';

/** The tool's input (COMPARE_PROFILES_INPUT). */
export interface CompareProfilesInput {
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly requestsBefore?: readonly string[];
  readonly requestsAfter?: readonly string[];
  readonly root?: string;
  readonly mappings?: readonly { readonly from: string; readonly to: string }[];
  readonly sampleType?: string;
  readonly top?: number;
}

/** The comparison's headline, how rows were matched, and its notes, as the summary. */
export function comparisonSummary(c: Comparison): string {
  const lines = [...comparisonHeadline(c), `Rows matched: ${matchLines(c).join('; ')}`, ...c.notes.slice(0, 3)];
  return lines.join('\n');
}

/** @throws AgentToolError unless `counts` (the input `name`) gives one request count per profile of `profiles` (or is absent) */
export function checkOneCountPerProfile(name: string, counts: readonly string[] | undefined, profiles: number): void {
  if (counts && counts.length !== profiles) throw new AgentToolError(`'${name}' gives ${counts.length} count${counts.length === 1 ? '' : 's'} for ${profiles} profile${profiles === 1 ? '' : 's'}: give one per profile, in order`);
}

/** Runs `compare_profiles`. @throws AgentToolError, ProfileError, RequestCountError, CompareError, WindowError (one line each) */
export async function compareProfiles(input: CompareProfilesInput, context: ToolContext): Promise<ToolAnswer> {
  checkOneCountPerProfile('requestsBefore', input.requestsBefore, input.before.length);
  checkOneCountPerProfile('requestsAfter', input.requestsAfter, input.after.length);
  const root = await context.scope.folder(input.root, 'root');
  const notes: string[] = [];
  const sides = async (kind: 'before' | 'after', paths: readonly string[], counts: readonly string[] | undefined) =>
    Promise.all(
      paths.map(async (p, i) => {
        const label = paths.length === 1 ? kind : `${kind} ${i + 1} of ${paths.length}`;
        return fileSideOf(await context.scope.resolve(p, `${kind} profile`), counts?.[i], label, notes);
      }),
    );
  const [before, after] = await Promise.all([sides('before', input.before, input.requestsBefore), sides('after', input.after, input.requestsAfter)]);
  context.progress(`Reading and comparing ${before.length + after.length} profiles`, 1, 2);
  const { comparison } = await compareFileSets(before, after, {
    root,
    mappings: input.mappings ?? [],
    topSdkFunctions: input.top ?? 15,
    ...(input.sampleType ? { sampleType: input.sampleType } : {}),
  });
  context.signal.throwIfAborted();
  const structured = { ...comparison, notes: [...notes, ...comparison.notes] };
  context.progress('Done', 2, 2);
  return { structured: JSON.parse(JSON.stringify(structured)) as Record<string, unknown>, summary: comparisonSummary(structured) };
}
