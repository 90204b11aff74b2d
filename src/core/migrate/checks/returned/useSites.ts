import ts from 'typescript';
import type { Reached } from '../flow/valueFlow';
import type { FileTextEdit, ProgramFinding } from '../../program/api';
import {
  bufferMethodChange, instanceofChange, isBufferChange, loggedChange, serialisedChange, setApiChange, toNumberChange,
} from './changes';

/** Methods of Buffer that a Uint8Array (or a string) lacks or runs differently. */
const bufferOnly = new Set([
  'equals', 'compare', 'copy', 'toJSON', 'write', 'swap16', 'swap32', 'swap64',
  'readUInt8', 'readUInt16LE', 'readUInt16BE', 'readUInt32LE', 'readUInt32BE', 'readInt8', 'readInt16LE', 'readInt16BE',
  'readInt32LE', 'readInt32BE', 'readBigUInt64LE', 'readBigUInt64BE', 'readBigInt64LE', 'readBigInt64BE',
  'readFloatLE', 'readFloatBE', 'readDoubleLE', 'readDoubleBE', 'readUIntLE', 'readUIntBE', 'readIntLE', 'readIntBE',
]);
const encodings = new Set(['base64', 'base64url', 'hex', 'utf8', 'utf-8', 'latin1', 'binary', 'ascii', 'ucs2', 'utf16le']);
const logMethods = new Set(['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'fatal']);
const responders = /^(res|resp|response|reply|ctx|h)$/;

/** The keep-v2-JSON replacer offered for `JSON.stringify` (sets as arrays, binaries as Buffer JSON). */
export const v2JsonReplacer = '(_key, value) => (value instanceof Set ? Array.from(value) : value instanceof Uint8Array ? Buffer.from(value).toJSON() : value)';

function rootName(e: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : e.kind === ts.SyntaxKind.ThisKeyword ? 'this' : undefined;
}

/**
 * The uses of a reached value whose result changes after the migration: serialisation
 * (`JSON.stringify`, HTTP responses, JSON loggers), console output, v2 DynamoDBSet members
 * (`.values`, `.type`, `.wrapperName`), Buffer-only methods and `Buffer.isBuffer`, `instanceof`,
 * and v2 NumberValue `.toNumber()`. Each finding is at the use, with the value before and after
 * and, where a small edit keeps v2's result there, that edit.
 */
export function useSiteFindings(r: Reached): ProgramFinding[] {
  const { node, shape, origin } = r;
  const sf = node.getSourceFile();
  const p = node.parent;
  const out: ProgramFinding[] = [];
  const add = (at: ts.Node, code: ProgramFinding['code'], severity: ProgramFinding['severity'], message: string, fix?: { title: string; edits: Array<Omit<FileTextEdit, 'fileName'>> }) => {
    out.push({
      fileName: sf.fileName, start: at.getStart(sf), end: at.end, code, severity, message,
      ...(fix ? { fix: { title: fix.title, edits: fix.edits.map((e) => ({ ...e, fileName: sf.fileName })) } } : {}),
    });
  };
  const text = node.getText(sf);
  if (ts.isCallExpression(p) && p.arguments[0] === node && ts.isPropertyAccessExpression(p.expression)) {
    const owner = rootName(p.expression.expression);
    const method = p.expression.name.text;
    const direct = ts.isIdentifier(p.expression.expression) ? p.expression.expression.text : undefined;
    if (direct === 'JSON' && method === 'stringify') {
      const replacer = p.arguments[1];
      const free = !replacer || replacer.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(replacer) && replacer.text === 'undefined');
      const edits = !free ? undefined : replacer
        ? [{ start: replacer.getStart(sf), end: replacer.end, newText: v2JsonReplacer }]
        : [{ start: node.end, end: node.end, newText: `, ${v2JsonReplacer}` }];
      add(p, 'v3-result-serialised', 'warning', `JSON.stringify(${text}): ${serialisedChange(origin)}`,
        edits ? { title: 'Keep v2\'s JSON here: sets as arrays, binaries as Buffer JSON', edits } : undefined);
    } else if (owner === 'console' && logMethods.has(method)) {
      add(p, 'v3-result-serialised', 'information', `${p.expression.getText(sf)}(${text}): ${loggedChange(origin)}`);
    } else if (owner && /log(ger)?$/i.test(owner) && logMethods.has(method)) {
      add(p, 'v3-result-serialised', 'warning', `${p.expression.getText(sf)}(${text}): a logger that writes JSON: ${serialisedChange(origin)}`);
    } else if (owner && responders.test(owner) && (method === 'json' || method === 'send' || method === 'jsonp')) {
      add(p, 'v3-result-serialised', 'warning', `${p.expression.getText(sf)}(${text}) sends JSON: ${serialisedChange(origin)}`);
    } else if (direct === 'Buffer' && method === 'isBuffer' && shape.k === 'attr') {
      add(p, 'v3-binary-buffer', 'warning', `Buffer.isBuffer(${text}): ${isBufferChange(origin)}`,
        origin.api === 'Converter' ? undefined : { title: 'Test for Uint8Array (true for v2 Buffers and v3 binaries)', edits: [{ start: p.getStart(sf), end: p.end, newText: `${text} instanceof Uint8Array` }] });
    }
  }
  if (shape.k === 'attr' && ts.isPropertyAccessExpression(p) && p.expression === node) {
    const member = p.name.text;
    const called = ts.isCallExpression(p.parent) && p.parent.expression === p ? p.parent : undefined;
    if (!called && (member === 'values' || member === 'type' || member === 'wrapperName')) {
      add(p, 'v3-set-values', 'warning', `${p.getText(sf)}: ${setApiChange(member)}`, setApiFix(sf, p, text, member));
    }
    if (called && (bufferOnly.has(member) || (member === 'toString' && called.arguments[0] && ts.isStringLiteralLike(called.arguments[0]) && encodings.has(called.arguments[0].text)))) {
      add(called, 'v3-binary-buffer', 'warning', `${called.getText(sf)}: ${bufferMethodChange(member, origin)}`,
        { title: 'Read it through Buffer.from(…) (same bytes for v2 and v3 values)', edits: [{ start: node.getStart(sf), end: node.end, newText: `Buffer.from(${text})` }] });
    }
    if (called && member === 'toNumber' && called.arguments.length === 0 && origin.wrapNumbers) {
      add(called, 'v3-wrap-numbers-class', 'warning', `${called.getText(sf)}: ${toNumberChange}`,
        { title: 'Use Number(…)', edits: [{ start: called.getStart(sf), end: called.end, newText: `Number(${text})` }] });
    }
  }
  if (shape.k === 'attr' && ts.isBinaryExpression(p) && p.left === node && p.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
    const cls = p.right.getText(sf);
    if (cls === 'Buffer' || cls === 'Set') {
      const fix = cls === 'Buffer' && origin.api !== 'Converter'
        ? { title: 'Test for Uint8Array (true for v2 Buffers and v3 binaries)', edits: [{ start: p.right.getStart(sf), end: p.right.end, newText: 'Uint8Array' }] }
        : undefined;
      add(p, cls === 'Set' ? 'v3-set-values' : 'v3-binary-buffer', 'warning', `${p.getText(sf)}: ${instanceofChange(cls, origin)}`, fix);
    }
  }
  return out;
}

function setApiFix(sf: ts.SourceFile, p: ts.PropertyAccessExpression, text: string, member: string): { title: string; edits: Array<Omit<FileTextEdit, 'fileName'>> } | undefined {
  if (member === 'values') return { title: 'Read the set\'s members with Array.from(…)', edits: [{ start: p.getStart(sf), end: p.end, newText: `Array.from(${text})` }] };
  const cmp = p.parent;
  if (member === 'wrapperName' && ts.isBinaryExpression(cmp) && ts.isStringLiteralLike(cmp.right) && cmp.right.text === 'Set' &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(cmp.operatorToken.kind)) {
    return { title: 'Test instanceof Set', edits: [{ start: cmp.getStart(sf), end: cmp.end, newText: `${text} instanceof Set` }] };
  }
  return undefined;
}
