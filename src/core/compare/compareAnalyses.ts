/**
 * Compares two analyses of the same program — a baseline and a new build — the way the seed
 * proved its migration: totals (CPU, requests, CPU per request), then per DynamoDB category,
 * user function, call site and SDK function, each with before/after weight, share, change,
 * per-request cost when request counts are known, and a sampling-noise verdict.
 */
import type { Analysis, CallSite, UserFunctionStat } from '../analysis/types';
import { DYNAMO_CATEGORIES } from '../detect/types';
import { functionIdentity, isGoFunction, shortFunctionName, splitGoSymbol } from './functionKey';
import { matchCallSites, matchFunctionsByName, matchSdkFunctions, matchUserFunctions, unpairedCallSiteReason } from './match';
import type { Pairing } from './pairing';
import { resolveRequests, type RequestInput, type ResolvedRequests } from './requestCount';
import { byWeightDesc, makeRow, relativeChange, type SideScale } from './rows';
import { isSignificantShareChange, shareError } from './significance';
import { asyncShiftNote, noteShrinkingRows } from './asyncShift';
import { formatCount } from './format/numbers';
import { noteWrapperRows } from './wrapperRows';
import { foldFunctionHeads } from './foldHeads';
import { comparability, valueMeasure } from '../profile/valueMeasure';
import { attributionShares, type AttributionShares } from '../analysis/attributionText';
import { compareConnections } from './connectionChange';
import { COMPARE_SCHEMA, type Comparison, type CompareRow, type MatchKind, type RowRef, type SideTotals } from './types';

/** One side of a comparison: its analysis and, optionally, how many requests it served. */
export interface CompareSide {
  readonly analysis: Analysis;
  readonly requests?: RequestInput | ResolvedRequests;
}

export interface CompareOptions {
  /** SDK function rows to keep, heaviest first (rows paired across the sides are always kept); default 15. */
  readonly topSdkFunctions?: number;
  /** Most "movers" (functions whose self share changed significantly); default 10. */
  readonly topMovers?: number;
}

/** Thrown when two profiles cannot be compared (different units); the message names both files. */
export class CompareError extends Error {
  override readonly name = 'CompareError';
}

/** Below this many samples a profile is called short in the notes (shares then move by ≥ ~1.5 pp by chance). */
const SHORT_PROFILE_SAMPLES = 1000;

/**
 * Compares `before` with `after`. When the two value columns measure different things (a pprof's
 * CPU time against a V8 `.cpuprofile`'s wall time, `valueMeasure.ts`), only shares are compared:
 * `absolute.comparable` is false with the reason, every absolute and per-request change is null and
 * `normalization` is `share`.
 * @throws CompareError when the profiles' units differ (e.g. CPU ns vs allocation bytes)
 * @throws RequestCountError (from `requestCount.ts`) for an unusable request count
 */
