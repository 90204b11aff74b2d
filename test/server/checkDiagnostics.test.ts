/**
 * Server tier for the connection and throttling checks: the bundled language server over stdio.
 * A JavaScript document's findings are published with the migration diagnostics as it is opened
 * (with reason and fix in the message), and the keep-alive quick fix edits it; a Go document's
 * findings arrive once the Go helper has checked its saved package (trusted workspace), and none
 * while the workspace is not trusted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionRequest, DidChangeTextDocumentNotification, PublishDiagnosticsNotification, type CodeAction, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { buildServer, LspSession, makeWorkDir, REPO } from './lspHarness';

const CHECK_CODES = new Set(['client-per-request', 'default-http-client', 'small-idle-pool', 'keep-alives-disabled', 'no-keep-alive', 'short-call-timeout', 'retries-below-default', 'throttling-pte-only', 'unprocessed-not-read']);

/** The next publication for `uri` with check findings satisfying `done`. */
function published(lsp: LspSession, uri: string, done: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
  return new Promise((resolve) => lsp.connection.onNotification(PublishDiagnosticsNotification.type, (p) => p.uri === uri && done(p) && resolve(p)));
}

async function serverOn(trusted: boolean): Promise<{ lsp: LspSession; root: string }> {
  const workDir = makeWorkDir();
  const serverJs = await buildServer(workDir);
  // As in the .vsix: the Go helper's sources beside the bundles (the server builds it with go on first use).
  cpSync(join(REPO, 'gohelper'), join(workDir, 'gohelper'), { recursive: true });
  const root = join(workDir, 'ws');
  mkdirSync(root);
  cpSync(join(REPO, 'test/fixtures/check'), root, { recursive: true });
  return { lsp: await LspSession.start(serverJs, root, workDir, { trusted }), root };
}

describe('connection checks as diagnostics over LSP', () => {
  let lsp: LspSession;
  let root: string;
  before(async () => {
    ({ lsp, root } = await serverOn(true));
  });
  after(async () => {
    await lsp?.stop();
  });

  it('publishes a JavaScript file\'s findings with why and fix; the keep-alive quick fix edits the client', async () => {
    const path = join(root, 'js/v2app/handler.js');
    const text = readFileSync(path, 'utf8');
    const uri = `file://${path}`;
    const got = published(lsp, uri, (p) => p.diagnostics.some((d) => CHECK_CODES.has(String(d.code))));
    await lsp.open(path, text);
    const p = await got;
    const ours = p.diagnostics.filter((d) => CHECK_CODES.has(String(d.code)));
    assert.deepEqual(ours.map((d) => `${d.range.start.line + 1} ${d.code}`), ['7 no-keep-alive', '8 keep-alives-disabled', '10 retries-below-default', '11 short-call-timeout', '17 client-per-request', '18 unprocessed-not-read', '21 unprocessed-not-read', '29 throttling-pte-only', '47 client-per-request']);
    const keepAlive = ours.find((d) => d.code === 'no-keep-alive')!;
    assert.match(keepAlive.message, /^aws-sdk v2 DynamoDB client without keep-alive: each request opens a new connection\naws-sdk v2 keeps connections alive only with .*\nFix: Pass httpOptions/);
    assert.equal(keepAlive.source, 'DynamoDB Hot Path');
    const actions = (await lsp.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: keepAlive.range, context: { diagnostics: [keepAlive] } })) as CodeAction[];
    const fix = actions.find((a) => a.title === 'Keep connections alive (https.Agent with keepAlive)')!;
    const edited = TextDocument.applyEdits(TextDocument.create(uri, 'javascript', 1, text), fix.edit!.changes![uri]!);
    assert.match(edited.split('\n')[6]!, /^const noAgent = new AWS\.DynamoDB\(\{ region: 'eu-west-1', httpOptions: \{ agent: new https\.Agent\(\{ keepAlive: true, maxSockets: 50 \}\) \} \}\);/);
  });

  it('checks a Go package when a file of it is opened (trusted workspace)', async () => {
    const path = join(root, 'go/svc/handlers.go');
    const uri = `file://${path}`;
    const got = published(lsp, uri, (p) => p.diagnostics.some((d) => CHECK_CODES.has(String(d.code))));
    await lsp.open(path);
    const p = await got;
    assert.deepEqual(
      p.diagnostics.filter((d) => CHECK_CODES.has(String(d.code))).map((d) => `${d.range.start.line + 1} ${d.code}`),
      ['23 client-per-request', '24 client-per-request', '30 short-call-timeout', '47 unprocessed-not-read', '62 unprocessed-not-read', '73 throttling-pte-only', '90 client-per-request'],
    );
  });

  it('checks the Go buffer as it is typed, unsaved: the fixed lines lose their findings, the file on disk is untouched', async () => {
    const path = join(root, 'go/svc/handlers.go');
    const uri = `file://${path}`;
    const onDisk = readFileSync(path, 'utf8');
    const typed = onDisk
      .replace('cfg, _ := config.LoadDefaultConfig(r.Context()) // want: client-per-request', '_ = r.Context()')
      .replace('db := dynamodb.NewFromConfig(cfg)                // want: client-per-request', 'db := s.db');
    assert.notEqual(typed, onDisk);
    const got = published(lsp, uri, (p) => !p.diagnostics.some((d) => d.range.start.line + 1 === 23 && d.code === 'client-per-request') && p.diagnostics.some((d) => CHECK_CODES.has(String(d.code))));
    await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: typed }] });
    const p = await got;
    assert.deepEqual(
      p.diagnostics.filter((d) => CHECK_CODES.has(String(d.code))).map((d) => `${d.range.start.line + 1} ${d.code}`),
      ['30 short-call-timeout', '47 unprocessed-not-read', '62 unprocessed-not-read', '73 throttling-pte-only', '90 client-per-request'],
    );
    assert.equal(readFileSync(path, 'utf8'), onDisk);
  });
});

describe('connection checks in an untrusted workspace', () => {
  it('check JavaScript (no program runs) but not Go (go would build the helper)', async () => {
    const { lsp, root } = await serverOn(false);
    try {
      const js = join(root, 'js/v3app/store.ts');
      const jsGot = published(lsp, `file://${js}`, (p) => p.diagnostics.some((d) => CHECK_CODES.has(String(d.code))));
      await lsp.open(js);
      assert.ok((await jsGot).diagnostics.length > 5);
      const go = join(root, 'go/svc/clients.go');
      const goGot = published(lsp, `file://${go}`, () => true);
      await lsp.open(go);
      assert.equal((await goGot).diagnostics.filter((d) => CHECK_CODES.has(String(d.code))).length, 0);
    } finally {
      await lsp.stop();
    }
  });
});
