/**
 * Sums the samples of a pprof profile that share their stack and labels into one sample.
 * @datadog/pprof writes every sample that has a context as a sample of its own (count 1), so a
 * recorded profile holds about one sample per millisecond of SDK work; pprof-format's encoder
 * costs ~20 µs per sample (measured: 5,650 samples, 1,417 distinct stack + label sets, 114–267 ms
 * to encode on the 2-core test machine). Summing first keeps the profile's meaning: pprof
 * readers sum samples with equal stacks and labels anyway, and the recorder writes no
 * per-sample label (no timestamps).
 */
import type { Label, Profile, Sample } from 'pprof-format';

type Numeric = Sample['value'][number];

function add(a: Numeric, b: Numeric): Numeric {
  return typeof a === 'bigint' || typeof b === 'bigint' ? BigInt(a) + BigInt(b) : a + b;
}

function labelKey(label: Label): string {
  return `${label.key}:${label.str}:${label.num}:${label.numUnit}`;
}

/**
 * Replaces `profile.sample` by one sample per distinct (location ids, labels) pair, in order of
 * first appearance, each value column summed. Returns the number of samples removed. The kept
 * samples' value arrays are updated in place (each sample of @datadog/pprof has its own).
 */
export function mergeIdenticalSamples(profile: Pick<Profile, 'sample'>): number {
  const byKey = new Map<string, Sample>();
  const kept: Sample[] = [];
  for (const sample of profile.sample) {
    const key = `${sample.locationId.join(',')}|${sample.label.map(labelKey).join(',')}`;
    const first = byKey.get(key);
    if (!first || first.value.length !== sample.value.length) {
      if (!first) byKey.set(key, sample);
      kept.push(sample);
      continue;
    }
    for (let i = 0; i < first.value.length; i++) first.value[i] = add(first.value[i]!, sample.value[i]!);
  }
  const removed = profile.sample.length - kept.length;
  profile.sample = kept;
  return removed;
}
