/**
 * Text from outside (function and file names of a profile, a server's error body, bytes quoted by
 * a parse error, names in a workspace's code) made safe for the place it is shown: one function
 * for every sink, so that a profile cannot clear a terminal, set its title, add a hyperlink,
 * overwrite a line with a carriage return, reorder a line with a bidi override, or add a link or
 * an image to a hover.
 *
 * Escaped (shown as `\xHH` or `\uHHHH`, so the text stays readable and nothing is lost): C0
 * controls (U+0000–U+001F) but for the line breaks and tabs of multi-line text, DEL, C1 controls
 * (U+0080–U+009F, which some terminals act on as ESC sequences), the bidi controls of Unicode
 * TR 9 (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line and paragraph
 * separators U+2028/U+2029.
 */

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

function escapeCode(code: number): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  if (code === 0x1b) return '\\e';
  return code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/** Every character {@link displayText} escapes in single-line text. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same without `\n` and `\t` (multi-line text keeps its lines; a `\r` is kept only before `\n`). */
const UNSAFE_MULTILINE = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with the characters of the file comment escaped. Single-line (default) escapes line
 * breaks and tabs too: a name cannot start a line of its own; `multiline` keeps `\n`, `\r\n` and
 * `\t` (text that is ours to lay out, with outside pieces in it).
 */
export function displayText(text: string, options: { readonly multiline?: boolean } = {}): string {
  const pattern = options.multiline ? UNSAFE_MULTILINE : UNSAFE;
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return text;
  return text.replace(pattern, (c) => escapeCode(c.charCodeAt(0)));
}

/** `text` cut to `max` characters (an ellipsis marks the cut), then escaped: a server's error body, a quoted input. */
export function shortDisplayText(text: string, max = 300): string {
  return displayText(text.length > max ? `${text.slice(0, max)}…` : text);
}

/**
 * The ASCII punctuation that can make markdown inside a line: links and images (`[`, `]`, `!`),
 * HTML and autolinks (`<`, `>`), entities (`&`: `&#x202e;` is a bidi override), code spans,
 * emphasis, strikethrough, table cells, and the backslash itself. Marks that act only at the
 * start of a line (`#`, `-`, `+`, `.` of a list) are left: these texts are never a line's start.
 */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>!&~|]/g;

/** `text` as literal markdown text: escaped for display, then the marks of {@link MARKDOWN_SPECIAL} backslash-escaped. */
export function markdownText(text: string): string {
  return displayText(text).replace(MARKDOWN_SPECIAL, '\\$&');
}

/**
 * `text` as a markdown code span (literal, in a monospace font): a run of backticks longer than
 * any in the text delimits it (CommonMark), padded with spaces when the text starts or ends with
 * one; `|` is escaped, as a GFM table cell needs even inside a code span.
 */
export function markdownCode(text: string): string {
  const safe = displayText(text).replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(safe.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = safe.startsWith('`') || safe.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${safe}${pad}${fence}`;
}

/**
 * `text` for a VS Code notification: escaped for display, and `](` broken apart, since a
 * notification turns `[label](target)` into a link (or a command).
 */
export function notificationText(text: string): string {
  return displayText(text).replace(/\]\(/g, '] (');
}
