/**
 * Whether a source line is the call site a profile names: a call of the callee (the frame under
 * the user's frame) or of the next frames by short name, written as a call (`name(`, `name[T](`,
 * `name<T>(`) — `a.db.QueryWithContext(ctx, …` for `(*DynamoDB).QueryWithContext`, `.promise()`
 * for `Request.promise` — or the declaration of the user's function. Textual, so it serves any
 * language the profile names.
 */
import { headPatterns, isHead, shortFunctionName } from './functionHeads';
// DocumentClient's data methods and the operations: plain data, not the migration engine's (which loads the TypeScript compiler).
import { DOCUMENT_CLIENT_METHODS, OPERATIONS } from './dynamoOperations';

/** Item (un)marshalling helpers of the SDKs: v2 Converter, v3 util-dynamodb, Go dynamodbattribute / attributevalue. */
const MARSHALLERS = ['marshall', 'unmarshall', 'Converter\\.(input|output|marshall|unmarshall)', '(dynamodbattribute|attributevalue)\\.(Marshal|MarshalMap|MarshalList|Unmarshal|UnmarshalMap|UnmarshalList|UnmarshalListOfMaps)'];
const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);
/**
 * A call of the DynamoDB API on a line: an operation method (`.query(`, `.QueryWithContext(`,
 * `new QueryCommand(`), DocumentClient's data methods (`.get(`…), v3's `.send(`, v2's
 * `.promise(`, or an item marshaller (`unmarshall(`, `attributevalue.UnmarshalMap(`).
 */
const SDK_CALL = new RegExp(
  `\\.(${[...OPERATIONS.flatMap((op) => [op, `${op}WithContext`, lowerFirst(op)]), ...DOCUMENT_CLIENT_METHODS, 'send', 'promise'].join('|')})\\s*\\(|\\b(${OPERATIONS.join('|')})Command\\s*\\(|\\b(${MARSHALLERS.join('|')})\\s*\\(`,
);

/** How many frames under the user's frame are looked at (the callee and inlined or adapter frames under it). */
const CALLEES_CHECKED = 3;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * How `lineText` fits a call site whose chain names `chainNames` (the user's frame first), most
 * telling first: `declaration` when it declares the user's function `chainNames[0]` itself (V8
 * records a caller at its function's start line, so Node call sites sit on declarations; a class's
 * constructor is named after the class); `callee` when it calls one of the frames
 * `chainNames[1…3]` by its short name; `function-start` when the user's function is anonymous and
 * a function starts on the line; `sdk` when it only calls the DynamoDB API (an operation, a
 * DocumentClient data method, `send`/`promise`, an item marshaller: recorded call sites sit on
 * such lines while their chain continues in an async callback); undefined otherwise, and when the
 * chain names nothing (then nothing proves the line).
 */
export function callSiteFit(lineText: string, chainNames: readonly string[]): 'declaration' | 'callee' | 'function-start' | 'sdk' | undefined {
  const own = chainNames[0] === undefined ? undefined : shortFunctionName(chainNames[0]);
  if (own !== undefined && (isHead(lineText, headPatterns(own)) || /^\s*constructor\s*\(/.test(lineText))) return 'declaration';
  for (const name of chainNames.slice(1, 1 + CALLEES_CHECKED)) {
    const short = shortFunctionName(name);
    if (short === undefined) continue;
    if (new RegExp(`(^|[^\\w$])${escapeRegExp(short)}\\s*(\\[[^\\]]*\\]|<[^>]*>)?\\s*\\(`).test(lineText)) return 'callee';
  }
  // An anonymous function is recorded at the line it starts on.
  if (chainNames[0] !== undefined && own === undefined && /=>|\bfunction\s*\*?\s*\(/.test(lineText)) return 'function-start';
  return SDK_CALL.test(lineText) ? 'sdk' : undefined;
}

/** True when `lineText` fits the call site at all ({@link callSiteFit}). */
export function lineFitsCallSite(lineText: string, chainNames: readonly string[]): boolean {
  return callSiteFit(lineText, chainNames) !== undefined;
}

/** The DynamoDB API calls on a line as written (`.query(`, `QueryCommand(`, `unmarshall(`), whitespace dropped: what two versions of a line must share to make the same call. */
export function sdkCallsOn(lineText: string): string[] {
  return [...lineText.matchAll(new RegExp(SDK_CALL.source, 'g'))].map((m) => m[0].replace(/\s+/g, ''));
}
