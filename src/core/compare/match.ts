/**
 * Pairs user functions, call sites and SDK functions of two analyses of the same program, even
 * when the migration moved lines and renamed files or packages. Order of the passes (first match
 * wins): same name → name without package/receiver → shared call site → only one of its DynamoDB
 * category left on each side; call sites pair by what their line does (operation, item
 * conversion) before position. What matched how is kept on every pair.
 */
import type { CallSite, CategoryWeights, FunctionStat, UserFunctionStat } from '../analysis/types';
import type { DynamoCategory } from '../detect/types';
import { functionIdentity, functionKey, nameAffinity } from './functionKey';
import { addPair, pairByKey, startPairing, type Pairing } from './pairing';
import { callSiteRole, isExactLine, rolePhrase } from './callSiteRoles';

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
 * Pairs call sites: within paired user functions, `same` for the same file and line; then
 * `operation` for lines that do the same thing ({@link callSiteRole}: the same DynamoDB operation,
 * or the same item conversion), nearest to the same place in their functions first (line minus
 * the function's first line), an exact line with an exact one first ({@link isExactLine}); then `name` for the rest in line order, only where one of the two
 * names no operation; then across functions `operation` for the only unpaired line doing a
 * thing on each side (a renamed function). What stays unpaired gets a reason ({@link unpairedCallSiteReason}).
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
  const heads = functionHeads(functions);
  const offset = (c: CallSite) => c.line - (heads.get(userFunctionId(c)) ?? c.line);
  const doing = (c: CallSite, fn: string | undefined) => {
    const role = callSiteRole(c);
    return fn === undefined || role === undefined ? undefined : `${fn}\u0000${role}`;
  };
  // An exact line pairs with an exact line first (a V8 function's first line stands for the whole function).
  const affinity = (b: CallSite, a: CallSite) => (isExactLine(b) === isExactLine(a) ? 1e6 : 0) - Math.abs(offset(b) - offset(a));
  pairByKey(p, 'operation', (c) => doing(c, owner(c)), (c) => doing(c, userFunctionId(c)), { affinity });
  const ordinal = (list: readonly CallSite[], fnKey: (c: CallSite) => string | undefined, others: readonly CallSite[], otherKey: (c: CallSite) => string | undefined) => {
    // A line naming an operation pairs by position only with one that names none.
    const unnamedAcross = new Set(others.filter((c) => callSiteRole(c) === undefined).map(otherKey));
    const seen = new Map<string, number>();
    const out = new Map<CallSite, string>();
    for (const c of [...list].sort((x, y) => x.line - y.line)) {
      const k = fnKey(c);
      if (k === undefined || (callSiteRole(c) !== undefined && !unnamedAcross.has(k))) continue;
      const n = seen.get(k) ?? 0;
      seen.set(k, n + 1);
      out.set(c, `${k}\u0000#${n}`);
    }
    return out;
  };
  const beforeOrd = ordinal(p.before, owner, p.after, userFunctionId);
  const afterOrd = ordinal(p.after, userFunctionId, p.before, owner);
  pairByKey(p, 'name', (c) => beforeOrd.get(c), (c) => afterOrd.get(c));
  pairByKey(p, 'operation', callSiteRole, callSiteRole, { uniqueOnly: true });
  return p;
}

/** First line of each user function, by `userFunctionId`, on both sides. */
function functionHeads(functions: Pairing<UserFunctionStat, UserFunctionStat>): Map<string, number> {
  const heads = new Map<string, number>();
  const add = (f: UserFunctionStat) => heads.set(userFunctionId(f), f.line);
  for (const pair of functions.pairs) (add(pair.before), add(pair.after));
  for (const f of [...functions.before, ...functions.after]) add(f);
  return heads;
}

/**
 * Why call site `c` of side `side` has no counterpart: its function is not on the other side, or
 * no line of the function's counterpart does what it does (or names no operation), or the line
 * that does is paired with one nearer its place.
 */
export function unpairedCallSiteReason(c: CallSite, side: 'before' | 'after', p: Pairing<CallSite, CallSite>, functions: Pairing<UserFunctionStat, UserFunctionStat>): string {
  const other = side === 'before' ? 'after' : 'before';
  const fn = `${c.functionName} (${c.relativePath.split('/').pop()})`;
  const counterpart = functions.pairs.find((pair) => userFunctionId(side === 'before' ? pair.before : pair.after) === userFunctionId(c));
  if (!counterpart) return `${fn} has no counterpart in the ${other} profile`;
  const otherFn = side === 'before' ? counterpart.after : counterpart.before;
  const role = callSiteRole(c);
  if (role === undefined) return `nothing names an operation at this line, and no line of ${otherFn.functionName} in the ${other} profile is left to pair it with by position`;
  const sameRole = p.pairs.find((pair) => {
    const there = side === 'before' ? pair.after : pair.before;
    return userFunctionId(there) === userFunctionId(otherFn) && callSiteRole(there) === role;
  });
  if (sameRole) {
    const there = side === 'before' ? sameRole.after : sameRole.before;
    const here = side === 'before' ? sameRole.before : sameRole.after;
    const why = isExactLine(here) === isExactLine(c) ? 'nearer its place in the function' : isExactLine(here) ? 'an exact line like it (this one is its function\'s first line, all the profile records)' : 'its function\'s first line like it';
    return `${otherFn.functionName}'s line running ${rolePhrase(role)} in the ${other} profile (${there.relativePath.split('/').pop()}:${there.line}) is paired with line ${here.line}, ${why}`;
  }
  return `no line of ${otherFn.functionName} in the ${other} profile runs ${rolePhrase(role)}`;
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
