/**
 * Which DynamoDB operations the code at a call site runs, read from its text: the statement a
 * line starts, or the whole body when the line declares a function (V8 records a caller at its
 * function's first line). Textual, for Go, JavaScript and TypeScript alike; no compiler.
 */
import { DOCUMENT_CLIENT_METHODS, OPERATIONS, operationNamed, type DynamoOperation } from './dynamoOperations';

/** The operations a piece of code calls, and whether it passes `ReturnValues` (writes then return items). */
export interface CodeOperations {
  readonly operations: ReadonlySet<DynamoOperation>;
  readonly withReturnValues: boolean;
}

/** Longest first, so `BatchGetItem` wins over `GetItem` where both could match. */
const STEMS = [...OPERATIONS, ...DOCUMENT_CLIENT_METHODS.map((m) => m[0]!.toUpperCase() + m.slice(1))].sort((a, b) => b.length - a.length);
const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);
/**
 * A call that names its operation: a method (`.query(`, `.putItem(`, `.QueryWithContext(`,
 * `.ScanPages(`, `.batchWrite(`, `.get(` unless its argument is a string or a number), a v3 command (`new QueryCommand(`, an alias ending in it:
 * `RawQueryCommand(`), or a paginator (`paginateQuery(`, `dynamodb.NewScanPaginator(`).
 */
const CALL = new RegExp(
  [
    `\\.\\s*(${[...OPERATIONS, ...OPERATIONS.map(lowerFirst)].join('|')})(?:WithContext|Pages|PagesWithContext|Request)?\\s*\\(`,
    // `.get(`, `.delete(`… are common method names (URLSearchParams, Map): a string or number argument is no request.
    `\\.\\s*(${DOCUMENT_CLIENT_METHODS.join('|')})\\s*\\((?!\\s*['"\`\\d])`,
    `(${STEMS.join('|')})Command\\s*\\(`,
    `(?:paginate|New)(${STEMS.join('|')})(?:Paginator)?\\s*\\(`,
  ].join('|'),
  'g',
);
const RETURN_VALUES = /\bReturnValues\b(?!\s*[:=]\s*['"`]?NONE\b)/;

/** The operations `code` calls ({@link CALL}) and whether it passes `ReturnValues` other than `NONE`. */
export function operationsInCode(code: string): CodeOperations {
  const operations = new Set<DynamoOperation>();
  for (const m of code.matchAll(CALL)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4]!;
    const op = operationNamed(name) ?? operationNamed(lowerFirst(name));
    if (op) operations.add(op);
  }
  return { operations, withReturnValues: RETURN_VALUES.test(code) };
}

/** Lines read at most from a call site (a long function body). */
const MAX_LINES = 400;

/**
 * The code that starts at 1-based `line` of `text`: lines up to the one where the brackets
 * opened on or after it close again (a multi-line call, or a function body whose head is on
 * `line`), else the line alone. Strings and comments are skipped when counting brackets
 * (roughly: no template-literal nesting, no regular-expression literals). Empty when `line` is
 * outside the text.
 */
export function codeStartingAt(text: string, line: number): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  let depth = 0;
  let opened = false;
  let quote = '';
  let blockComment = false;
  const last = Math.min(lines.length, line - 1 + MAX_LINES);
  for (let i = line - 1; i < last; i++) {
    const l = lines[i]!;
    for (let c = 0; c < l.length; c++) {
      const ch = l[c]!;
      if (blockComment) {
        if (ch === '*' && l[c + 1] === '/') (blockComment = false), c++;
      } else if (quote) {
        if (ch === '\\') c++;
        else if (ch === quote) quote = '';
      } else if (ch === '/' && l[c + 1] === '/') break;
      else if (ch === '/' && l[c + 1] === '*') (blockComment = true), c++;
      else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if (ch === '(' || ch === '[' || ch === '{') (depth++, (opened = true));
      else if (ch === ')' || ch === ']' || ch === '}') depth--;
    }
    if (quote !== '`') quote = '';
    if (!opened || depth <= 0) return lines.slice(line - 1, i + 1).join('\n');
  }
  return lines.slice(line - 1, last).join('\n');
}
