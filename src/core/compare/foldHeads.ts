/**
 * V8 gives a calling frame its function's first line, so an unlabelled sample of a `record`
 * profile (aws-sdk v2's DocumentClient translating the input before the request exists) lands on
 * the function's head while the rest of the same call sits on the recorded line. For a comparison
 * the head's weight joins the recorded line that does the same thing in the same function.
 */
import type { CallSite } from '../analysis/types';
import { callSiteRole, isExactLine } from './callSiteRoles';

/** The call sites with each function head folded into its exact sibling, and which lines each folded site holds. */
export interface FoldedSites {
  readonly sites: CallSite[];
  /** Per folded site (the new object): the lines of the heads it took in. */
  readonly heads: ReadonlyMap<CallSite, readonly number[]>;
}

/**
 * Folds every call site that is not an exact line ({@link isExactLine}) into the exact call site of
 * the same function, file and role ({@link callSiteRole}) on a later line (the nearest when
 * several): weights, counts and estimates add up; the exact site keeps its line and chain.
 */
export function foldFunctionHeads(sites: readonly CallSite[]): FoldedSites {
  const target = new Map<CallSite, CallSite>();
  for (const head of sites) {
    const role = callSiteRole(head);
    if (role === undefined || isExactLine(head)) continue;
    const exact = sites
      .filter((s) => s !== head && s.functionName === head.functionName && s.relativePath === head.relativePath && s.line > head.line && isExactLine(s) && callSiteRole(s) === role)
      .sort((a, b) => a.line - b.line)[0];
    if (exact) target.set(head, exact);
  }
  if (target.size === 0) return { sites: [...sites], heads: new Map() };
  const merged = new Map<CallSite, CallSite>();
  const heads = new Map<CallSite, number[]>();
  for (const [head, exact] of target) {
    const into = merged.get(exact) ?? exact;
    const sum = {
      ...into,
      dynamoWeight: into.dynamoWeight + head.dynamoWeight,
      dynamoCount: into.dynamoCount + head.dynamoCount,
      ...(into.estimatedWeight || head.estimatedWeight ? { estimatedWeight: (into.estimatedWeight ?? 0) + (head.estimatedWeight ?? 0) } : {}),
    };
    merged.set(exact, sum);
    heads.set(exact, [...(heads.get(exact) ?? []), head.line]);
  }
  const out = sites.filter((s) => !target.has(s)).map((s) => merged.get(s) ?? s);
  return { sites: out, heads: new Map([...heads].map(([exact, lines]) => [merged.get(exact)!, lines.sort((a, b) => a - b)])) };
}
