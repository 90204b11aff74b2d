/**
 * Server tier for the migration fixes: the bundled language server over stdio, real LSP, a
 * before-file of test/fixtures/migrate in a temporary workspace whose package.json names the
 * @aws-sdk versions the golden files were written for. Asserts the published diagnostics, the
 * preferred quick fix's edited text, and that the "fix all in file" action yields the golden
 * after-file.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest,
  DiagnosticSeverity,
  DidOpenTextDocumentNotification,
  PublishDiagnosticsNotification,
  type CodeAction,
  type Diagnostic,
  type PublishDiagnosticsParams,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { buildServer, LspSession, makeWorkDir, REPO } from './lspHarness';

const FIXTURES = join(REPO, 'test/fixtures/migrate');
const BEFORE = 'converter-cjs-require.before.js';
const AFTER = 'converter-cjs-require.after.js';
/** The versions test/core/migrate/golden.test.ts writes the golden files for. */
const PACKAGE_JSON = { name: 'ws', private: true, dependencies: { '@aws-sdk/util-dynamodb': '3.996.9', '@aws-sdk/lib-dynamodb': '3.1169.0' } };

/** Applies `edits` (all against `text`) the way the editor applies a WorkspaceEdit. */
function applyEdits(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x.js', 'javascript', 1, text), edits);
}

describe('migration code actions over LSP', () => {
  let lsp: LspSession;
  let uri: string;
  let text: string;
  let published: PublishDiagnosticsParams;

  const codeActions = (diagnostics: Diagnostic[], only?: string[]) =>
    lsp.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics, only } }) as Promise<CodeAction[]>;
  const editsOf = (action: CodeAction | undefined): TextEdit[] => action?.edit?.changes?.[uri] ?? assert.fail(`no edits for ${uri} in ${JSON.stringify(action)}`);

  before(async () => {
    const workDir = makeWorkDir();
    const serverJs = await buildServer(workDir);
    const root = join(workDir, 'ws');
    mkdirSync(root);
    writeFileSync(join(root, 'package.json'), JSON.stringify(PACKAGE_JSON));
    copyFileSync(join(FIXTURES, BEFORE), join(root, BEFORE));
    lsp = await LspSession.start(serverJs, root, workDir);
    uri = pathToFileURL(join(root, BEFORE)).toString();
    text = readFileSync(join(root, BEFORE), 'utf8');
    const got = new Promise<PublishDiagnosticsParams>((resolve) =>
      lsp.connection.onNotification(PublishDiagnosticsNotification.type, (p) => p.uri === uri && resolve(p)),
    );
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'javascript', version: 1, text } });
    published = await got;
  });

  after(async () => {
    await lsp?.stop();
  });

  it('publishes one diagnostic per finding with its stable code; legacy calls are Information', () => {
    const rows = published.diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, d.code, d.severity, d.source]);
    assert.deepEqual(rows, [
      [4, 9, 52, 'v2-converter-marshall', DiagnosticSeverity.Information, 'DynamoDB Hot Path'],
      [4, 9, 52, 'v3-empty-set-values', DiagnosticSeverity.Warning, 'DynamoDB Hot Path'],
      [8, 9, 48, 'v2-converter-unmarshall', DiagnosticSeverity.Information, 'DynamoDB Hot Path'],
      [8, 9, 48, 'v3-result-exported', DiagnosticSeverity.Information, 'DynamoDB Hot Path'],
    ]);
    assert.match(published.diagnostics[2]!.message, /^AWS\.DynamoDB\.Converter\['unmarshall'\] is aws-sdk v2: unmarshall\(\) from @aws-sdk\/util-dynamodb/);
  });

  it("the unmarshall diagnostic's preferred quick fix rewrites that call and adds the v3 require", async () => {
    const diagnostic = published.diagnostics.find((d) => d.code === 'v2-converter-unmarshall')!;
    const actions = await codeActions([diagnostic]);
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind, a.isPreferred ?? false]),
      [
        ['Replace with unmarshall() from @aws-sdk/util-dynamodb (same items)', 'quickfix', true],
        ['Fix all DynamoDB migrations in this file', 'quickfix', false],
        ['Fix all DynamoDB migrations in this file', 'source.fixAll.dynamoHotpath', false],
      ],
    );
    assert.deepEqual(actions[0]!.diagnostics, [diagnostic]);
    const expected = text
      .replace("const AWS = require('aws-sdk');", "const { unmarshall } = require('@aws-sdk/util-dynamodb');\nconst AWS = require('aws-sdk');")
      .replace("return AWS.DynamoDB.Converter['unmarshall'](m);", 'return unmarshall(m ?? {}, { wrapNumbers: Number });');
    assert.notEqual(expected, text);
    assert.equal(applyEdits(text, editsOf(actions[0])), expected);
  });

  it('the fix-all source action (context.only = source.fixAll) yields exactly the golden after-file', async () => {
    const actions = await codeActions([], ['source.fixAll']);
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Fix all DynamoDB migrations in this file', 'source.fixAll.dynamoHotpath']]);
    assert.equal(applyEdits(text, editsOf(actions[0])), readFileSync(join(FIXTURES, AFTER), 'utf8'));
  });

  it('the fix-all quick fix offered next to a diagnostic makes the same golden file', async () => {
    const marshall = published.diagnostics.filter((d) => d.range.start.line === 4);
    const fixAll = (await codeActions(marshall)).find((a) => a.kind === 'quickfix' && a.title.startsWith('Fix all'));
    assert.equal(applyEdits(text, editsOf(fixAll)), readFileSync(join(FIXTURES, AFTER), 'utf8'));
  });
});
