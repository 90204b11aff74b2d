/**
 * The position-bearing forms of folded frame names (see `foldedFrameName.ts`), matched in one
 * pass over the name. They were regular expressions with lazy groups before whitespace and file
 * parts (`^(?:JS|…):([~*^+]?)(.*?)\s*(\S+?):(\d+)(?::(\d+))?$` and two like it), whose
 * backtracking costs grew with the cube of a name's length on names that almost match: one line
 * of four 16 KB names took 1.2 s, a 200 KB name minutes (issue 25). Each function here returns
 * what its expression captured, the same choice among possible splits (shortest name, then
 * shortest file); a differential property test holds them to the expressions.
 */

/** The parts of a name matched by one of the forms; `column` undefined when the name has none. */
export interface NameParts {
  readonly name: string;
  readonly file: string;
  readonly line: string;
  readonly column: string | undefined;
}

/** What `\s` matches in a JavaScript regular expression. */
function isSpace(c: number): boolean {
  return (
    c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** What `.` does not match: line terminators. */
function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

function hasLineTerminator(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (isLineTerminator(text.charCodeAt(i))) return true;
  return false;
}

/** Start of the digits ending at `to` (== `to` when there are none). */
function digitsBefore(text: string, to: number, from: number): number {
  let i = to;
  while (i > from && isDigit(text.charCodeAt(i - 1))) i--;
  return i;
}

/**
 * `text[from, to)` split as `(file):(\d+)(?::(\d+))?` with the shortest non-empty file the
 * lazy `file` group takes, or undefined.
 */
function fileAndPosition(text: string, from: number, to: number): { file: string; line: string; column: string | undefined } | undefined {
  const last = digitsBefore(text, to, from);
  if (last === to || last - 1 < from || text.charCodeAt(last - 1) !== 0x3a) return undefined;
  const lastColon = last - 1;
  const previous = digitsBefore(text, lastColon, from);
  const previousColon = previous - 1;
  if (previous < lastColon && previousColon > from && text.charCodeAt(previousColon) === 0x3a) {
    return { file: text.slice(from, previousColon), line: text.slice(previous, lastColon), column: text.slice(last, to) };
  }
  if (lastColon > from) return { file: text.slice(from, lastColon), line: text.slice(last, to), column: undefined };
  return undefined;
}

/**
 * `text[from…]` as `(.*?)\s*(\S+?):(\d+)(?::(\d+))?$` (`spaceRequired`: `\s+` instead of `\s*`).
 * The file and position cannot hold whitespace, so they are what follows the last run of it.
 */
function nameThenFile(text: string, from: number, spaceRequired: boolean): NameParts | undefined {
  const end = text.length;
  let runEnd = end;
  while (runEnd > from && !isSpace(text.charCodeAt(runEnd - 1))) runEnd--;
  let runStart = runEnd;
  while (runStart > from && isSpace(text.charCodeAt(runStart - 1))) runStart--;
  if (runEnd === from) runStart = from; // no whitespace: the name is empty
  else if (runEnd === end) return undefined; // whitespace at the end: no file after it
  if (spaceRequired && runStart === runEnd) return undefined;
  if (hasLineTerminator(text, from, runStart)) return undefined;
  const rest = fileAndPosition(text, runEnd, end);
  return rest && { name: text.slice(from, runStart), ...rest };
}

const V8_KINDS = ['JS:', 'LazyCompile:', 'Function:', 'Script:', 'Eval:'];
const isTier = (c: number): boolean => c === 0x7e || c === 0x2a || c === 0x5e || c === 0x2b; // ~ * ^ +

/** `^(?:(?:JS|LazyCompile|Function|Script|Eval):)([~*^+]?)(.*?)\s*(\S+?):(\d+)(?::(\d+))?$`; the tier marker is not returned. */
export function matchV8Name(text: string): NameParts | undefined {
  const kind = V8_KINDS.find((k) => text.startsWith(k));
  if (kind === undefined) return undefined;
  const at = kind.length;
  // The tier marker is taken when the rest then matches; without it, the name may start with it.
  if (at < text.length && isTier(text.charCodeAt(at))) return nameThenFile(text, at + 1, false) ?? nameThenFile(text, at, false);
  return nameThenFile(text, at, false);
}

/** `^([~*^+]?)(.*?)\s+(\S+?):(\d+)(?::(\d+))?$`; the tier marker is not returned. */
export function matchBareV8Name(text: string): NameParts | undefined {
  return nameThenFile(text, text.length > 0 && isTier(text.charCodeAt(0)) ? 1 : 0, true);
}

/** `^(.*?)\s*\(([^()\s][^()]*?):(\d+)(?::(\d+))?\)$`: the last `(` opens the position. */
export function matchStackTraceName(text: string): NameParts | undefined {
  const close = text.length - 1;
  if (close < 0 || text.charCodeAt(close) !== 0x29) return undefined;
  const open = text.lastIndexOf('(', close - 1);
  if (open < 0 || text.indexOf(')', open) !== close) return undefined;
  const first = open + 1;
  if (first >= close || isSpace(text.charCodeAt(first))) return undefined;
  const rest = fileAndPosition(text, first, close);
  if (!rest) return undefined;
  let nameEnd = open;
  while (nameEnd > 0 && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd--;
  if (hasLineTerminator(text, 0, nameEnd)) return undefined;
  return { name: text.slice(0, nameEnd), ...rest };
}

/** `text` without the trailing stackcollapse-perf.pl annotations `_[k]`, `_[j]`, `_[i]`, `_[w]`, `_[u]`, and the letters removed, last first. */
export function withoutAnnotations(text: string): { name: string; letters: string } {
  let end = text.length;
  let letters = '';
  while (end >= 4 && text.charCodeAt(end - 1) === 0x5d && text.charCodeAt(end - 3) === 0x5b && text.charCodeAt(end - 4) === 0x5f && 'kjiwu'.includes(text[end - 2]!)) {
    letters += text[end - 2];
    end -= 4;
  }
  return { name: text.slice(0, end), letters };
}
