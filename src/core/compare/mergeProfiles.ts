/**
 * Pools the profiles of one side of a comparison (replicate runs of the same build) into one
 * profile: frames and label sets re-interned into one table each, samples concatenated with
 * their labels (the recorder's `ddb.call_site`…), totals and durations summed. The pooled
 * profile feeds the per-row tables, so each call site must come out as the per-profile analyses
 * give it; per-profile figures (CPU per request) are kept apart by the caller for the replicate
 * interval. Profiles come as read: the repair of cut stacks runs in the pooled profile's analysis.
 */
import { comparability, valueMeasure } from '../profile/valueMeasure';
import { FrameInterner } from '../profile/frameInterner';
import { LabelSetInterner } from '../profile/labelSets';
import type { LabelSet, Profile, Sample } from '../profile/model';
import { CompareError } from './compareAnalyses';

/** Maps the label-set indices of one profile to those of the pooled table. */
function labelMap(sets: readonly LabelSet[] | undefined, interner: LabelSetInterner): (number | undefined)[] {
  return (sets ?? []).map((set) => interner.intern(Object.entries(set)));
}

/**
 * One profile holding every sample of `profiles` (returned as it is for one). `label` becomes
 * the pooled profile's source path; samples keep the profiles' order. Throws CompareError when
 * the value columns measure different things (`valueMeasure.ts`: e.g. a pprof's CPU time and a
 * `.cpuprofile`'s wall time).
 */
export function poolProfiles(profiles: readonly Profile[], label: string): Profile {
  if (profiles.length === 0) throw new CompareError('no profiles to pool');
  if (profiles.length === 1) return profiles[0]!;
  const first = profiles[0]!;
  const measure = valueMeasure(first.format, first.sampleType);
  const odd = profiles.find((p) => p.sampleType.unit !== first.sampleType.unit || valueMeasure(p.format, p.sampleType).key !== measure.key);
  if (odd) {
    const why = comparability(measure, valueMeasure(odd.format, odd.sampleType));
    throw new CompareError(
      `cannot pool ${odd.sourcePath} (${odd.format} ${odd.sampleType.type}/${odd.sampleType.unit}) with ${first.sourcePath} (${first.format} ${first.sampleType.type}/${first.sampleType.unit}): replicates must measure the same thing${why.comparable ? '' : ` (${why.short})`}`,
    );
  }
  const frames = new FrameInterner();
  const labelSets = new LabelSetInterner();
  const samples: Sample[] = [];
  for (const p of profiles) {
    const frameIds = p.frames.map((f) => frames.intern(f.name, f.file, f.line, f.inlined, f.column ?? 0));
    const labelIds = labelMap(p.labelSets, labelSets);
    for (const s of p.samples) {
      const stack = Uint32Array.from(s.stack, (i) => frameIds[i]!);
      const labels = s.labels === undefined ? undefined : labelIds[s.labels];
      samples.push(labels === undefined ? { stack, weight: s.weight, count: s.count } : { stack, weight: s.weight, count: s.count, labels });
    }
  }
  const durations = profiles.map((p) => p.durationNs);
  return {
    sourcePath: label,
    format: first.format,
    sampleType: first.sampleType,
    sampleTypes: first.sampleTypes,
    durationNs: durations.every((d) => d !== undefined) ? durations.reduce((a, d) => a! + d!, 0) : undefined,
    frames: frames.frames,
    samples,
    totalWeight: profiles.reduce((a, p) => a + p.totalWeight, 0),
    idleWeight: profiles.reduce((a, p) => a + p.idleWeight, 0),
    ...(labelSets.sets.length > 0 ? { labelSets: labelSets.sets } : {}),
    warnings: profiles.flatMap((p) => p.warnings.map((w) => `${p.sourcePath}: ${w}`)),
  };
}