export function compareAnalyses(before: CompareSide, after: CompareSide, options: CompareOptions = {}): Comparison {
  const b = before.analysis;
  const a = after.analysis;
  if (b.unit !== a.unit) {
    throw new CompareError(`cannot compare ${b.sourcePath} (${b.sampleType.type}/${b.unit}) with ${a.sourcePath} (${a.sampleType.type}/${a.unit}): the units differ`);
  }
  const beforeReq = resolveSide(before);
  const afterReq = resolveSide(after);
  const scales = {
    before: { totalWeight: b.totalWeight, totalCount: b.totalCount, ...(beforeReq ? { requests: beforeReq.requests } : {}) },
    after: { totalWeight: a.totalWeight, totalCount: a.totalCount, ...(afterReq ? { requests: afterReq.requests } : {}) },
  };
  const measures = { before: valueMeasure(b.format, b.sampleType), after: valueMeasure(a.format, a.sampleType) };
  const absolute = comparability(measures.before, measures.after);
  const perRequest = beforeReq !== undefined && afterReq !== undefined && absolute.comparable;

  const functions = matchUserFunctions(b.userFunctions, a.userFunctions);
  const [foldedBefore, foldedAfter] = [foldFunctionHeads(b.callSites), foldFunctionHeads(a.callSites)];
  const callSites = matchCallSites(foldedBefore.sites, foldedAfter.sites, functions);
  const heads = new Map([...foldedBefore.heads, ...foldedAfter.heads]);
  const callSiteLabel = (c: CallSite) => {
    const folded = heads.get(c);
    return `${siteLabel(c)}${folded ? ` (+${folded.map((l) => `:${l}`).join(', ')})` : ''}`;
  };
  const sdk = matchSdkFunctions(b.sdkFunctions, a.sdkFunctions, callSites);

  const asyncNote = asyncShiftNote(b, a);
  const userFunctionRows = noteShrinkingRows(rowsOf(functions, scales, (f) => f.totalWeight, userFunctionRef, (f) => shortFunctionName(f.functionName, f.profileFile)), asyncNote);
  const reasons = new Map<CallSite, string>();
  for (const c of callSites.before) reasons.set(c, unpairedCallSiteReason(c, 'before', callSites, functions));
  for (const c of callSites.after) reasons.set(c, unpairedCallSiteReason(c, 'after', callSites, functions));
  const callSiteRows = noteShrinkingRows(rowsOf(callSites, scales, creditedWeight, callSiteRef, callSiteLabel, undefined, (c) => reasons.get(c), (c) => c.estimatedWeight ?? 0), asyncNote);
  const sdkRows = noteWrapperRows(
    keepTop(
      rowsOf(sdk, scales, (f) => f.cum, (f) => ({ name: f.name, file: f.file }), (f) => shortFunctionName(f.name, f.file), (f) => f.category),
      options.topSdkFunctions ?? 15,
    ),
    b,
    a,
  );
  const categoryRows = DYNAMO_CATEGORIES.filter((c) => (b.byCategory[c] ?? 0) > 0 || (a.byCategory[c] ?? 0) > 0).map((c) =>
    makeRow({ key: c, label: c, matchedBy: 'key', category: c, before: { weight: b.byCategory[c] ?? 0 }, after: { weight: a.byCategory[c] ?? 0 } }, scales),
  );
  categoryRows.sort(byWeightDesc);

  const movers = rowsOf(matchFunctionsByName(b.functions, a.functions), scales, (f) => f.flat, (f) => ({ name: f.name, file: f.file }), (f) => shortFunctionName(f.name, f.file))
    .filter((r) => r.status === 'matched' && r.significant)
    .sort((x, y) => Math.abs(y.shareChangePoints) - Math.abs(x.shareChangePoints))
    .slice(0, options.topMovers ?? 10);

  const shareOnly = (rows: CompareRow[]) => (absolute.comparable ? rows : rows.map(withoutAbsoluteChange));
  const totals = totalsOf(sideTotals(b, beforeReq), sideTotals(a, afterReq));
  return {
    schema: COMPARE_SCHEMA,
    valueType: a.sampleType.type,
    unit: a.unit,
    normalization: perRequest ? 'per-request' : 'share',
    absolute: {
      comparable: absolute.comparable,
      before: { name: measures.before.short, description: measures.before.description },
      after: { name: measures.after.short, description: measures.after.description },
      ...(absolute.comparable ? {} : { short: absolute.short, reason: absolute.reason }),
    },
    totals: absolute.comparable ? totals : withoutAbsoluteTotals(totals),
    categories: shareOnly(categoryRows),
    userFunctions: shareOnly(userFunctionRows),
    callSites: shareOnly(callSiteRows),
    sdkFunctions: shareOnly(sdkRows),
    movers: shareOnly(movers),
    sdkChanges: sdkChangesOf(b, a),
    connections: compareConnections(b, a, absolute.comparable ? beforeReq : undefined, absolute.comparable ? afterReq : undefined),
    matchSummary: { userFunctions: summarize(functions), callSites: summarize(callSites), sdkFunctions: summarize(sdk) },
    notes: [
      ...notesOf(b, a, beforeReq !== undefined && afterReq !== undefined, absolute.comparable ? undefined : absolute.reason),
      ...(asyncNote ? [`User functions and call sites that shrank: ${asyncNote}.`] : []),
      ...(heads.size > 0 ? ['A call-site row marked (+:N) holds line N too: its function\'s first line, where V8 puts the samples of the same call that carry no `record` label (the same operation, the same function).'] : []),
    ],
  };
}

/** A row whose absolute and per-request changes are unknown (the sides measure different things). */
function withoutAbsoluteChange(row: CompareRow): CompareRow {
  const { changePerRequestPercent: _dropped, ...rest } = row;
  return { ...rest, changeWeightPercent: null };
}

function withoutAbsoluteTotals(t: Comparison['totals']): Comparison['totals'] {
  return {
    ...t,
    changeWeightPercent: null,
    ...(t.changePerRequestPercent !== undefined ? { changePerRequestPercent: null } : {}),
    ...(t.changeDynamoPerRequestPercent !== undefined ? { changeDynamoPerRequestPercent: null } : {}),
  };
}

