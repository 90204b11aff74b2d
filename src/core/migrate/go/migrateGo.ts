import type { MigrationFinding, MigrationResult } from '../types';
import { goImports, tokenizeGo, type GoImport } from './goTokens';

const V1_ATTR = 'github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute';
const GUREGU_V1 = 'github.com/guregu/dynamo';

/** What the editor's Go fix does and where to run it (the fix itself is typed: see typedMigrate.ts). */
const HOW = 'Fix: “Migrate This Go Package” (quick fix or the migrate › lens): a typed rewrite of the package, checked with go build before it is offered';

/**
 * Detection of the legacy Go DynamoDB APIs in one file, for diagnostics as the user types: the
 * `dynamodbattribute` import and its calls, the guregu/dynamo v1 import and `dynamo.New` (token
 * scan; strings and comments untouched; executors are told apart from other libraries' `Run` only
 * with types, so they are left to the typed fix). It makes no edits: a Go fix must be
 * resolved against the package's types and built (src/core/migrate/go/typedMigrate.ts, run by the
 * CLI and, in the editor, by the server on request). Never throws.
 */
export function migrateGoSource(text: string): MigrationResult {
  const tokens = tokenizeGo(text);
  const code = tokens.filter((t) => t.kind !== 'comment');
  const imports = goImports(tokens);
  const findings: MigrationFinding[] = [];
  const note = (start: number, end: number, code: MigrationFinding['code'], message: string) => findings.push({ code, start, end, severity: 'information', message });
  const attr = imports.find((i) => i.path === V1_ATTR);
  if (attr) {
    note(attr.pathStart, attr.pathEnd, 'go-dynamodbattribute', `aws-sdk-go v1 dynamodbattribute: aws-sdk-go-v2 feature/dynamodb/attributevalue has the same functions (AWS: v2 cut serialization CPU ~50 %), on v2 items — the DynamoDB client moves too. ${HOW}`);
    for (const call of qualifiedCalls(code, attr, 'dynamodbattribute')) note(call.start, call.end, 'go-dynamodbattribute', `dynamodbattribute.${call.name}: reflection-based v1 conversion. ${HOW}`);
  }
  const dynamo = imports.find((i) => i.path === GUREGU_V1);
  if (dynamo) {
    note(dynamo.pathStart, dynamo.pathEnd, 'go-dynamo-v1', `guregu/dynamo v1 (aws-sdk-go v1) → guregu/dynamo/v2 (aws-sdk-go-v2): ctx-first executors. guregu/dynamo ≥ 1.22 already caches type information on SDK v1, so part of the gain may come from upgrading within v1. ${HOW}`);
    for (const call of qualifiedCalls(code, dynamo, 'dynamo')) if (call.name === 'New') note(call.start, call.end, 'go-dynamo-v1', `dynamo.New takes an aws.Config in guregu/dynamo v2 (the session's options are carried by the fix). ${HOW}`);
  }
  findings.sort((a, b) => a.start - b.start || a.end - b.end);
  return { findings, fixAll: [] };
}

function qualifiedCalls(code: ReturnType<typeof tokenizeGo>, imp: GoImport, fallback: string): Array<{ name: string; start: number; end: number }> {
  const local = imp.alias ?? fallback;
  if (local === '_' || local === '.') return [];
  const out: Array<{ name: string; start: number; end: number }> = [];
  for (let k = 0; k + 3 < code.length; k++) {
    const q = code[k]!;
    if (q.kind === 'ident' && q.text === local && code[k + 1]!.text === '.' && code[k + 2]!.kind === 'ident' && code[k + 3]!.text === '(' && code[k - 1]?.text !== '.') {
      out.push({ name: code[k + 2]!.text, start: q.start, end: code[k + 2]!.end });
    }
  }
  return out;
}
