/**
 * The lens anchors of one source file for one loaded profile: built once from the file as it is
 * on disk at load time, then located in whatever text the editor has now. Each recorded line is
 * placed by what it contains, never by the file's clock: where the committed version the profile
 * saw is known, through a diff from it (a changed line is looked for among the new lines and, when
 * found, marked with what it was); else by the call its chain names, searched in its function
 * near the recorded line (`placeLines.ts`). A line that does something else gets no lens.
 */
import type { CallerShare, CallSite, UserFunctionStat } from '../core/analysis/types';
import { callSiteFit, sdkCallsOn } from '../core/source/callsOnLine';
import { headPatterns, isHead, shortFunctionName } from '../core/source/functionHeads';
import type { LineMap } from '../core/source/lineMap';
import { placeLines, type LineTarget } from '../core/source/placeLines';
import { createAnchor, createFunctionAnchor, type Anchor } from './anchors';
import { locatedText } from './locatedText';

export interface AnchoredCallSite {
  readonly site: CallSite;
  readonly anchor: Anchor;
}

export interface AnchoredFunction {
  readonly fn: UserFunctionStat;
  readonly anchor: Anchor;
}

/** A caller line of a call site in another place (`CallSite.callers`), anchored in this file. */
export interface AnchoredCaller {
  readonly caller: CallerShare;
  readonly site: CallSite;
  readonly anchor: Anchor;
}

/** Anchors of one file; entries whose recorded line is not found in the source are left out. */
export interface FileAnchors {
  readonly absolutePath: string;
  readonly callSites: readonly AnchoredCallSite[];
  readonly functions: readonly AnchoredFunction[];
  /** Callers of call sites (shown ones, see `callerBreakdown.ts`) on lines of this file. */
  readonly callers: readonly AnchoredCaller[];
  /** Call sites, callers and functions whose recorded line was not found in the source at load time. */
  readonly mismatched: number;
  /** DynamoDB weight (`CallSite.dynamoWeight`, profile units) of the call sites among `mismatched`: no lens shows it. */
  readonly unanchoredSiteWeight: number;
  /** The commit whose version of the file the recorded lines were mapped from; absent when none was used. */
  readonly mappedFromCommit?: string;
}

/** What is known of the text a profile was recorded against, for one file. */
export type RecordedLines =
  /** The file is that text: the build's own record of it (`sourcesContent`) or the committed version at the profile's time equals it. */
  | { readonly kind: 'same' }
  /** The file as the profile saw it (a committed version) and the map from its lines to the load-time text. */
  | { readonly kind: 'committed'; readonly commit: string; readonly text: string; readonly lineMap: LineMap }
  /** No version known (no git, an untrusted workspace, an untracked file): lines are placed by the calls they make. */
  | { readonly kind: 'unknown' };

const lineOf = (text: string, line: number) => text.split(/\r?\n/)[line - 1] ?? '';

const siteChain = (site: CallSite) => site.chain.map((f) => f.name);
/** A caller's line calls the call site's function, or declares the caller's own (V8 records a caller at its head). */
const callerChain = (caller: CallerShare, site: CallSite) => [caller.functionName, site.functionName];

/** True when the call site's line in `text` calls the frames its chain names, or declares its function. */
export function siteFitsText(text: string, site: CallSite): boolean {
  return callSiteFit(lineOf(text, site.line), siteChain(site)) !== undefined;
}

type Fit = NonNullable<ReturnType<typeof callSiteFit>>;

/** One recorded line: where the profile put it, in which function, what its line must call, and which fits prove it moved there. */
interface Recorded {
  readonly line: number;
  readonly functionName: string;
  readonly chain: readonly string[];
  /**
   * The fits ({@link callSiteFit}) that find the line elsewhere: Go records the line of the call
   * (`callee`), V8 a caller's function start (`declaration` too); a function-level call site (a
   * profile without lines) is its declaration.
   */
  readonly proofs: ReadonlySet<Fit>;
}

const GO_PROOFS: ReadonlySet<Fit> = new Set(['callee']);
const JS_PROOFS: ReadonlySet<Fit> = new Set(['callee', 'declaration']);
const DECLARATION_PROOF: ReadonlySet<Fit> = new Set(['declaration']);
const proofsFor = (absolutePath: string) => (absolutePath.endsWith('.go') ? GO_PROOFS : JS_PROOFS);

