/**
 * Context ids in a pprof recorded by `dynamo-hotpath record`: each sample carries one label,
 * {@link CONTEXT_LABEL} = the id of its request context, and the profile holds, once per context,
 * a sample with no value and no stack whose labels are the context's full set (call site,
 * operation, client, callers…) plus the same id. One label per sample instead of five or six
 * makes @datadog/pprof's serialization at exit cheaper (one label object per labelled sample).
 * Profiles recorded before carry the full set on every sample; they read as before.
 */
import { plural } from '../plural';
import type { LabelSet, Profile } from './model';
import { replaceFramesOrFields } from './columns/profileTables';

/** The label naming a sample's request context (value: `3 Query v3-adapter.js:69`, unique in its profile). */
export const CONTEXT_LABEL = 'ddb.ctx';

const onlyContextId = (set: LabelSet): boolean => set[CONTEXT_LABEL] !== undefined && Object.keys(set).length === 1;

/**
 * `profile` with every label set that holds only a context id replaced by the full set written
 * for that id; the same profile when there is none (no cost for other profiles). Sample label
 * indices stay valid (sets are replaced in place). An id whose full set is missing stays as it
 * is and is named in a warning (its samples credit no call site).
 */
export function expandContextLabels(profile: Profile): Profile {
  const sets = profile.labelSets;
  if (!sets || !sets.some(onlyContextId)) return profile;
  const full = new Map<string, LabelSet>();
  for (const set of sets) if (set[CONTEXT_LABEL] !== undefined && !onlyContextId(set)) full.set(set[CONTEXT_LABEL], set);
  const missing: string[] = [];
  const expanded = sets.map((set) => {
    if (!onlyContextId(set)) return set;
    const found = full.get(set[CONTEXT_LABEL]!);
    if (!found) missing.push(set[CONTEXT_LABEL]!);
    return found ?? set;
  });
  const warnings = missing.length === 0 ? profile.warnings : [...profile.warnings, `${plural(missing.length, 'recorded context id')} (${CONTEXT_LABEL} ${missing.slice(0, 3).map((m) => `"${m}"`).join(', ')}${missing.length > 3 ? ', …' : ''}) without the context's labels in the profile: their samples are credited to no call site`];
  return replaceFramesOrFields(profile, { fields: { labelSets: expanded, warnings } });
}
