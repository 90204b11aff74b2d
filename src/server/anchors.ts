/**
 * Keeps lenses on the right line while the user edits: a profile line is remembered as an
 * anchor (the enclosing function's name, the text of the line, its offset from the function
 * head) and found again in the current text. An anchor that cannot be found is hidden,
 * never shown on a guessed line.
 */

/** Where a profile line sits in the source it was loaded against. */
export interface Anchor {
  /** Short name of the enclosing function (`GetUserActivity`); undefined for anonymous functions. */
  readonly functionName: string | undefined;
  /** The line's text, trimmed. */
  readonly lineText: string;
  /** Lines from the function head to the anchored line (0 for the head itself). */
  readonly offsetFromHead: number;
  /** 1-based line the profile recorded. */
  readonly recordedLine: number;
}

/**
 * Short source-level name of a profiled function: `pkg/path.(*T).Method.func1` → `Method`
 * (closures anchor on their enclosing function), `Class.method` → `method`; undefined for
 * anonymous V8 functions and runtime pseudo-frames.
 */
export function shortFunctionName(profileName: string): string | undefined {
  let name = profileName.slice(profileName.lastIndexOf('/') + 1);
  name = name.replace(/\[[^\]]*\]/g, '');
  // Go closures: `.func1`, `.func1.2`, `.gowrap1`; V8 has none of these.
  name = name.replace(/(\.(func|gowrap)\d+(\.\d+)*)+$/, '').replace(/(\.\d+)+$/, '');
  const last = name.slice(name.lastIndexOf('.') + 1).replace(/[()*]/g, '');
  if (!/^[A-Za-z_$][\w$]*$/.test(last) || last === 'anonymous') return undefined;
  return last;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Patterns that declare a function named `name` in Go, JavaScript or TypeScript. */
function headPatterns(name: string): RegExp[] {
  const n = escapeRegExp(name);
  return [
    new RegExp(`^\\s*func\\s*(\\([^)]*\\)\\s*)?${n}\\s*[[(]`),
    new RegExp(`\\bfunction\\s*\\*?\\s*${n}\\s*[<(]`),
    new RegExp(`\\b${n}\\s*[=:]\\s*(async\\s+)?(function\\b|\\([^)]*\\)\\s*(:[^=]+)?=>|[A-Za-z_$][\\w$]*\\s*=>)`),
    new RegExp(`^\\s*((public|private|protected|static|async|override|readonly|get|set)\\s+)*\\*?${n}\\s*(<[^>]*>)?\\(.*\\)\\s*(:\\s*[^{]+)?\\{\\s*$`),
  ];
}

function isHead(line: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(line));
}

/** A Go top-level declaration ends the previous function's body. */
const GO_TOP_LEVEL_FUNC = /^func\b/;

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

function nearest(candidates: readonly number[], target: number): number | undefined {
  let best: number | undefined;
  for (const c of candidates) if (best === undefined || Math.abs(c - target) < Math.abs(best - target)) best = c;
  return best;
}

/**
 * Finds the anchor in the current text: the head of its function nearest to where it was,
 * then the line with the same text nearest to the recorded offset within that function.
 * Returns the 1-based line, or undefined when the function or the line is gone.
 */
export function locateAnchor(text: string, anchor: Anchor): number | undefined {
  const lines = text.split(/\r?\n/);
  const expectedIndex = anchor.recordedLine - 1;
  const sameText = (i: number) => lines[i].trim() === anchor.lineText;
  if (anchor.functionName === undefined) {
    const matches: number[] = [];
    for (let i = 0; i < lines.length; i++) if (sameText(i)) matches.push(i);
    const found = nearest(matches, expectedIndex);
    return found === undefined ? undefined : found + 1;
  }
  const patterns = headPatterns(anchor.functionName);
  const heads: number[] = [];
  for (let i = 0; i < lines.length; i++) if (isHead(lines[i], patterns)) heads.push(i);
  const head = nearest(heads, expectedIndex - anchor.offsetFromHead);
  if (head === undefined) return undefined;
  const target = head + anchor.offsetFromHead;
  if (target < lines.length && sameText(target)) return target + 1;
  const matches: number[] = [];
  for (let i = head; i < lines.length; i++) {
    if (i > head && GO_TOP_LEVEL_FUNC.test(lines[i])) break;
    if (sameText(i)) matches.push(i);
  }
  const found = nearest(matches, target);
  return found === undefined ? undefined : found + 1;
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
