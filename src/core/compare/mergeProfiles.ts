/**
 * Pools the profiles of one side of a comparison (replicate runs of the same build) into one
 * profile: frames re-interned into one table, samples concatenated, totals and durations summed.
 * The pooled profile feeds the per-row tables; per-profile figures (CPU per request) are kept
 * apart by the caller for the replicate interval.
 */
import type { Frame, Profile, Sample } from '../profile/model';
import { CompareError } from './compareAnalyses';

const frameKey = (f: Frame) => `${f.name}\u0000${f.file}\u0000${f.line}\u0000${f.inlined ? 1 : 0}`;

/**
 * One profile holding every sample of `profiles` (returned as it is for one). `label` becomes
 * the pooled profile's source path. Throws CompareError when the value columns' units differ.
 */
export function poolProfiles(profiles: readonly Profile[], label: string): Profile {
  if (profiles.length === 0) throw new CompareError('no profiles to pool');
  if (profiles.length === 1) return profiles[0]!;
  const first = profiles[0]!;
  const odd = profiles.find((p) => p.sampleType.unit !== first.sampleType.unit || p.sampleType.type !== first.sampleType.type);
  if (odd) {
    throw new CompareError(`cannot pool ${odd.sourcePath} (${odd.sampleType.type}/${odd.sampleType.unit}) with ${first.sourcePath} (${first.sampleType.type}/${first.sampleType.unit}): replicates must record the same value column`);
  }
  const frames: Frame[] = [];
  const ids = new Map<string, number>();
  const samples: Sample[] = [];
  for (const p of profiles) {
    const map = p.frames.map((f) => {
      const key = frameKey(f);
      let id = ids.get(key);
      if (id === undefined) {
        id = frames.length;
        frames.push(f);
        ids.set(key, id);
      }
      return id;
    });
    for (const s of p.samples) samples.push({ stack: Uint32Array.from(s.stack, (i) => map[i]!), weight: s.weight, count: s.count });
  }
  const durations = profiles.map((p) => p.durationNs);
  return {
    sourcePath: label,
    format: first.format,
    sampleType: first.sampleType,
    sampleTypes: first.sampleTypes,
    durationNs: durations.every((d) => d !== undefined) ? durations.reduce((a, d) => a! + d!, 0) : undefined,
    frames,
    samples,
    totalWeight: profiles.reduce((a, p) => a + p.totalWeight, 0),
    idleWeight: profiles.reduce((a, p) => a + p.idleWeight, 0),
    warnings: profiles.flatMap((p) => p.warnings.map((w) => `${p.sourcePath}: ${w}`)),
  };
}
