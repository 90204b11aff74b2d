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
 * True when `lineText` calls the DynamoDB API (an operation, a DocumentClient data method,
 * `send`/`promise`, an item marshaller: recorded call sites sit on such lines while their chain
 * continues in an async callback), calls one of the frames `chainNames[1…3]` by its short name,
 * or declares the user's function `chainNames[0]` itself (V8 records a caller at its function's start line,
 * so Node call sites sit on declarations; a class's constructor is named after the class; an
 * anonymous function's line is one where a function starts); false
 * otherwise, and when the chain names nothing (then nothing proves the line).
 */
export function lineFitsCallSite(lineText: string, chainNames: readonly string[]): boolean {
  if (SDK_CALL.test(lineText)) return true;
  const own = chainNames[0] === undefined ? undefined : shortFunctionName(chainNames[0]);
  if (own !== undefined && (isHead(lineText, headPatterns(own)) || /^\s*constructor\s*\(/.test(lineText))) return true;
  // An anonymous function is recorded at the line it starts on.
  if (chainNames[0] !== undefined && own === undefined && /=>|\bfunction\s*\*?\s*\(/.test(lineText)) return true;
  for (const name of chainNames.slice(1, 1 + CALLEES_CHECKED)) {
    const short = shortFunctionName(name);
    if (short === undefined) continue;
    if (new RegExp(`(^|[^\\w$])${escapeRegExp(short)}\\s*(\\[[^\\]]*\\]|<[^>]*>)?\\s*\\(`).test(lineText)) return true;
  }
  return false;
}
