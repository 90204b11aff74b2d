import { normalizeEdits } from '../textEdits';
import type { MigrationFinding, MigrationResult, TextEdit } from '../types';
import { goImports, tokenizeGo, type GoImport, type GoToken } from './goTokens';

const V1_ATTR = 'github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute';
const V2_ATTR = 'github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue';
const V1_DYNAMODB = 'github.com/aws/aws-sdk-go/service/dynamodb';
const GUREGU_V1 = 'github.com/guregu/dynamo';
const GUREGU_V2 = 'github.com/guregu/dynamo/v2';

/** dynamodbattribute functions with no attributevalue twin (v1's JSON-style converters). */
const noTwin = new Set(['ConvertTo', 'ConvertFrom', 'ConvertToMap', 'ConvertFromMap', 'ConvertToList', 'ConvertFromList']);
/** guregu/dynamo methods whose v1 `…WithContext` twin became the only form (ctx first) in v2. */
const ctxExecutors = new Set(['All', 'One', 'Run', 'Count', 'Next', 'AllWithLastEvaluatedKey', 'AllWithNextKey', 'Scan', 'Iter']);
/** Builder methods that mark a guregu/dynamo call chain (for `.Run()` / `.Count()` without ctx). */
const chainMarkers = new Set(['Table', 'Put', 'Get', 'Update', 'Delete', 'Scan', 'Batch', 'WriteTx', 'GetTx', 'Query']);

interface Ctx {
  text: string;
  code: GoToken[];
  findings: MigrationFinding[];
  note: (t: { start: number; end: number }, code: MigrationFinding['code'], message: string, severity?: MigrationFinding['severity']) => void;
}

/**
 * Go migration findings and edits, computed over a token scan (strings and comments untouched):
 * - aws-sdk-go v1 `dynamodbattribute` → aws-sdk-go-v2 `feature/dynamodb/attributevalue` (import
 *   path, `dynamodbattribute.` qualifiers; same function names), with warnings for `json` tags no
 *   longer read, empty strings/`[]byte`/collections no longer written as NULL, the Marshaler
 *   signature change, v1-only converters and v1 `*dynamodb.AttributeValue` items;
 * - guregu/dynamo v1 → `/v2` (import path, `XWithContext(ctx, …)` → `X(ctx, …)`, ctx-less
 *   `All/One/Next(&out)` and chained `Run()/Count()` get `context.TODO()` plus a warning), with a
 *   warning for `dynamo.New(session)` (v2 takes an `aws.Config`) and a note that v1.22 already
 *   caches type information on SDK v1.
 * Every fix says `go get` must follow; nothing here runs it. Never throws.
 */
export function migrateGoSource(text: string): MigrationResult {
  const tokens = tokenizeGo(text);
  const imports = goImports(tokens);
  const findings: MigrationFinding[] = [];
  const ctx: Ctx = {
    text,
    code: tokens.filter((t) => t.kind !== 'comment'),
    findings,
    note: (t, code, message, severity = 'warning') => findings.push({ code, start: t.start, end: t.end, severity, message }),
  };
  const all: TextEdit[] = [];
  const attr = imports.find((i) => i.path === V1_ATTR);
  if (attr) all.push(...attributeValueFix(ctx, attr, imports, tokens));
  const dynamo = imports.find((i) => i.path === GUREGU_V1);
  if (dynamo) all.push(...gureguFix(ctx, dynamo, imports));
  findings.sort((a, b) => a.start - b.start || a.end - b.end);
  return { findings, fixAll: all.length ? normalizeEdits(all) : [] };
}

function selectors(code: readonly GoToken[], pkg: string): Array<{ qualifier: GoToken; name: GoToken }> {
  const out: Array<{ qualifier: GoToken; name: GoToken }> = [];
  for (let k = 0; k + 2 < code.length; k++) {
    const q = code[k]!;
    if (q.kind === 'ident' && q.text === pkg && code[k + 1]!.text === '.' && code[k + 2]!.kind === 'ident' && code[k - 1]?.text !== '.') {
      out.push({ qualifier: q, name: code[k + 2]! });
    }
  }
  return out;
}

