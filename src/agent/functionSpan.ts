/**
 * The lines of the function a call site is in, so that the migration findings of that function
 * (and only those) travel with the call site. JavaScript and TypeScript are parsed with the
 * TypeScript compiler (a profile's call site may be the function's first line: V8 reports a
 * frame's function start); Go by its layout, which gofmt fixes: a top-level `func` line down to
 * the next line that is a lone `}`.
 */
import ts from 'typescript';

/** 1-based first and last line. */
export interface LineSpan {
  readonly startLine: number;
  readonly endLine: number;
}

function goSpan(lines: readonly string[], line: number): LineSpan | undefined {
  let start = line - 1;
  while (start >= 0 && !/^func\b/.test(lines[start]!)) {
    if (start < line - 1 && /^\}/.test(lines[start]!)) return undefined;
    start--;
  }
  if (start < 0) return undefined;
  let end = start;
  while (end < lines.length && !/^\}\s*$/.test(lines[end]!)) end++;
  return end < lines.length && end + 1 >= line ? { startLine: start + 1, endLine: end + 1 } : undefined;
}

function scriptSpan(file: ts.SourceFile, text: string, line: number): LineSpan | undefined {
  const lineStarts = file.getLineStarts();
  if (line < 1 || line > lineStarts.length) return undefined;
  const lineStart = lineStarts[line - 1]!;
  const lineEnd = line < lineStarts.length ? lineStarts[line]! : text.length;
  const firstToken = lineStart + (/^[ \t]*/.exec(text.slice(lineStart, lineEnd))?.[0].length ?? 0);
  // The function declared on the line (V8's frame line is the function's first), else the innermost
  // one around the line, else the first one starting on it (`const f = async () => {`).
  let declared: ts.Node | undefined;
  let around: ts.Node | undefined;
  let startingOn: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    const start = node.getStart(file);
    if (node.end < lineStart || start >= lineEnd) return;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      if (start === firstToken) declared ??= node;
      else if (start < lineStart) around = node;
      else startingOn ??= node;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const best = declared ?? around ?? startingOn;
  if (!best) return undefined;
  return { startLine: file.getLineAndCharacterOfPosition(best.getStart(file)).line + 1, endLine: file.getLineAndCharacterOfPosition(best.end).line + 1 };
}

/**
 * For the file `fileName` holding `text` (parsed once): the span of the function declared on a
 * 1-based line, else of the innermost function around it; undefined at top level.
 */
export function functionSpans(text: string, fileName: string): (line: number) => LineSpan | undefined {
  if (fileName.endsWith('.go')) {
    const lines = text.split(/\r?\n/);
    return (line) => goSpan(lines, line);
  }
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  return (line) => scriptSpan(file, text, line);
}
