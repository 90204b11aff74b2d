/**
 * Pairs user functions, call sites and SDK functions of two analyses of the same program, even
 * when the migration moved lines and renamed files or packages. Order of the passes (first match
 * wins): same name → name without package/receiver → shared call site → only one of its DynamoDB
 * category left on each side. What matched how is kept on every pair.
 */
import type { CallSite, CategoryWeights, FunctionStat, UserFunctionStat } from '../analysis/types';
import type { DynamoCategory } from '../detect/types';
import { functionIdentity, functionKey, nameAffinity } from './functionKey';
import { addPair, pairByKey, startPairing, type Pairing } from './pairing';

/**
 * Two functions paired only by category must carry comparable weight: a tenfold gap means one of
 * them wraps far more than marshalling (e.g. aws-sdk-go-v2's serialize middleware, whose cum
 * holds the whole HTTP round trip).
 */
export const CATEGORY_PAIR_MAX_RATIO = 10;

type SdkFunction = FunctionStat & { readonly category: DynamoCategory };

/** The category with the most weight, or undefined when there is none. */
export function dominantCategory(byCategory: CategoryWeights): DynamoCategory | undefined {
  let best: DynamoCategory | undefined;
  let bestWeight = 0;
  for (const [category, weight] of Object.entries(byCategory) as [DynamoCategory, number][]) {
    if (weight > bestWeight) {
      best = category;
      bestWeight = weight;
    }
  }
  return best;
}

function userFunctionId(f: { functionName: string; relativePath: string }): string {
  return `${f.relativePath}\u0000${f.functionName}`;
}

/**
 * Pairs user functions: `same` (identical name in the same workspace file), `name` (identical {@link functionKey}),
 * `call-site` (a call-site line in the same workspace file), `category` (the only unpaired one
 * of its dominant category on each side).
 */
export function matchUserFunctions(before: readonly UserFunctionStat[], after: readonly UserFunctionStat[]): Pairing<UserFunctionStat, UserFunctionStat> {
  const p = startPairing(before, after);
  const ref = (f: UserFunctionStat) => ({ name: f.functionName, file: f.relativePath });
  pairByKey(p, 'same', userFunctionId, userFunctionId);
  const key = (f: UserFunctionStat) => functionKey(f.functionName, f.profileFile);
  pairByKey(p, 'name', key, key, { affinity: (b, a) => nameAffinity(ref(b), ref(a)) });
  const afterByLocation = new Map<string, UserFunctionStat>();
  for (const a of p.after) for (const line of a.callSiteLines) afterByLocation.set(`${a.relativePath}:${line}`, a);
  for (const b of [...p.before]) {
    for (const line of b.callSiteLines) {
      const a = afterByLocation.get(`${b.relativePath}:${line}`);
      if (a && addPair(p, b, a, 'call-site')) break;
    }
  }
  const cat = (f: UserFunctionStat) => dominantCategory(f.byCategory);
  pairByKey(p, 'category', cat, cat, { uniqueOnly: true });
  return p;
}

/**
 * Pairs call sites: within paired user functions, `same` for the same file and line, then `name`
 * for the rest in line order (lines moved); then `category` for the only unpaired call site of
 * its dominant category on each side.
 */
export function matchCallSites(
  before: readonly CallSite[],
  after: readonly CallSite[],
  functions: Pairing<UserFunctionStat, UserFunctionStat>,
): Pairing<CallSite, CallSite> {
  const p = startPairing(before, after);
  const afterFunctionOf = new Map<string, string>();
  for (const pair of functions.pairs) afterFunctionOf.set(userFunctionId(pair.before), userFunctionId(pair.after));
  const owner = (c: CallSite) => afterFunctionOf.get(userFunctionId(c));
  const at = (c: CallSite, fn: string | undefined) => (fn === undefined ? undefined : `${fn}\u0000${c.relativePath}:${c.line}`);
  pairByKey(p, 'same', (c) => at(c, owner(c)), (c) => at(c, userFunctionId(c)));
  const ordinal = (list: readonly CallSite[], fnKey: (c: CallSite) => string | undefined) => {
    const seen = new Map<string, number>();
    const out = new Map<CallSite, string>();
    for (const c of [...list].sort((x, y) => x.line - y.line)) {
      const k = fnKey(c);
      if (k === undefined) continue;
      const n = seen.get(k) ?? 0;
      seen.set(k, n + 1);
      out.set(c, `${k}\u0000#${n}`);
    }
    return out;
  };
  const beforeOrd = ordinal(p.before, owner);
  const afterOrd = ordinal(p.after, userFunctionId);
  pairByKey(p, 'name', (c) => beforeOrd.get(c), (c) => afterOrd.get(c));
  pairByKey(p, 'category', (c) => c.dominant.category, (c) => c.dominant.category, { uniqueOnly: true });
  return p;
}

/**
 * Pairs SDK functions: `same` name, then `call-site`: for each pair of call sites with the same
 * dominant category, the first SDK frame of that category on each call site's chain (the entry
 * into that kind of marshalling, e.g. v1 `jsonrpc.Unmarshal` ↔ v2
 * `(*awsAwsjson10_deserializeOpQuery).HandleDeserialize`); then `category`: per category, the
 * heaviest unpaired function of each side, unless their weights differ more than
 * {@link CATEGORY_PAIR_MAX_RATIO}-fold (a weak match, labelled as such). What is left vanished
 * (before only) or appeared (after only).
 */
export function matchSdkFunctions<T extends SdkFunction>(before: readonly T[], after: readonly T[], callSites: Pairing<CallSite, CallSite>): Pairing<T, T> {
  const p = startPairing(before, after);
  const id = (f: { name: string; file: string }) => functionIdentity(f.name, f.file);
  pairByKey(p, 'same', id, id);
  const beforeById = new Map(before.map((f) => [id(f), f]));
  const afterById = new Map(after.map((f) => [id(f), f]));
  const entryOf = (c: CallSite, byId: Map<string, T>) => {
    for (const frame of c.chain) {
      const f = frame.role === 'sdk' ? byId.get(id(frame)) : undefined;
      if (f && f.category === c.dominant.category) return f;
    }
    return undefined;
  };
  for (const pair of callSites.pairs) {
    if (pair.before.dominant.category !== pair.after.dominant.category) continue;
    const b = entryOf(pair.before, beforeById);
    const a = entryOf(pair.after, afterById);
    if (b && a) addPair(p, b, a, 'call-site');
  }
  for (const category of new Set(p.before.map((f) => f.category))) {
    const heaviest = <F extends SdkFunction>(list: readonly F[]) => list.filter((f) => f.category === category).sort((x, y) => y.cum - x.cum)[0];
    const b = heaviest(p.before);
    const a = heaviest(p.after);
    if (b && a && Math.max(b.cum, a.cum) <= CATEGORY_PAIR_MAX_RATIO * Math.min(b.cum, a.cum)) addPair(p, b, a, 'category');
  }
  return p;
}

/** Pairs any functions by {@link functionIdentity} (runtime, reflection, GC: the "movers" table). */
export function matchFunctionsByName(before: readonly FunctionStat[], after: readonly FunctionStat[]): Pairing<FunctionStat, FunctionStat> {
  const id = (f: FunctionStat) => functionIdentity(f.name, f.file);
  return pairByKey(startPairing(before, after), 'same', id, id);
}