function attributeValueFix(ctx: Ctx, imp: GoImport, imports: GoImport[], tokens: GoToken[]): TextEdit[] {
  const local = imp.alias ?? 'dynamodbattribute';
  const edits: TextEdit[] = [{ start: imp.pathStart, end: imp.pathEnd, newText: `"${V2_ATTR}"` }];
  const uses = local === '_' || local === '.' ? [] : selectors(ctx.code, local);
  if (!imp.alias) for (const s of uses) edits.push({ start: s.qualifier.start, end: s.qualifier.end, newText: 'attributevalue' });
  for (const s of uses) {
    if (noTwin.has(s.name.text)) {
      ctx.note({ start: s.qualifier.start, end: s.name.end }, 'go-dynamodbattribute', `${local}.${s.name.text} has no attributevalue equivalent in aws-sdk-go-v2: marshal with attributevalue.Marshal/MarshalMap instead`);
    }
    if (s.name.text === 'NewEncoder' || s.name.text === 'NewDecoder') {
      ctx.note({ start: s.qualifier.start, end: s.name.end }, 'go-dynamodbattribute', `${s.name.text} options change: v2 passes *EncoderOptions/*DecoderOptions to the option funcs`);
    }
  }
  const v1Client = imports.some((i) => i.path === V1_DYNAMODB);
  ctx.findings.push({
    code: 'go-dynamodbattribute',
    start: imp.pathStart,
    end: imp.pathEnd,
    severity: 'information',
    message: `aws-sdk-go v1 dynamodbattribute: aws-sdk-go-v2 feature/dynamodb/attributevalue has the same functions (AWS: v2 cut serialization CPU ~50 %)${v1Client ? '; they take map[string]types.AttributeValue, so this file\'s v1 client (service/dynamodb) must move to aws-sdk-go-v2/service/dynamodb as well' : ''}`,
    fix: { title: `Switch to aws-sdk-go-v2 attributevalue (then run: go get ${V2_ATTR})`, edits: normalizeEdits(edits) },
  });
  ctx.note({ start: imp.pathStart, end: imp.pathEnd }, 'go-get-required', `after this fix run \`go get ${V2_ATTR}\` (the fix never runs it)`, 'information');
  ctx.note({ start: imp.pathStart, end: imp.pathEnd }, 'go-empty-values', 'v2 writes empty strings as S:"" and empty []byte as B (v1 wrote NULL), and non-nil empty maps/slices as M{}/L[]; set NullEmptySets or omitempty where the stored items must stay the same');
  for (const t of tokens) {
    if (t.kind === 'string' && t.text.startsWith('`') && /\bjson:"/.test(t.text) && !/\bdynamodbav:"/.test(t.text)) {
      ctx.note(t, 'go-json-tags', 'attributevalue ignores `json` tags (v1 dynamodbattribute read them): add `dynamodbav` tags or set EncoderOptions.TagKey = "json"');
    }
  }
  for (let k = 0; k + 1 < ctx.code.length; k++) {
    const t = ctx.code[k]!;
    if (t.kind === 'ident' && (t.text === 'MarshalDynamoDBAttributeValue' || t.text === 'UnmarshalDynamoDBAttributeValue') && ctx.code[k + 1]!.text === '(') {
      const isDecl = ctx.code.slice(Math.max(0, k - 12), k).some((x) => x.text === 'func');
      if (isDecl) ctx.note(t, 'go-marshaler-signature', `${t.text} changes signature in v2: MarshalDynamoDBAttributeValue() (types.AttributeValue, error) / UnmarshalDynamoDBAttributeValue(types.AttributeValue) error`);
    }
  }
  return edits;
}

function callArgsStart(code: readonly GoToken[], k: number): number | undefined {
  return code[k + 1]?.text === '(' ? k + 2 : undefined;
}

