/**
 * Keeps lenses on the right line while the user edits: a profile line is remembered as an
 * anchor (the enclosing function's name, the text of the line, its offset from the function
 * head) and found again in the current text. An anchor that cannot be found is hidden,
 * never shown on a guessed line.
 */

import { GO_TOP_LEVEL_FUNC, headPatterns, isHead } from './functionHeads';
import { LocatedText } from './locatedText';

/** Where a profile line sits in the source it was loaded against. */
export interface Anchor {
  /** Short name of the enclosing function (`GetUserActivity`); undefined for anonymous functions. */
  readonly functionName: string | undefined;
  /** The line's text, trimmed. */
  readonly lineText: string;
  /** Lines from the function head to the anchored line (0 for the head itself). */
  readonly offsetFromHead: number;
  /** 1-based line in the text the anchor was made on (the file at load time, after placing the recorded line). */
  readonly recordedLine: number;
  /**
   * Set when the line differs from what was profiled: its trimmed text in the committed version
   * the profile saw (`commit`). The lens is marked and its hover says what changed.
   */
  readonly change?: { readonly was: string; readonly commit: string };
}

import { shortFunctionName } from '../core/source/functionHeads';

export { shortFunctionName };

/**
 * Builds the anchor of 1-based `line` inside function `profileFunctionName`, checking that
 * the line exists, is not blank, and lies below a head of that function (with no other Go
 * top-level `func` in between). Returns undefined when the source does not match the
 * profile — the caller then hides the lens.
 */
export function createAnchor(text: string, line: number, profileFunctionName: string): Anchor | undefined {
  const lines = text.split(/\r?\n/);
  const index = line - 1;
  if (index < 0 || index >= lines.length) return undefined;
  const lineText = lines[index].trim();
  if (lineText === '') return undefined;
  const functionName = shortFunctionName(profileFunctionName);
  if (functionName === undefined) return { functionName, lineText, offsetFromHead: 0, recordedLine: line };
  const patterns = headPatterns(functionName);
  for (let i = index; i >= 0; i--) {
    if (isHead(lines[i], patterns)) return { functionName, lineText, offsetFromHead: index - i, recordedLine: line };
    if (i < index && GO_TOP_LEVEL_FUNC.test(lines[i])) return undefined;
  }
  return undefined;
}

/**
 * Finds the anchor in the current text: the head of its function nearest to where it was,
 * then the line with the same text nearest to the recorded offset within that function.
 * Returns the 1-based line, or undefined when the function or the line is gone.
 */
export function locateAnchor(text: string, anchor: Anchor): number | undefined {
  return new LocatedText(text).lineOf(anchor);
}

/**
 * Anchor of the head (declaration line) of function `profileFunctionName`, searching upward
 * from 1-based `line` (the profile's start line or its first call-site line). Undefined for
 * anonymous functions and when no head is found.
 */
export function createFunctionAnchor(text: string, line: number, profileFunctionName: string): Anchor | undefined {
  const inner = createAnchor(text, line, profileFunctionName);
  if (!inner || inner.functionName === undefined) return undefined;
  const headIndex = line - 1 - inner.offsetFromHead;
  const lineText = text.split(/\r?\n/)[headIndex].trim();
  return { functionName: inner.functionName, lineText, offsetFromHead: 0, recordedLine: headIndex + 1 };
}
