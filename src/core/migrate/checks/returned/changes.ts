/**
 * What a use of a returned value gives before (aws-sdk v2) and after (v3 with the options the
 * migration emits), per kind of use. Each sentence was checked against aws-sdk 2.1693.0 and
 * @aws-sdk/util-dynamodb 3.996.9 / lib-dynamodb 3.1169.0 (test/core/migrate/checks/returnedValues.test.ts
 * asserts the values quoted here against the real packages).
 */
import type { ResultOrigin } from '../../program/api';

/** Where binaries come from decides what v3 returns for them. */
function binaryAfter(origin: ResultOrigin): string {
  if (origin.api === 'Converter') return 'the value the AttributeValue held (a Uint8Array from a v3 client, a base64 string from a stream record)';
  return 'a Uint8Array';
}

/** JSON of the values whose serialisation changes (sets, binaries, wrapped numbers). */
export function serialisedChange(origin: ResultOrigin): string {
  const numbers = origin.wrapNumbers ? '; a wrapped number {"value":"12"} where v2 wrote 12' : '';
  const binary = origin.api === 'Converter'
    ? 'a binary as the JSON of the value the AttributeValue held ({"0":104,"1":105} for a Uint8Array, "aGk=" for a stream record) where v2 wrote Buffer JSON {"type":"Buffer","data":[…]}'
    : 'a binary as {"0":104,"1":105} where v2 wrote {"type":"Buffer","data":[104,105]}';
  return `a set (SS/NS/BS) serialises as {} (its members are lost) where v2 wrote an array ["a","b"]; ${binary}${numbers}`;
}

export function loggedChange(origin: ResultOrigin): string {
  return `console output changes: a set prints as Set(2) { 'a', 'b' } where v2 printed DynamoDBSet { wrapperName: 'Set', values: [ 'a', 'b' ], type: 'String' }; a binary as ${origin.api === 'Converter' ? 'the value the AttributeValue held' : "Uint8Array(2) [ 104, 105 ]"} where v2 printed <Buffer 68 69>`;
}

export function setApiChange(member: string): string {
  switch (member) {
    case 'values':
      return 'if this attribute is a set: v2 DynamoDBSet.values was its members array; a v3 Set has values() as a method, so .values is a function and array methods on it throw';
    case 'type':
      return "if this attribute is a set: v2 DynamoDBSet.type was 'String' | 'Number' | 'Binary'; a v3 Set has no .type (undefined)";
    default:
      return "if this attribute is a set: v2 DynamoDBSet.wrapperName was 'Set'; a v3 Set has no .wrapperName (undefined)";
  }
}

export function bufferMethodChange(method: string, origin: ResultOrigin): string {
  const after = binaryAfter(origin);
  if (method === 'toString') return `if this attribute is binary: v2 gave a Buffer, whose toString(encoding) encodes its bytes; v3 gives ${after}, whose toString ignores the encoding ("104,105" for a Uint8Array)`;
  return `if this attribute is binary: v2 gave a Buffer; v3 gives ${after}, which has no .${method}() (TypeError)`;
}

export function isBufferChange(origin: ResultOrigin): string {
  return `if this attribute is binary: Buffer.isBuffer was true for v2's Buffer; v3 gives ${binaryAfter(origin)}, so it is false`;
}

export function instanceofChange(className: string, origin: ResultOrigin): string {
  if (className === 'Set') return 'if this attribute is a set: v2 gave a DynamoDBSet (instanceof Set false); v3 gives a native Set (true)';
  return `if this attribute is binary: v2 gave a Buffer (instanceof Buffer true); v3 gives ${binaryAfter(origin)} (false)`;
}

export const toNumberChange = 'wrapNumbers: v2 NumberValue had toNumber(); v3 NumberValue has no toNumber() (TypeError): Number(x) reads both';

export function exportedChange(fnName: string, lambda: boolean, origin: ResultOrigin, attribute: boolean): string {
  const what = `${attribute ? 'if this attribute is a set or binary: ' : ''}callers of ${fnName} now receive native Sets where v2 gave DynamoDBSets (.values, JSON arrays) and ${binaryAfter(origin)} where v2 gave Buffers${origin.wrapNumbers ? ', and v3 NumberValues (no toNumber())' : ''}`;
  return lambda ? `${what}; the Lambda runtime serialises this result with JSON.stringify, so sets reach the caller as {}` : what;
}
