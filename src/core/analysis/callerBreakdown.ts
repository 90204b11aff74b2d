/**
 * A call site's DynamoDB share split by the user lines that called its function (a helper like
 * `query: (p) => ddb.query(p).promise()` is the call site; its callers say whose requests they
 * were), in the same words for the CLI, the lenses and the hover. The breakdown is a part of the
 * call site's share: the call site stays the headline's unit (the line a migration rewrites).
 */
import { formatPercent, shortFunctionName } from './labels';
import type { CallerShare, CallSite } from './types';

/**
 * When a call site's callers get rows and lenses of their own: when it has two or more (a helper
 * called from several places, where the user cannot tell whose cost it is), or one and the call
 * site is a thin wrapper (`CallSite.thinWrapper`: the line the user reads is their handler's, not
 * the helper's). A call site inside real work with one caller keeps its breakdown in the hover
 * and the JSON only: Go repositories called from one handler each would otherwise double every lens.
 */
export const MIN_CALLERS_SHOWN = 2;

/** The callers of `site` worth their own rows and lenses (see {@link MIN_CALLERS_SHOWN}), heaviest first. */
export function shownCallers(site: CallSite): readonly CallerShare[] {
  const callers = site.callers ?? [];
  return callers.length >= MIN_CALLERS_SHOWN || (site.thinWrapper && callers.length > 0) ? callers : [];
}

/** `db.js:12 (query)`: the call site as a caller's lens and row name it. */
export function callSiteName(site: Pick<CallSite, 'relativePath' | 'line' | 'functionName'>): string {
  return `${site.relativePath}:${site.line} (${shortFunctionName(site.functionName)})`;
}

/**
 * Title of a caller's lens: `41.2% DynamoDB via db.js:12 (query) · part of that line's 52.3%`
 * (percent of the profile's `totalWeight`).
 */
export function callerLensTitle(caller: CallerShare, site: CallSite, totalWeight: number): string {
  return `${formatPercent(caller.dynamoWeight, totalWeight)} DynamoDB via ${callSiteName(site)} · part of that line's ${formatPercent(site.dynamoWeight, totalWeight)}`;
}

/**
 * The breakdown as sentences (hover, report): one per caller, then the part no caller of the
 * user's code reached; they sum to the call site's measured share. Empty without callers.
 */
export function callerSentences(site: CallSite, totalWeight: number): string[] {
  const callers = site.callers ?? [];
  if (callers.length === 0) return [];
  const out = callers.map((c) => `${formatPercent(c.dynamoWeight, totalWeight)} from ${c.relativePath}:${c.line} (${shortFunctionName(c.functionName)})`);
  if ((site.noCallerWeight ?? 0) > 0) out.push(`${formatPercent(site.noCallerWeight!, totalWeight)} with no caller of yours`);
  return out;
}
