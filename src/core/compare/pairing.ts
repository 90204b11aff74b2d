/**
 * Generic pairing of two lists in passes: each pass pairs the still-unpaired items that share a
 * key, the closest candidates first, and labels the pairs with the pass's {@link MatchKind}.
 */
import type { MatchKind } from './types';

export interface Pair<B, A> {
  readonly before: B;
  readonly after: A;
  readonly by: MatchKind;
}

/** Pairs so far plus what is still unpaired on each side (in input order). */
export interface Pairing<B, A> {
  readonly pairs: Pair<B, A>[];
  readonly before: B[];
  readonly after: A[];
}

/** Starts a pairing with everything unpaired. */
export function startPairing<B, A>(before: readonly B[], after: readonly A[]): Pairing<B, A> {
  return { pairs: [], before: [...before], after: [...after] };
}

/**
 * One pass: items whose key (`undefined` = takes no part) is equal are paired, the highest
 * `affinity` first; with `uniqueOnly`, a key pairs only when exactly one item has it on each side.
 * Mutates and returns `pairing`.
 */
export function pairByKey<B, A>(
  pairing: Pairing<B, A>,
  by: MatchKind,
  beforeKey: (b: B) => string | undefined,
  afterKey: (a: A) => string | undefined,
  options: { affinity?: (b: B, a: A) => number; uniqueOnly?: boolean } = {},
): Pairing<B, A> {
  const afterByKey = new Map<string, A[]>();
  for (const a of pairing.after) {
    const k = afterKey(a);
    if (k === undefined) continue;
    const list = afterByKey.get(k);
    if (list) list.push(a);
    else afterByKey.set(k, [a]);
  }
  const beforeByKey = new Map<string, B[]>();
  for (const b of pairing.before) {
    const k = beforeKey(b);
    if (k === undefined || !afterByKey.has(k)) continue;
    const list = beforeByKey.get(k);
    if (list) list.push(b);
    else beforeByKey.set(k, [b]);
  }
  const pairedB = new Set<B>();
  const pairedA = new Set<A>();
  for (const [k, bs] of beforeByKey) {
    const as = afterByKey.get(k)!;
    if (options.uniqueOnly && (bs.length !== 1 || as.length !== 1)) continue;
    const candidates: { b: B; a: A; score: number; order: number }[] = [];
    let order = 0;
    for (const b of bs) for (const a of as) candidates.push({ b, a, score: options.affinity ? options.affinity(b, a) : 0, order: order++ });
    candidates.sort((x, y) => y.score - x.score || x.order - y.order);
    for (const c of candidates) {
      if (pairedB.has(c.b) || pairedA.has(c.a)) continue;
      pairedB.add(c.b);
      pairedA.add(c.a);
      pairing.pairs.push({ before: c.b, after: c.a, by });
    }
  }
  removeAll(pairing.before, pairedB);
  removeAll(pairing.after, pairedA);
  return pairing;
}

/** Records an explicit pair found by a caller's own rule; both items must be unpaired. */
export function addPair<B, A>(pairing: Pairing<B, A>, before: B, after: A, by: MatchKind): boolean {
  const i = pairing.before.indexOf(before);
  const j = pairing.after.indexOf(after);
  if (i < 0 || j < 0) return false;
  pairing.before.splice(i, 1);
  pairing.after.splice(j, 1);
  pairing.pairs.push({ before, after, by });
  return true;
}

function removeAll<T>(list: T[], gone: Set<T>): void {
  let w = 0;
  for (const x of list) if (!gone.has(x)) list[w++] = x;
  list.length = w;
}