function resolveSide(side: CompareSide): ResolvedRequests | undefined {
  if (!side.requests) return undefined;
  if ('kind' in side.requests) return resolveRequests(side.requests, side.analysis.durationNs);
  return side.requests;
}

function rowsOf<T>(
  pairing: Pairing<T, T>,
  scales: { before: SideScale; after: SideScale },
  weightOf: (x: T) => number,
  refOf: (x: T) => RowRef,
  labelOf: (x: T) => string,
  categoryOf?: (x: T) => CompareRow['category'],
  reasonOf?: (x: T) => string | undefined,
  estimatedOf?: (x: T) => number,
): CompareRow[] {
  const rows: CompareRow[] = [];
  const side = (x: T) => ({ weight: weightOf(x), ref: refOf(x), ...(estimatedOf && estimatedOf(x) > 0 ? { estimatedWeight: estimatedOf(x) } : {}) });
  const reason = (x: T) => {
    const why = reasonOf?.(x);
    return why ? { reason: why } : {};
  };
  for (const p of pairing.pairs) {
    rows.push(
      makeRow(
        { key: keyOf(refOf(p.after)), label: pairLabel(labelOf(p.before), labelOf(p.after)), matchedBy: p.by, category: categoryOf?.(p.after), before: side(p.before), after: side(p.after) },
        scales,
      ),
    );
  }
  for (const x of pairing.before) rows.push({ ...makeRow({ key: keyOf(refOf(x)), label: labelOf(x), category: categoryOf?.(x), before: side(x) }, scales), ...reason(x) });
  for (const x of pairing.after) rows.push({ ...makeRow({ key: keyOf(refOf(x)), label: labelOf(x), category: categoryOf?.(x), after: side(x) }, scales), ...reason(x) });
  return rows.sort(byWeightDesc);
}

/** The heaviest `n` rows, plus every row paired across the two sides (they carry the story of a migration). */
function keepTop(rows: CompareRow[], n: number): CompareRow[] {
  return rows.filter((r, i) => i < n || r.status === 'matched');
}

function keyOf(ref: RowRef): string {
  return ref.line !== undefined ? `${ref.relativePath ?? ref.file}:${ref.line}:${ref.name}` : functionIdentity(ref.name, ref.file).replace('\u0000', ' ');
}

function userFunctionRef(f: UserFunctionStat): RowRef {
  return { name: f.functionName, file: f.profileFile, relativePath: f.relativePath, line: f.line };
}

/** What a call site row compares: DynamoDB weight credited to the line, measured and estimated (`RowSide.estimatedWeight` says how much is estimated). */
function creditedWeight(c: CallSite): number {
  return c.dynamoWeight + (c.estimatedWeight ?? 0);
}

function callSiteRef(c: CallSite): RowRef {
  return { name: c.functionName, file: c.profileFile, relativePath: c.relativePath, line: c.line };
}

function siteLabel(c: CallSite): string {
  const name = isGoFunction(c.functionName, c.profileFile) ? (splitGoSymbol(c.functionName)?.member ?? c.functionName) : c.functionName;
  return `${name} ${c.relativePath.split('/').slice(-2).join('/')}:${c.line}`;
}

/**
 * `a → b` written compactly: the common leading words once (`ddbv1.(*Adapter).GetUserActivity →
 * ddbv2.(*Adapter).GetUserActivity` stays whole, but `X f.go:49 → X g.go:44` becomes `X f.go:49 → g.go:44`).
 */
export function pairLabel(before: string, after: string): string {
  if (before === after) return after;
  const bDot = before.indexOf('.');
  const aDot = after.indexOf('.');
  if (!before.includes(' ') && bDot > 0 && aDot > 0 && before.slice(bDot) === after.slice(aDot)) {
    return `${after.slice(aDot + 1)} [${before.slice(0, bDot)} → ${after.slice(0, aDot)}]`;
  }
  const b = before.split(' ');
  const a = after.split(' ');
  let i = 0;
  while (i < b.length - 1 && i < a.length - 1 && b[i] === a[i]) i++;
  if (i === 0) return `${before} → ${after}`;
  return `${a.slice(0, i).join(' ')} ${b.slice(i).join(' ')} → ${a.slice(i).join(' ')}`;
}

