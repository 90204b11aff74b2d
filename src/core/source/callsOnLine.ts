/**
 * Whether a source line is the call site a profile names: a call of the callee (the frame under
 * the user's frame) or of the next frames by short name, written as a call (`name(`, `name[T](`,
 * `name<T>(`) — `a.db.QueryWithContext(ctx, …` for `(*DynamoDB).QueryWithContext`, `.promise()`
 * for `Request.promise` — or the declaration of the user's function. Textual, so it serves any
 * language the profile names.
 */
import { headPatterns, isHead, shortFunctionName } from './functionHeads';

/** How many frames under the user's frame are looked at (the callee and inlined or adapter frames under it). */
const CALLEES_CHECKED = 3;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True when `lineText` calls one of the frames `chainNames[1…3]` by its short name, or declares
 * the user's function `chainNames[0]` itself (V8 records a caller at its function's start line,
 * so Node call sites sit on declarations; a class's constructor is named after the class); false
 * otherwise, and when the chain names nothing (then nothing proves the line).
 */
export function lineFitsCallSite(lineText: string, chainNames: readonly string[]): boolean {
  const own = chainNames[0] === undefined ? undefined : shortFunctionName(chainNames[0]);
  if (own !== undefined && (isHead(lineText, headPatterns(own)) || /^\s*constructor\s*\(/.test(lineText))) return true;
  for (const name of chainNames.slice(1, 1 + CALLEES_CHECKED)) {
    const short = shortFunctionName(name);
    if (short === undefined) continue;
    if (new RegExp(`(^|[^\\w$])${escapeRegExp(short)}\\s*(\\[[^\\]]*\\]|<[^>]*>)?\\s*\\(`).test(lineText)) return true;
  }
  return false;
}
