/**
 * The lens anchors of one source file for one loaded profile: built once from the file as
 * it was on disk at load time, then located in whatever text the editor has now. When the file
 * changed after the profile was recorded, the recorded lines are carried to the load-time text
 * through a diff from the committed version the profile saw; without one, a call site keeps its
 * lens only on a line that calls what its chain names.
 */
import type { CallerShare, CallSite, UserFunctionStat } from '../core/analysis/types';
import { lineFitsCallSite } from '../core/source/callsOnLine';
import type { LineMap } from '../core/source/lineMap';
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

/** Anchors of one file; entries whose recorded line does not match the source are left out. */
export interface FileAnchors {
  readonly absolutePath: string;
  readonly callSites: readonly AnchoredCallSite[];
  readonly functions: readonly AnchoredFunction[];
  /** Callers of call sites (shown ones, see `callerBreakdown.ts`) on lines of this file. */
  readonly callers: readonly AnchoredCaller[];
  /** Call sites, callers and functions whose recorded line did not match the source at load time. */
  readonly mismatched: number;
  /** DynamoDB weight (`CallSite.dynamoWeight`, profile units) of the call sites among `mismatched`: no lens shows it. */
  readonly unanchoredSiteWeight: number;
  /** The commit whose version of the file the recorded lines were mapped from; absent when none was used. */
  readonly mappedFromCommit?: string;
  /** The profiled build's map carries this very text (`sourcesContent`): its lenses are not stale, whatever the file's time. */
  readonly linesFromBuild?: boolean;
}

/** How recorded lines reach the load-time text of a file that changed after the profile. */
export type RecordedLines =
  /** The file as the profile saw it (a committed version) and the map from its lines to the load-time text. */
  | { readonly kind: 'committed'; readonly commit: string; readonly text: string; readonly lineMap: LineMap }
  /** No version known: each call-site line must call what its chain names (see {@link lineFitsCallSite}). */
  | { readonly kind: 'unknown' };

const lineOf = (text: string, line: number) => text.split(/\r?\n/)[line - 1] ?? '';

/** True when the call site's line in `text` calls the frames its chain names, or declares its function. */
export function siteFitsText(text: string, site: CallSite): boolean {
  return lineFitsCallSite(lineOf(text, site.line), site.chain.map((f) => f.name));
}

function siteAnchor(text: string, site: CallSite, recorded: RecordedLines | undefined): Anchor | undefined {
  if (!recorded) return createAnchor(text, site.line, site.functionName);
  if (recorded.kind === 'unknown') return siteFitsText(text, site) ? createAnchor(text, site.line, site.functionName) : undefined;
  if (!siteFitsText(recorded.text, site)) return undefined;
  const line = recorded.lineMap(site.line);
  return line === undefined ? undefined : createAnchor(text, line, site.functionName);
}

function functionAnchor(text: string, fn: UserFunctionStat, recorded: RecordedLines | undefined): Anchor | undefined {
  if (recorded?.kind !== 'committed') return createFunctionAnchor(text, fn.line, fn.functionName);
  const head = createFunctionAnchor(recorded.text, fn.line, fn.functionName);
  const line = head === undefined ? undefined : recorded.lineMap(head.recordedLine);
  return line === undefined ? undefined : createFunctionAnchor(text, line, fn.functionName);
}

/** True when the caller's line in `text` calls the call site's function or declares the caller's own (V8 records a caller at its head). */
function callerFitsText(text: string, caller: CallerShare, site: CallSite): boolean {
  return lineFitsCallSite(lineOf(text, caller.line), [caller.functionName, site.functionName]);
}

function callerAnchor(text: string, caller: CallerShare, site: CallSite, recorded: RecordedLines | undefined): Anchor | undefined {
  if (!recorded) return createAnchor(text, caller.line, caller.functionName);
  if (recorded.kind === 'unknown') return callerFitsText(text, caller, site) ? createAnchor(text, caller.line, caller.functionName) : undefined;
  if (!callerFitsText(recorded.text, caller, site)) return undefined;
  const line = recorded.lineMap(caller.line);
  return line === undefined ? undefined : createAnchor(text, line, caller.functionName);
}

/**
 * Anchors every call site, hot user function and caller of a call site (`callers`) of one file
 * against `text` (the file's content at load time). `recorded` is given when the file changed after the profile was
 * recorded (see {@link RecordedLines}). Lines that do not lie in the recorded function, that an
 * edit removed or changed, or that do not call what the call site names are counted in
 * `mismatched` and get no lens.
 */
export function anchorFile(
  absolutePath: string,
  text: string,
  callSites: readonly CallSite[],
  functions: readonly UserFunctionStat[],
  recorded?: RecordedLines,
  callers: readonly { readonly caller: CallerShare; readonly site: CallSite }[] = [],
): FileAnchors {
  let mismatched = 0;
  let unanchoredSiteWeight = 0;
  const anchoredSites: AnchoredCallSite[] = [];
  for (const site of callSites) {
    const anchor = siteAnchor(text, site, recorded);
    if (anchor) anchoredSites.push({ site, anchor });
    else {
      mismatched++;
      unanchoredSiteWeight += site.dynamoWeight;
    }
  }
  const anchoredFunctions: AnchoredFunction[] = [];
  for (const fn of functions) {
    const anchor = functionAnchor(text, fn, recorded);
    if (anchor) anchoredFunctions.push({ fn, anchor });
    else mismatched++;
  }
  const anchoredCallers: AnchoredCaller[] = [];
  for (const { caller, site } of callers) {
    const anchor = callerAnchor(text, caller, site, recorded);
    if (anchor) anchoredCallers.push({ caller, site, anchor });
    else mismatched++;
  }
  return { absolutePath, callSites: anchoredSites, functions: anchoredFunctions, callers: anchoredCallers, mismatched, unanchoredSiteWeight, ...(recorded?.kind === 'committed' ? { mappedFromCommit: recorded.commit } : {}) };
}

/**
 * A lens position in the current text: 1-based line, or undefined when the anchor is gone.
 * Memoized per text (see `locatedText.ts`): asking again for the same document version is a lookup.
 */
export function currentLine(text: string, anchor: Anchor): number | undefined {
  return locatedText(text).lineOf(anchor);
}