/** Where a recorded line is in the load-time text, and what it was when it changed. */
interface Placement {
  readonly line: number;
  readonly change?: Anchor['change'];
}

/** A line calls what the chain names (or is the declaration, where that is how the profile records it): proof wherever it is. */
const namedFit = (r: Recorded) => (text: string) => {
  const fit = callSiteFit(text, r.chain);
  return fit !== undefined && r.proofs.has(fit);
};

/** V8 records a module's top-level code as an anonymous function at line 1: nothing on that line needs to prove it. */
const moduleTopLevel = (r: Recorded) => r.line === 1 && shortFunctionName(r.functionName) === undefined;

/** Places `items` without a known version: by the calls their lines make, near the recorded lines. */
function placeUnknown(lines: readonly string[], items: readonly Recorded[]): (Placement | undefined)[] {
  const targets: LineTarget[] = items.map((r) => ({
    expectedLine: r.line,
    functionName: shortFunctionName(r.functionName),
    fits: namedFit(r),
    fitsInPlace: (text) => moduleTopLevel(r) || callSiteFit(text, r.chain) !== undefined,
  }));
  return placeLines(lines, targets).map((line) => (line === undefined ? undefined : { line }));
}

/** The 1-based lines of `text` that a diff from the recorded version kept: the rest are new or changed. */
function keptLines(recorded: Extract<RecordedLines, { kind: 'committed' }>, count: number): Set<number> {
  const kept = new Set<number>();
  for (let line = 1; line <= count; line++) {
    const to = recorded.lineMap(line);
    if (to !== undefined) kept.add(to);
  }
  return kept;
}

/** Where `line` of the recorded version is expected now: carried with the nearest kept line above it. */
function expectedLine(recorded: Extract<RecordedLines, { kind: 'committed' }>, line: number): number {
  for (let above = line - 1; above >= 1; above--) {
    const to = recorded.lineMap(above);
    if (to !== undefined) return to + (line - above);
  }
  return line;
}

/**
 * Places `items` through the committed version: a kept line is where the diff carried it; a
 * changed one is looked for among the lines the diff did not keep, by what it calls (by name, or
 * the same DynamoDB call as the recorded line), and carries what it was when its text differs. An
 * item whose recorded line does not fit its chain (the commit is not what was profiled there) is
 * placed as without a version.
 */
function placeCommitted(lines: readonly string[], items: readonly Recorded[], recorded: Extract<RecordedLines, { kind: 'committed' }>): (Placement | undefined)[] {
  const recordedLines = recorded.text.split(/\r?\n/);
  const kept = keptLines(recorded, recordedLines.length);
  const placed: (Placement | undefined)[] = new Array(items.length).fill(undefined);
  const searched: { index: number; target: LineTarget; was: string }[] = [];
  const unknown: number[] = [];
  items.forEach((r, index) => {
    const was = recordedLines[r.line - 1] ?? '';
    if (callSiteFit(was, r.chain) === undefined) return void unknown.push(index);
    const to = recorded.lineMap(r.line);
    if (to !== undefined) return void (placed[index] = { line: to });
    const calls = sdkCallsOn(was);
    const named = namedFit(r);
    const fits = (text: string) => named(text) || sdkCallsOn(text).some((c) => calls.includes(c));
    searched.push({ index, was, target: { expectedLine: expectedLine(recorded, r.line), functionName: shortFunctionName(r.functionName), fits } });
  });
  const found = placeLines(lines, searched.map((s) => s.target), (i) => !kept.has(i + 1));
  searched.forEach(({ index, was }, k) => {
    const line = found[k];
    if (line === undefined) return;
    const now = lines[line - 1]!.trim();
    placed[index] = now === was.trim() ? { line } : { line, change: { was: was.trim(), commit: recorded.commit } };
  });
  const rest = placeUnknown(lines, unknown.map((i) => items[i]!));
  unknown.forEach((index, k) => (placed[index] = rest[k]));
  return placed;
}

function place(lines: readonly string[], items: readonly Recorded[], recorded: RecordedLines): (Placement | undefined)[] {
  if (recorded.kind === 'same') return items.map((r) => ({ line: r.line }));
  return recorded.kind === 'committed' ? placeCommitted(lines, items, recorded) : placeUnknown(lines, items);
}

