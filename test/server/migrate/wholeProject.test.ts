// The editor's quick fixes over the whole project: a fix edits every file using the client, the
// TypeScript quick fix on Converter.unmarshall type-checks (no TS2345), Fix all leaves one client,
// blocking uses are Error diagnostics. Real aws-sdk v2 / v3 types (the repository's node_modules).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CodeActionKind, DiagnosticSeverity, type CodeAction } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { verifyMigration } from '../../../src/core/migrate/program/verify';
import { FIX_ALL_KIND, getMigrationCodeActions, getMigrationDiagnostics, type MigrationContext } from '../../../src/server/migrate';
import { createProjectMigrations } from '../../../src/server/migrate/projectMigrations';
import { diskProject } from '../../core/migrate/program/diskProject';

const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };
const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs', esModuleInterop: true, skipLibCheck: true, types: ['node'] } });

const root = diskProject({
  'package.json': '{ "name": "app", "private": true }',
  'tsconfig.json': tsconfig,
  'src/db.ts': `import AWS from 'aws-sdk';\nexport const ddb = new AWS.DynamoDB({ region: 'us-east-1' });\nexport const doc = new AWS.DynamoDB.DocumentClient({ service: ddb });\n`,
  'src/users.ts': `import { doc } from './db';\nexport async function getUser(id: string) {\n  const out = await doc.get({ TableName: 'users', Key: { id } }).promise();\n  return out.Item;\n}\n`,
  'src/raw.ts': `import AWS from 'aws-sdk';\nimport { ddb } from './db';\nexport async function all() {\n  const out = await ddb.scan({ TableName: 't' }).promise();\n  return (out.Items ?? []).map((i) => AWS.DynamoDB.Converter.unmarshall(i));\n}\n`,
  'src/convert.ts': `import AWS from 'aws-sdk';\nexport function fromItem(m: AWS.DynamoDB.AttributeMap) {\n  return AWS.DynamoDB.Converter.unmarshall(m);\n}\n`,
  'src/legacy.ts': `import AWS from 'aws-sdk';\nconst kept = new AWS.DynamoDB.DocumentClient();\nexport const opts = kept.options;\n`,
});
const projects = createProjectMigrations({ folders: () => [root], openDocuments: () => new Map() });
const ctx: MigrationContext = { env, project: projects.get };

function open(name: string): TextDocument {
  const path = `${root}/src/${name}`;
  return TextDocument.create(pathToFileURL(path).href, 'typescript', 1, readFileSync(path, 'utf8'));
}

/** Every file the action edits, as text after the edit (absolute path → text). */
function applied(action: CodeAction): Map<string, string> {
  const out = new Map<string, string>();
  for (const [uri, edits] of Object.entries(action.edit!.changes!)) {
    const path = fileURLToPath(uri);
    out.set(path, TextDocument.applyEdits(TextDocument.create(uri, 'typescript', 1, readFileSync(path, 'utf8')), edits));
  }
  return out;
}

const relative = (texts: Map<string, string>) => [...texts.keys()].map((f) => f.slice(root.length + 1)).sort();

describe('editor fixes over the whole project', () => {
  it('the quick fix on Converter.unmarshall of a v2 AttributeMap casts it and type-checks (no TS2345)', () => {
    const doc = open('convert.ts');
    const d = getMigrationDiagnostics(doc, ctx).find((x) => x.code === 'v2-converter-unmarshall')!;
    const quick = getMigrationCodeActions(doc, d.range, [d], ctx, [CodeActionKind.QuickFix]).find((a) => a.isPreferred)!;
    const texts = applied(quick);
    assert.deepEqual(relative(texts), ['src/convert.ts']);
    assert.match(texts.get(`${root}/src/convert.ts`)!, /return unmarshall\(\(m\) as Record<string, AttributeValue> \?\? \{\}, \{ wrapNumbers: Number \}\);/);
    const v = verifyMigration(root, texts);
    assert.deepEqual(v.findings.map((f) => f.message), []);
    assert.equal(v.errorsAfter, 0);
  });

  it('Fix all in the client module migrates every file using its clients, leaving one client that type-checks', () => {
    const doc = open('db.ts');
    const fixAll = getMigrationCodeActions(doc, { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } }, [], ctx, [FIX_ALL_KIND]);
    assert.deepEqual(fixAll.map((a) => a.title), ['Fix all DynamoDB migrations in this file (and 2 other files using its clients)']);
    const texts = applied(fixAll[0]!);
    assert.deepEqual(relative(texts), ['src/db.ts', 'src/raw.ts', 'src/users.ts']);
    const db = texts.get(`${root}/src/db.ts`)!;
    assert.equal(db.match(/new DynamoDB\(/g)?.length, 1);
    assert.match(db, /^export const doc = DynamoDBDocument\.from\(ddb, /m);
    assert.doesNotMatch([...texts.values()].join('\n'), /aws-sdk'|\.promise\(\)/);
    // The low-level client's items reach v3 unmarshall as v3 AttributeValues: no cast.
    assert.match(texts.get(`${root}/src/raw.ts`)!, /\.map\(\(i\) => unmarshall\(i \?\? \{\}, \{ wrapNumbers: Number \}\)\)/);
    const v = verifyMigration(root, texts);
    assert.deepEqual(v.findings.map((f) => f.message), []);
    assert.equal(v.errorsAfter, 0);
  });

  it('a use that blocks a client is an Error diagnostic (and its creation), and no fix is offered for that client', () => {
    const doc = open('legacy.ts');
    const errors = getMigrationDiagnostics(doc, ctx).filter((d) => d.severity === DiagnosticSeverity.Error);
    assert.deepEqual(errors.map((d) => [d.range.start.line, d.code]), [[1, 'v2-not-migrated'], [2, 'v2-not-migrated']]);
    assert.match(errors[0]!.message, /^DocumentClient .*is not migrated, nor any of its uses: 1 use cannot be: src\/legacy\.ts:3/);
    assert.match(errors[1]!.message, /is not migrated: .*\.options/);
    const ds = getMigrationDiagnostics(doc, ctx);
    assert.deepEqual(getMigrationCodeActions(doc, { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } }, ds, ctx), []);
  });

  it('peek never builds: the current program, or nothing once an open document changed', () => {
    const open = new Map<string, { version: number; text: string }>();
    const cache = createProjectMigrations({ folders: () => [root], openDocuments: () => open });
    const file = `${root}/src/users.ts`;
    assert.equal(cache.peek(file, env), undefined);
    const built = cache.get(file, env)!;
    assert.equal(cache.peek(file, env), built);
    open.set(file, { version: 2, text: readFileSync(file, 'utf8') });
    assert.equal(cache.peek(file, env), undefined);
    assert.notEqual(cache.get(file, env), built);
  });

  it('a file outside the workspace folders is migrated on its own', () => {
    assert.equal(projects.get('/elsewhere/a.ts', env), undefined);
  });
});
