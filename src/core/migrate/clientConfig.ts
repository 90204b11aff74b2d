import ts from 'typescript';

/** A v3 client configuration literal translated from v2 service options, and what was left out. */
export interface TranslatedConfig {
  /** `{ region: …, endpoint: … }` source text (`{}` when nothing carries over). */
  text: string;
  /** v2 option names with no v3 equivalent emitted (reported in a warning). */
  dropped: string[];
}

function keyOf(p: ts.ObjectLiteralElementLike): string | undefined {
  return p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
}

function valueText(p: ts.ObjectLiteralElementLike, sf: ts.SourceFile): string | undefined {
  if (ts.isPropertyAssignment(p)) return p.initializer.getText(sf);
  if (ts.isShorthandPropertyAssignment(p)) return p.name.text;
  return undefined;
}

/** `new AWS.Credentials(x)` → `x`; `new Credentials(id, secret[, token])` → an identity literal. */
function credentialsText(p: ts.ObjectLiteralElementLike, sf: ts.SourceFile): string | undefined {
  if (!ts.isPropertyAssignment(p)) return valueText(p, sf);
  const e = p.initializer;
  if (ts.isNewExpression(e)) {
    const callee = e.expression;
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
    const args = (e.arguments ?? []).map((a) => a.getText(sf));
    if (name === 'Credentials' && args.length === 1) return args[0];
    if (name === 'Credentials' && (args.length === 2 || args.length === 3)) {
      return `{ accessKeyId: ${args[0]}, secretAccessKey: ${args[1]}${args[2] ? `, sessionToken: ${args[2]}` : ''} }`;
    }
    return undefined;
  }
  return e.getText(sf);
}

function requestHandlerText(p: ts.ObjectLiteralElementLike, sf: ts.SourceFile, dropped: string[]): string | undefined {
  if (!ts.isPropertyAssignment(p) || !ts.isObjectLiteralExpression(p.initializer)) return undefined;
  const parts: string[] = [];
  for (const q of p.initializer.properties) {
    const k = keyOf(q);
    const v = valueText(q, sf);
    if (k === 'agent' && v) parts.push(`${/\bhttps\b/.test(v) ? 'httpsAgent' : 'httpAgent'}: ${v}`);
    else if (k === 'timeout' && v) parts.push(`requestTimeout: ${v}`);
    else if (k === 'connectTimeout' && v) parts.push(`connectionTimeout: ${v}`);
    else dropped.push(`httpOptions.${k ?? '?'}`);
  }
  return parts.length ? `{ ${parts.join(', ')} }` : undefined;
}

/**
 * Translates aws-sdk v2 service options (`new AWS.DynamoDB(o)` or the service part of
 * `new DocumentClient(o)`) to a v3 `DynamoDBClientConfig` literal: `region`, `endpoint` and
 * `credentials` carry over (`new AWS.Credentials(x)` unwrapped), `maxRetries: n` becomes
 * `maxAttempts: n + 1` (v3 counts the first attempt), `httpOptions.{agent,timeout,connectTimeout}`
 * become `requestHandler: { httpAgent|httpsAgent, requestTimeout, connectionTimeout }`.
 * Anything else is listed in `dropped` for a warning; `skip` names options handled elsewhere.
 */
export function translateClientConfig(
  props: readonly ts.ObjectLiteralElementLike[],
  sf: ts.SourceFile,
  skip: ReadonlySet<string> = new Set(),
): TranslatedConfig {
  const parts: string[] = [];
  const dropped: string[] = [];
  for (const p of props) {
    const k = keyOf(p);
    if (k && skip.has(k)) continue;
    const v = valueText(p, sf);
    if ((k === 'region' || k === 'endpoint') && v) {
      parts.push(k === v ? k : `${k}: ${v}`);
    } else if (k === 'credentials') {
      const c = credentialsText(p, sf);
      if (c) parts.push(c === 'credentials' ? c : `credentials: ${c}`);
      else dropped.push(k);
    } else if (k === 'maxRetries' && v) {
      const n = Number(v);
      parts.push(`maxAttempts: ${Number.isInteger(n) ? String(n + 1) : `(${v}) + 1`}`);
    } else if (k === 'httpOptions') {
      const h = requestHandlerText(p, sf, dropped);
      if (h) parts.push(`requestHandler: ${h}`);
    } else {
      dropped.push(k ?? p.getText(sf));
    }
  }
  return { text: parts.length ? `{ ${parts.join(', ')} }` : '{}', dropped };
}
