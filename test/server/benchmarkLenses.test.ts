/**
 * Server tier for the `▶ Benchmark` lens: the bundled language server over stdio, real LSP. With no
 * profile it sits on the migration finder's legacy calls (a before-file of test/fixtures/migrate);
 * with the Go fixture profile loaded, also on every hot call site of adapter.go.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, DidOpenTextDocumentNotification, PublishDiagnosticsNotification, type CodeLens } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../../src/shared/protocol';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from './lspHarness';

const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const CONVERTER = 'converter-cjs-require.before.js';

/** [1-based line, arguments] of the benchmark lenses. */
function benchmarkLenses(lenses: CodeLens[] | null): [number, unknown][] {
  return (lenses ?? [])
    .filter((l) => l.command?.command === 'dynamoHotpath.runBenchmark')
    .map((l) => {
      assert.equal(l.command!.title, '▶ Benchmark');
      return [l.range.start.line + 1, l.command!.arguments?.[0]];
    });
}

describe('▶ Benchmark lenses over LSP', () => {
  let lsp: LspSession;
  let root: string;
  const published = new Set<string>();
  /** Opens a document and waits for its first diagnostics (JavaScript's come from the migration worker). */
  const open = async (path: string, languageId: string) => {
    const uri = pathToFileURL(path).toString();
    const diagnosed = new Promise<void>((resolve) => lsp.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      published.add(p.uri);
      if (p.uri === uri) resolve();
    }));
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text: readFileSync(path, 'utf8') } });
    if (!published.has(uri)) await diagnosed;
    return uri;
  };
  const lensesOf = async (uri: string) => benchmarkLenses(await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }));

  before(async () => {
    const workDir = makeWorkDir();
    const serverJs = await buildServer(workDir);
    root = copyGoSources(workDir);
    copyFileSync(join(REPO, 'test/fixtures/migrate', CONVERTER), join(root, CONVERTER));
    lsp = await LspSession.start(serverJs, root, workDir);
  });

  after(async () => {
    await lsp?.stop();
  });

  it('sits on each legacy aws-sdk v2 Converter call with no profile loaded, with the JS suites', async () => {
    const uri = await open(join(root, CONVERTER), 'javascript');
    assert.deepEqual(await lensesOf(uri), [
      [5, { suites: ['conversion', 'response'] }],
      [9, { suites: ['conversion', 'response'] }],
    ]);
  });

  it('adds the hot call sites of the loaded profile in a Go file, one lens per line, with the Go suite', async () => {
    const uri = await open(join(root, ADAPTER), 'go');
    // Without a profile: the three dynamodbattribute calls, each with the struct it converts (read
    // from the call site) and the module root (nearest go.mod), so ▶ Benchmark runs the Go suite on it.
    const moduleRoot = join(root);
    const model = 'github.com/example/adserver/internal/model';
    const go = (line: number, type: string) => [line, { suites: ['go'], goModuleRoot: moduleRoot, goType: `${model}.${type}` }];
    assert.deepEqual(await lensesOf(uri), [go(63, 'UserActivity'), go(83, 'TargetingRule'), go(91, 'Impression')]);
    await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), progressId: 'bench-lens' });
    // Plus the hot call sites of server.test.ts's lens list (49, 71, 95): each line once; a hot
    // Query takes the struct its function converts.
    // A hot line's lens also carries its call site's share (the lens's figure by operation), which
    // the benchmark puts its verdict next to.
    const withShares = await lensesOf(uri);
    const shares = withShares.map(([line, args]) => {
      const share = (args as { profileShare?: { callSite: string; unmarshallPercent: number; marshallPercent: number } }).profileShare;
      return [line, share && `${share.callSite} ${share.unmarshallPercent.toFixed(1)} / ${share.marshallPercent.toFixed(1)}`];
    });
    assert.deepEqual(shares, [
      [49, 'internal/repository/ddbv1/adapter.go:49 50.5 / 0.2'],
      [63, 'internal/repository/ddbv1/adapter.go:63 4.8 / 0.0'],
      [71, 'internal/repository/ddbv1/adapter.go:71 24.6 / 0.1'],
      [83, 'internal/repository/ddbv1/adapter.go:83 2.7 / 0.0'],
      [91, undefined],
      [95, 'internal/repository/ddbv1/adapter.go:95 0.1 / 1.2'],
    ]);
    const withoutShares = withShares.map(([line, args]) => {
      const { profileShare: _, ...rest } = args as { profileShare?: unknown };
      return [line, rest];
    });
    assert.deepEqual(withoutShares, [
      go(49, 'UserActivity'),
      go(63, 'UserActivity'),
      go(71, 'TargetingRule'),
      go(83, 'TargetingRule'),
      go(91, 'Impression'),
      go(95, 'Impression'),
    ]);
  });
});