function sideTotals(x: Analysis, req: ResolvedRequests | undefined): SideTotals {
  const dynamoShare = x.totalWeight > 0 ? (x.dynamoWeight / x.totalWeight) * 100 : 0;
  return {
    sourcePath: x.sourcePath,
    format: x.format,
    totalWeight: x.totalWeight,
    totalCount: x.totalCount,
    ...(x.durationNs !== undefined ? { durationNs: x.durationNs } : {}),
    ...(req ? { requests: req.requests, requestsSource: req.source, perRequest: x.totalWeight / req.requests, dynamoPerRequest: x.dynamoWeight / req.requests } : {}),
    dynamoWeight: x.dynamoWeight,
    dynamoShare,
    dynamoShareStdErr: shareError(dynamoShare, x.totalCount),
    anyFrameShare: x.totalWeight > 0 ? (x.anyFrameWeight / x.totalWeight) * 100 : 0,
    attribution: attributionOf(attributionShares(x)),
  };
}

const attributionOf = (s: AttributionShares) => ({ measuredShare: s.measuredPercent, estimatedShare: s.estimatedPercent, unattributedShare: s.unattributedPercent });

function totalsOf(before: SideTotals, after: SideTotals): Comparison['totals'] {
  const known = before.requests !== undefined && after.requests !== undefined;
  return {
    before,
    after,
    changeWeightPercent: relativeChange(before.totalWeight, after.totalWeight),
    ...(known
      ? {
          changeRequestsPercent: relativeChange(before.requests!, after.requests!),
          changePerRequestPercent: relativeChange(before.perRequest!, after.perRequest!),
          changeDynamoPerRequestPercent: relativeChange(before.dynamoPerRequest!, after.dynamoPerRequest!),
        }
      : {}),
    dynamoShareChangePoints: after.dynamoShare - before.dynamoShare,
    dynamoShareSignificant: isSignificantShareChange(before.dynamoShare, before.dynamoShareStdErr, after.dynamoShare, after.dynamoShareStdErr),
  };
}

function sdkChangesOf(b: Analysis, a: Analysis): Comparison['sdkChanges'] {
  const before = new Set(b.sdkFunctions.map((f) => f.sdk));
  const after = new Set(a.sdkFunctions.map((f) => f.sdk));
  return { vanished: [...before].filter((s) => !after.has(s)), appeared: [...after].filter((s) => !before.has(s)) };
}

function summarize<T>(p: Pairing<T, T>): Partial<Record<MatchKind | 'vanished' | 'appeared', number>> {
  const out: Partial<Record<MatchKind | 'vanished' | 'appeared', number>> = {};
  // Counts of unpaired rows, whatever their status (a `sparse` row is also unpaired).
  for (const pair of p.pairs) out[pair.by] = (out[pair.by] ?? 0) + 1;
  if (p.before.length) out.vanished = p.before.length;
  if (p.after.length) out.appeared = p.after.length;
  return out;
}

function notesOf(b: Analysis, a: Analysis, counts: boolean, notComparable: string | undefined): string[] {
  const notes: string[] = [];
  if (notComparable) {
    notes.push(
      `Only shares are compared: ${notComparable}. Their absolute weights and weights per request are not comparable (record both sides with the same profiler and value column for that). ` +
        'Each share is of its own measure, so part of a share change may come from the profilers rather than the code (the noise test covers sampling only).',
    );
  } else if (!counts) notes.push('No request counts for both profiles: absolute CPU and shares are compared, and traffic may differ between the recordings (give --requests-before/--requests-after to normalize per request).');
  if (b.format !== a.format && !notComparable) notes.push(`The profiles come from different formats (${b.format} vs ${a.format}), both recording ${b.sampleType.type} time; their sampling and idle accounting may differ.`);
  for (const [side, x] of [['before', b], ['after', a]] as const) {
    if (x.totalCount < SHORT_PROFILE_SAMPLES) {
      const se = shareError(50, x.totalCount);
      notes.push(`The ${side} profile has only ${formatCount(x.totalCount)} samples: a 50 % share is uncertain by ±${se.toFixed(1)} pp (one standard error).`);
    }
  }
  for (const w of b.warnings) notes.push(`before: ${w}`);
  for (const w of a.warnings) notes.push(`after: ${w}`);
  notes.push('A change is called significant when |Δshare| > 2·sqrt(se_before² + se_after²), se = binomial standard error of the share over the profile\'s sample count.');
  return notes;
}
