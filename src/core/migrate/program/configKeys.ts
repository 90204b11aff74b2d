import ts from 'typescript';
import type { OptionEntry } from './optionEntries';

/** v3 client configuration translated from v2 options: `key → value text`, and what could not be carried. */
export interface TranslatedOptions {
  /** v3 configuration members (`region` → `'eu-west-1'`), in the order first set. */
  members: Map<string, string>;
  notes: Array<{ severity: 'warning' | 'information'; message: string }>;
  /** Options the v3 client would need but the tool cannot write: the client stays v2. */
  blockers: string[];
}

/** v2 options with the same meaning and name in v3's DynamoDBClientConfig. */
const sameName = new Set(['region', 'endpoint', 'systemClockOffset', 'useFipsEndpoint', 'endpointDiscoveryEnabled', 'customUserAgent']);
/** v2 options that need nothing in v3 (API version pinning, signing, S3-only or browser-only switches). */
const needless = new Set(['apiVersion', 'apiVersions', 'signatureVersion', 's3ForcePathStyle', 's3BucketEndpoint', 's3DisableBodySigning', 's3UsEast1RegionalEndpoint', 's3UseArnRegion', 'computeChecksums', 'hostPrefixEnabled', 'stsRegionalEndpoints', 'useAccelerateEndpoint', 'dynamoDbCrc32']);
const literalTrue = (e: OptionEntry) => e.node?.kind === ts.SyntaxKind.TrueKeyword;
const literalFalse = (e: OptionEntry) => e.node?.kind === ts.SyntaxKind.FalseKeyword;

/**
 * Translates v2 service options (from `new AWS.DynamoDB(o)`, a DocumentClient's own options or
 * `AWS.config`) into v3 `DynamoDBClientConfig` members, per aws-sdk v2's `ConfigurationOptions`
 * and v3's client config: `maxRetries: n` → `maxAttempts: n + 1` (v3 counts the first attempt);
 * `httpOptions.{agent,timeout,connectTimeout}` → `requestHandler: { httpAgent|httpsAgent,
 * requestTimeout, connectionTimeout }`; `new AWS.Credentials(…)` / top-level access keys →
 * `credentials`; `new AWS.Endpoint(url)` → the URL; `sslEnabled: false` → `tls: false`;
 * `useDualstack` → `useDualstackEndpoint`. Options with no v3 equivalent are reported (warning),
 * options v3 needs no twin for are noted, and values the tool cannot write block the client.
 */
export function translateOptions(entries: readonly OptionEntry[], where: string): TranslatedOptions {
  const out: TranslatedOptions = { members: new Map(), notes: [], blockers: [] };
  const keys = new Map(entries.map((e) => [e.key, e]));
  const warn = (message: string) => out.notes.push({ severity: 'warning', message: `${where}: ${message}` });
  for (const e of entries) {
    const k = e.key;
    if (sameName.has(k)) out.members.set(k, k === 'endpoint' ? endpointText(e) : e.text);
    else if (k === 'useDualstack' || k === 'useDualstackEndpoint') out.members.set('useDualstackEndpoint', e.text);
    else if (k === 'credentials') credentials(e, out, where);
    else if (k === 'accessKeyId' || k === 'secretAccessKey' || k === 'sessionToken') continue;
    else if (k === 'maxRetries') out.members.set('maxAttempts', /^\d+$/.test(e.text) ? String(Number(e.text) + 1) : `(${e.text}) + 1`);
    else if (k === 'httpOptions') httpOptions(e, out, where);
    else if (k === 'sslEnabled') {
      if (literalFalse(e)) out.members.set('tls', 'false');
      else if (!literalTrue(e)) out.members.set('tls', e.text);
    } else if (k === 'logger') {
      if (e.text === 'console' || e.text === 'global.console') out.members.set('logger', e.text);
      else warn(`logger ${e.text}: v2 called its log()/write(), v3 calls debug/info/warn/error: not carried over`);
    } else if (k === 'paramValidation') {
      if (!literalFalse(e)) out.notes.push({ severity: 'information', message: `${where}: paramValidation: v3 has no client-side validation; DynamoDB answers invalid input with ValidationException` });
    } else if (k === 'convertResponseTypes' || k === 'correctClockSkew') {
      if (!literalTrue(e)) warn(`${k}: ${e.text}: v3 always ${k === 'correctClockSkew' ? 'corrects clock skew' : 'converts response types'}; there is no way to turn it off`);
    } else if (needless.has(k)) {
      continue;
    } else {
      warn(`${k}: no v3 equivalent, not carried over`);
    }
  }
  const id = keys.get('accessKeyId');
  const secret = keys.get('secretAccessKey');
  if (id && secret && !out.members.has('credentials')) {
    const token = keys.get('sessionToken');
    out.members.set('credentials', `{ accessKeyId: ${id.text}, secretAccessKey: ${secret.text}${token ? `, sessionToken: ${token.text}` : ''} }`);
  }
  return out;
}

/** `new AWS.Endpoint('http://…')` → its URL; anything else as written. */
function endpointText(e: OptionEntry): string {
  const n = e.node;
  if (n && ts.isNewExpression(n) && /(^|\.)Endpoint$/.test(n.expression.getText()) && n.arguments?.length === 1) return n.arguments[0]!.getText();
  return e.text;
}

function credentials(e: OptionEntry, out: TranslatedOptions, where: string): void {
  const n = e.node;
  if (n && ts.isNewExpression(n)) {
    const cls = n.expression.getText().replace(/^.*\./, '');
    const args = (n.arguments ?? []).map((a) => a.getText());
    if (cls === 'Credentials' && args.length === 1) out.members.set('credentials', args[0]!);
    else if (cls === 'Credentials' && (args.length === 2 || args.length === 3)) {
      out.members.set('credentials', `{ accessKeyId: ${args[0]}, secretAccessKey: ${args[1]}${args[2] ? `, sessionToken: ${args[2]}` : ''} }`);
    } else {
      out.blockers.push(`${where}: credentials: new ${cls}(…) has a v3 twin in @aws-sdk/credential-providers (fromIni, fromEnv…), which the tool does not write: port it by hand`);
    }
    return;
  }
  out.members.set('credentials', e.text);
}

/** v2 used one agent for every request; v3 picks httpAgent or httpsAgent by the endpoint's protocol. */
function agentMembers(q: OptionEntry): string {
  const written = q.node?.getText() ?? q.text;
  if (/\bhttps\.Agent\b/.test(written)) return `httpsAgent: ${q.text}`;
  if (/\bhttp\.Agent\b/.test(written)) return `httpAgent: ${q.text}`;
  return `httpAgent: ${q.text}, httpsAgent: ${q.text}`;
}

function httpOptions(e: OptionEntry, out: TranslatedOptions, where: string): void {
  if (!e.nested) {
    out.blockers.push(`${where}: httpOptions ${e.text} is not an object the tool can read: its agent and timeouts would be lost`);
    return;
  }
  const parts: string[] = [];
  for (const q of e.nested) {
    if (q.key === 'agent') parts.push(agentMembers(q));
    else if (q.key === 'timeout') parts.push(`requestTimeout: ${q.text}`);
    else if (q.key === 'connectTimeout') parts.push(`connectionTimeout: ${q.text}`);
    else if (q.key === 'xhrAsync' || q.key === 'xhrWithCredentials') continue;
    else out.blockers.push(`${where}: httpOptions.${q.key} has no v3 equivalent (v3 takes an agent in requestHandler): port it by hand`);
  }
  if (parts.length) out.members.set('requestHandler', `{ ${parts.join(', ')} }`);
}
