// The LSP adapters as pure functions: diagnostics and code actions for a fixture document, with the
// returned edits applied back to the document and compared with the golden after-file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, DiagnosticSeverity, type CodeAction } from 'vscode-languageserver';
import { FIX_ALL_KIND, MIGRATION_SOURCE, getMigrationCodeActions, getMigrationDiagnostics, type MigrationContext } from '../../../src/server/migrate';

const golden = join(__dirname, '..', '..', 'fixtures', 'migrate');
const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

function open(name: string): TextDocument {
  const path = join(golden, name);
  return TextDocument.create(pathToFileURL(path).href, name.endsWith('.js') ? 'javascript' : 'typescript', 1, readFileSync(path, 'utf8'));
}

function apply(doc: TextDocument, action: CodeAction): string {
  return TextDocument.applyEdits(doc, action.edit!.changes![doc.uri]!);
}

const whole = (doc: TextDocument) => ({ start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) });

describe('getMigrationDiagnostics', () => {
  it('one Information diagnostic per legacy call, a Warning per changed behaviour, exact ranges', () => {
    const doc = open('converter-esm-default.before.ts');
    const ds = getMigrationDiagnostics(doc, { env });
    assert.deepEqual(ds.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character, d.source]), [
      ['v2-converter-marshall', DiagnosticSeverity.Information, 5, 9, 43, MIGRATION_SOURCE],
      ['v2-converter-marshall', DiagnosticSeverity.Information, 9, 9, 73, MIGRATION_SOURCE],
      ['v3-empty-set-values', DiagnosticSeverity.Warning, 9, 9, 73, MIGRATION_SOURCE],
      ['v2-converter-unmarshall', DiagnosticSeverity.Information, 13, 9, 45, MIGRATION_SOURCE],
      ['v3-result-exported', DiagnosticSeverity.Information, 13, 9, 45, MIGRATION_SOURCE],
    ]);
  });
  it('a hot call site becomes a Warning with its percentage', () => {
    const doc = open('converter-esm-default.before.ts');
    const ctx: MigrationContext = { env, hotCallSite: (uri, line) => (uri === doc.uri && line === 13 ? 47.25 : undefined) };
    const d = getMigrationDiagnostics(doc, ctx).find((x) => x.code === 'v2-converter-unmarshall')!;
    assert.equal(d.severity, DiagnosticSeverity.Warning);
    assert.match(d.message, /^Hot: 47\.3 % of the profile's samples at this call site\./);
    assert.deepEqual(getMigrationDiagnostics(doc, ctx).filter((x) => x.severity === DiagnosticSeverity.Warning).map((x) => x.code), ['v3-empty-set-values', 'v2-converter-unmarshall', 'v3-result-exported']);
  });
  it('notes on changed behaviour are Warnings (wrapNumbers: true)', () => {
    const doc = open('converter-esm-namespace.before.ts');
    const note = getMigrationDiagnostics(doc, { env }).find((d) => d.code === 'v3-wrap-numbers-class')!;
    assert.equal(note.severity, DiagnosticSeverity.Warning);
    assert.equal(note.range.start.line, 6);
  });
});

describe('getMigrationCodeActions', () => {
  it('a preferred quick fix per diagnostic; applying it changes only that call and adds the import', () => {
    const doc = open('converter-esm-default.before.ts');
    const ds = getMigrationDiagnostics(doc, { env });
    const target = ds.find((d) => d.code === 'v2-converter-unmarshall')!;
    const actions = getMigrationCodeActions(doc, target.range, [target], { env });
    const quick = actions.find((a) => a.isPreferred)!;
    assert.equal(quick.kind, CodeActionKind.QuickFix);
    assert.equal(quick.title, 'Replace with unmarshall() from @aws-sdk/util-dynamodb (same items)');
    assert.deepEqual(quick.diagnostics, [target]);
    const after = apply(doc, quick);
    assert.match(after, /^import \{ unmarshall \} from '@aws-sdk\/util-dynamodb';\nimport AWS from 'aws-sdk';$/m);
    assert.match(after, /return unmarshall\(m \?\? \{\}, \{ wrapNumbers: Number \}\);/);
    assert.match(after, /return AWS\.DynamoDB\.Converter\.marshall\(x\);/);
    assert.ok(actions.some((a) => a.kind === CodeActionKind.QuickFix && a.title === 'Fix all DynamoDB migrations in this file'));
  });
  for (const name of ['converter-esm-default.before.ts', 'docclient-esm-named.before.ts', 'docclient-cjs-bound-params.before.js', 'mixed-converter-docclient.before.ts']) {
    it(`fix all (source.fixAll) on ${name} yields the golden after-file`, () => {
      const doc = open(name);
      const actions = getMigrationCodeActions(doc, whole(doc), [], { env }, [CodeActionKind.SourceFixAll]);
      assert.deepEqual(actions.map((a) => a.kind), [FIX_ALL_KIND]);
      assert.equal(apply(doc, actions[0]!), readFileSync(join(golden, name.replace('.before.', '.after.')), 'utf8'));
    });
  }
  it('every DocumentClient spot offers the same whole-client fix', () => {
    const doc = open('docclient-esm-named.before.ts');
    const ds = getMigrationDiagnostics(doc, { env }).filter((d) => d.code === 'v2-document-client');
    assert.equal(ds.length, 10);
    const results = ds.map((d) => apply(doc, getMigrationCodeActions(doc, d.range, [d], { env }, [CodeActionKind.QuickFix]).find((a) => a.isPreferred)!));
    assert.ok(results.every((r) => r === results[0]));
    assert.equal(results[0], readFileSync(join(golden, 'docclient-esm-named.after.ts'), 'utf8'));
  });
  it('nothing for a file without legacy calls, or for other sources\' diagnostics', () => {
    const doc = TextDocument.create('file:///w/a.ts', 'typescript', 1, 'export const x = 1;\n');
    assert.deepEqual(getMigrationDiagnostics(doc, { env }), []);
    assert.deepEqual(getMigrationCodeActions(doc, whole(doc), [], { env }), []);
  });
});