/** Identifiers of the call chain ending at the `.` before code[k] (e.g. `db.Table(t).Put(x)`). */
function chainIdents(code: readonly GoToken[], k: number): string[] {
  const names: string[] = [];
  let j = k - 2;
  while (j >= 0) {
    const t = code[j]!;
    if (t.text === ')') {
      let depth = 0;
      for (; j >= 0; j--) {
        if (code[j]!.text === ')') depth++;
        else if (code[j]!.text === '(' && --depth === 0) break;
      }
      j--;
    } else if (t.kind === 'ident') {
      names.push(t.text);
      j--;
    } else if (t.text === '.') {
      j--;
    } else {
      break;
    }
  }
  return names;
}

function gureguFix(ctx: Ctx, imp: GoImport, imports: GoImport[]): TextEdit[] {
  const local = imp.alias ?? 'dynamo';
  const edits: TextEdit[] = [{ start: imp.pathStart, end: imp.pathEnd, newText: `"${GUREGU_V2}"` }];
  let needsContext = false;
  const code = ctx.code;
  for (let k = 1; k < code.length; k++) {
    const t = code[k]!;
    if (t.kind !== 'ident' || code[k - 1]!.text !== '.') continue;
    const args = callArgsStart(code, k);
    if (args === undefined) continue;
    const m = /^(.*?)(WithContext|Context)$/.exec(t.text);
    if (m && ctxExecutors.has(m[1]!)) {
      edits.push({ start: t.start, end: t.end, newText: m[1]! });
      continue;
    }
    const firstArg = code[args]!;
    const withOut = (t.text === 'All' || t.text === 'One' || t.text === 'Next') && firstArg.text === '&';
    const chained = (t.text === 'Run' || t.text === 'Count') && firstArg.text === ')' && chainIdents(code, k).some((n) => chainMarkers.has(n));
    if (withOut || chained) {
      edits.push({ start: firstArg.start, end: firstArg.start, newText: chained ? 'context.TODO()' : 'context.TODO(), ' });
      needsContext = true;
      ctx.note(t, 'go-dynamo-v1', `guregu/dynamo v2 takes a context first: context.TODO() was inserted; pass the caller's ctx${t.text === 'Count' ? ' (Count now returns int)' : ''}`);
    }
  }
  for (const s of selectors(code, local)) {
    if (s.name.text === 'New') {
      ctx.note({ start: s.qualifier.start, end: s.name.end }, 'go-dynamo-v1', `dynamo.New takes an aws.Config in v2: cfg, err := config.LoadDefaultConfig(ctx) (github.com/aws/aws-sdk-go-v2/config), then ${local}.New(cfg)`);
    }
  }
  if (needsContext && !imports.some((i) => i.path === 'context')) edits.push(contextImport(ctx, imports));
  ctx.findings.push({
    code: 'go-dynamo-v1',
    start: imp.pathStart,
    end: imp.pathEnd,
    severity: 'information',
    message: 'guregu/dynamo v1 (aws-sdk-go v1): v2 runs on aws-sdk-go-v2 with ctx-first executors. Note: guregu/dynamo ≥ 1.22 already caches type information on SDK v1, so part of the gain may come from upgrading within v1',
    fix: { title: `Upgrade to guregu/dynamo/v2 (then run: go get ${GUREGU_V2})`, edits: normalizeEdits(edits) },
  });
  ctx.note({ start: imp.pathStart, end: imp.pathEnd }, 'go-get-required', `after this fix run \`go get ${GUREGU_V2}\` (the fix never runs it)`, 'information');
  return edits;
}

function contextImport(ctx: Ctx, imports: GoImport[]): TextEdit {
  const first = imports[0]!;
  const lineStart = ctx.text.lastIndexOf('\n', first.pathStart - 1) + 1;
  const indent = /^[ \t]*/.exec(ctx.text.slice(lineStart))![0];
  return { start: lineStart, end: lineStart, newText: first.inBlock ? `${indent}"context"\n` : 'import "context"\n' };
}
