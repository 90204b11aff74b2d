/**
 * Server tier: the TypeScript compiler (45 MB, 150 ms to load; issue 13) is not loaded at start,
 * nor for Go files or JavaScript that does not use aws-sdk — only for the first JavaScript or
 * TypeScript document whose migration findings need it, and the server says so in its log.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, DidOpenTextDocumentNotification, PublishDiagnosticsNotification, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../../src/shared/protocol';
import { MIGRATION_ENGINE_LOADED } from '../../src/server/migrationFeature';
import { copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';

/**
 * The server and profile worker bundles as `buildServer` makes them, with one line added in front
 * of the TypeScript compiler's module: it writes `marker` when the module is evaluated.
 */
async function buildMarkedServer(outDir: string, marker: string): Promise<string> {
  const outfile = join(outDir, 'server.js');
  await build({
    entryPoints: [
      { in: join(REPO, 'src/server/server.ts'), out: 'server' },
      { in: join(REPO, 'src/server/profileWorker.ts'), out: 'profileWorker' },
      { in: join(REPO, 'src/server/migrate/migrationWorker.ts'), out: 'migrationWorker' },
    ],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
    plugins: [
      {
        name: 'mark-typescript',
        setup(b) {
          b.onLoad({ filter: /node_modules[\\/]typescript[\\/]lib[\\/]typescript\.js$/ }, (args) => ({
            contents: `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'evaluated');\n${readFileSync(args.path, 'utf8')}`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return outfile;
}

describe('the migration engine is loaded lazily', () => {
  let lsp: LspSession;
  let root: string;
  let marker: string;
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  const waiters: (() => void)[] = [];

  before(async () => {
    const dir = makeWorkDir();
    root = copyGoSources(dir);
    marker = join(dir, 'typescript-evaluated');
    lsp = await LspSession.start(await buildMarkedServer(dir, marker), root, dir);
    lsp.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      diagnostics.set(p.uri, p);
      for (const w of waiters.splice(0)) w();
    });
  });
  after(() => lsp.stop());

  /** Opens a document and waits for its diagnostics (the server publishes them, empty or not, for every document). */
  async function open(relativePath: string, languageId: string, text: string): Promise<PublishDiagnosticsParams> {
    const uri = pathToFileURL(join(root, relativePath)).toString();
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
    while (!diagnostics.has(uri)) await new Promise<void>((r) => waiters.push(r));
    return diagnostics.get(uri)!;
  }

  it('not for a Go file with a profile loaded, its lenses and diagnostics, nor for JavaScript without aws-sdk', async () => {
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), progressId: 'lazy' });
    const adapter = 'internal/repository/ddbv1/adapter.go';
    const go = await open(adapter, 'go', readFileSync(join(root, adapter), 'utf8'));
    assert.ok(go.diagnostics.length > 0, 'the Go finder ran');
    const lenses = await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: pathToFileURL(join(root, adapter)).toString() } });
    assert.ok((lenses ?? []).length > 0);
    const plain = await open('tools/plain.js', 'javascript', 'const fs = require("fs");\nmodule.exports = () => fs.readFileSync("x");\n');
    assert.deepEqual(plain.diagnostics, []);
    assert.ok(!existsSync(marker), 'the TypeScript compiler was evaluated');
    assert.ok(!lsp.logs.some((l) => l.includes(MIGRATION_ENGINE_LOADED)), lsp.logs.join('\n'));
  });

  it('for the first JavaScript file that uses aws-sdk v2, once', async () => {
    const source = "const AWS = require('aws-sdk');\nconst converter = AWS.DynamoDB.Converter;\nmodule.exports = (item) => converter.marshall(item);\n";
    const js = await open('tools/legacy.js', 'javascript', source);
    assert.ok(js.diagnostics.some((d) => /Converter|marshall/.test(d.message)), JSON.stringify(js.diagnostics));
    await open('tools/legacy2.js', 'javascript', source);
    assert.ok(existsSync(marker), 'the TypeScript compiler was not evaluated');
    assert.equal(lsp.logs.filter((l) => l.includes(MIGRATION_ENGINE_LOADED)).length, 1);
  });
});