/** Anchor of a placed line inside `functionName`, carrying its change. */
function anchorAt(text: string, placement: Placement | undefined, functionName: string): Anchor | undefined {
  if (!placement) return undefined;
  const anchor = createAnchor(text, placement.line, functionName);
  return anchor && placement.change ? { ...anchor, change: placement.change } : anchor;
}

/**
 * The head of `fn` in `text`: with the committed version, its recorded head carried by the diff,
 * else the head by name nearest to where it is expected (marked changed when its text differs);
 * without a version, the head by name nearest to the recorded line.
 */
function functionAnchor(text: string, lines: readonly string[], fn: UserFunctionStat, recorded: RecordedLines): Anchor | undefined {
  if (recorded.kind === 'same') return createFunctionAnchor(text, fn.line, fn.functionName);
  const name = shortFunctionName(fn.functionName);
  if (name === undefined) return undefined;
  const patterns = headPatterns(name);
  const byName = (expected: number) => placeLines(lines, [{ expectedLine: expected, functionName: undefined, fits: (t) => isHead(t, patterns) }])[0];
  if (recorded.kind === 'unknown') {
    const line = byName(fn.line);
    return line === undefined ? undefined : createFunctionAnchor(text, line, fn.functionName);
  }
  const head = createFunctionAnchor(recorded.text, fn.line, fn.functionName);
  if (!head) return functionAnchor(text, lines, fn, { kind: 'unknown' });
  const kept = recorded.lineMap(head.recordedLine);
  const line = kept ?? byName(expectedLine(recorded, head.recordedLine));
  const anchor = line === undefined ? undefined : createFunctionAnchor(text, line, fn.functionName);
  return anchor && kept === undefined && anchor.lineText !== head.lineText ? { ...anchor, change: { was: head.lineText, commit: recorded.commit } } : anchor;
}

/**
 * Anchors every call site, hot user function and caller of a call site (`callers`) of one file
 * against `text` (the file's content at load time), placing their recorded lines as
 * {@link RecordedLines} allows. Lines not found (an edit removed them or made them call something
 * else) are counted in `mismatched` and get no lens.
 */
export function anchorFile(
  absolutePath: string,
  text: string,
  callSites: readonly CallSite[],
  functions: readonly UserFunctionStat[],
  recorded: RecordedLines = { kind: 'same' },
  callers: readonly { readonly caller: CallerShare; readonly site: CallSite }[] = [],
): FileAnchors {
  const lines = text.split(/\r?\n/);
  const proofs = proofsFor(absolutePath);
  let mismatched = 0;
  let unanchoredSiteWeight = 0;
  const sitePlaces = place(lines, callSites.map((s) => ({ line: s.line, functionName: s.functionName, chain: siteChain(s), proofs: s.precision === 'function' ? DECLARATION_PROOF : proofs })), recorded);
  const anchoredSites: AnchoredCallSite[] = [];
  callSites.forEach((site, i) => {
    const anchor = anchorAt(text, sitePlaces[i], site.functionName);
    if (anchor) anchoredSites.push({ site, anchor });
    else {
      mismatched++;
      unanchoredSiteWeight += site.dynamoWeight;
    }
  });
  const anchoredFunctions: AnchoredFunction[] = [];
  for (const fn of functions) {
    const anchor = functionAnchor(text, lines, fn, recorded);
    if (anchor) anchoredFunctions.push({ fn, anchor });
    else mismatched++;
  }
  const callerPlaces = place(lines, callers.map(({ caller, site }) => ({ line: caller.line, functionName: caller.functionName, chain: callerChain(caller, site), proofs })), recorded);
  const anchoredCallers: AnchoredCaller[] = [];
  callers.forEach(({ caller, site }, i) => {
    const anchor = anchorAt(text, callerPlaces[i], caller.functionName);
    if (anchor) anchoredCallers.push({ caller, site, anchor });
    else mismatched++;
  });
  return { absolutePath, callSites: anchoredSites, functions: anchoredFunctions, callers: anchoredCallers, mismatched, unanchoredSiteWeight, ...(recorded.kind === 'committed' ? { mappedFromCommit: recorded.commit } : {}) };
}

/**
 * A lens position in the current text: 1-based line, or undefined when the anchor is gone.
 * Memoized per text (see `locatedText.ts`): asking again for the same document version is a lookup.
 */
export function currentLine(text: string, anchor: Anchor): number | undefined {
  return locatedText(text).lineOf(anchor);
}
