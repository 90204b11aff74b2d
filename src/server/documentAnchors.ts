/**
 * The lens anchors of one source file for one loaded profile: built once from the file as
 * it was on disk at load time, then located in whatever text the editor has now.
 */
import type { CallSite, UserFunctionStat } from '../core/analysis/types';
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

/** Anchors of one file; entries whose recorded line does not match the source are left out. */
export interface FileAnchors {
  readonly absolutePath: string;
  readonly callSites: readonly AnchoredCallSite[];
  readonly functions: readonly AnchoredFunction[];
  /** Call sites and functions whose recorded line did not match the source at load time. */
  readonly mismatched: number;
}

/**
 * Anchors every call site and hot user function of one file against `text` (the file's
 * content at load time). Lines that do not lie in the recorded function are counted in
 * `mismatched` and get no lens.
 */
export function anchorFile(absolutePath: string, text: string, callSites: readonly CallSite[], functions: readonly UserFunctionStat[]): FileAnchors {
  let mismatched = 0;
  const anchoredSites: AnchoredCallSite[] = [];
  for (const site of callSites) {
    const anchor = createAnchor(text, site.line, site.functionName);
    if (anchor) anchoredSites.push({ site, anchor });
    else mismatched++;
  }
  const anchoredFunctions: AnchoredFunction[] = [];
  for (const fn of functions) {
    const anchor = createFunctionAnchor(text, fn.line, fn.functionName);
    if (anchor) anchoredFunctions.push({ fn, anchor });
    else mismatched++;
  }
  return { absolutePath, callSites: anchoredSites, functions: anchoredFunctions, mismatched };
}

/**
 * A lens position in the current text: 1-based line, or undefined when the anchor is gone.
 * Memoized per text (see `locatedText.ts`): asking again for the same document version is a lookup.
 */
export function currentLine(text: string, anchor: Anchor): number | undefined {
  return locatedText(text).lineOf(anchor);
}
