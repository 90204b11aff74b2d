import type { LabelSet } from './model';

/**
 * Interns the label sets of a profile's samples so that equal sets share one index
 * ({@link Sample.labels}). Called only for samples that carry labels: unlabelled profiles never
 * build a key string.
 */
export class LabelSetInterner {
  readonly sets: LabelSet[] = [];
  private readonly ids = new Map<string, number>();

  /**
   * Index of the set made of `pairs` (`[key, value]`, in any order; a repeated key keeps its
   * last value), adding it when new; undefined when `pairs` is empty.
   */
  intern(pairs: readonly (readonly [string, string])[]): number | undefined {
    if (pairs.length === 0) return undefined;
    const sorted = [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const key = sorted.map(([k, v]) => `${k}\u0000${v}`).join('\u0001');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.ids.set(key, id);
      this.sets.push(Object.freeze(Object.fromEntries(sorted)));
    }
    return id;
  }
}
