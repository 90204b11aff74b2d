/**
 * The editor goals of issue 13, measured over LSP against the real language server (bundled as
 * the extension ships it, spoken to over stdio by the server tests' harness): a profile loaded
 * with its lenses answered, and CodeLens latency on a 2,000-line file, idle and while typing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../src/shared/protocol';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from '../test/server/lspHarness';

export interface LspTimings {
  /** Per profile: ms from the load request to the answer of the first CodeLens request after it (median), and the lens count. */
  readonly loadToLensesMs: { readonly profile: string; readonly ms: number; readonly lenses: number }[];
  /** CodeLens on a 2,000-line file with the Go sample loaded: ms, p50 and p95, idle and after each keystroke. */
  readonly codeLens: { readonly idleP50: number; readonly idleP95: number; readonly typingP50: number; readonly typingP95: number; readonly lines: number };
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** Runs the measurements (`runs` loads per profile, `requests` CodeLens requests per mode). */
export async function measureLsp(runs = 5, requests = 200): Promise<LspTimings> {
  const dir = makeWorkDir();
  const root = copyGoSources(dir);
  const lsp = await LspSession.start(await buildServer(dir), root, dir);
  try {
    const adapterPath = join(root, 'internal/repository/ddbv1/adapter.go');
    const uri = pathToFileURL(adapterPath).toString();
    // The adapter with its code unchanged at the top, padded with functions to 2,000 lines.
    const original = readFileSync(adapterPath, 'utf8');
    const padding: string[] = [];
    for (let i = 0; original.split('\n').length + padding.length < 2000; i++) padding.push(`func pad${i}(a *Adapter) int {`, `\treturn ${i}`, '}', '');
    let text = `${original}\n${padding.join('\n')}`.split('\n').slice(0, 2000).join('\n');
    let version = 1;
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'go', version, text } });
    const lensRequest = () => lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });

    const loadToLensesMs: LspTimings['loadToLensesMs'] = [];
    for (const profile of ['fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', 'fixtures/go-adserver/profiles/before-v1.pb.gz']) {
      const times: number[] = [];
      let lenses = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, profile), progressId: `perf-${i}` });
        lenses = (await lensRequest())?.length ?? 0;
        times.push(performance.now() - t0);
      }
      loadToLensesMs.push({ profile: profile.split('/').pop()!, ms: percentile(times, 50), lenses });
    }

    const idle: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      await lensRequest();
      idle.push(performance.now() - t0);
    }
    const typing: number[] = [];
    for (let i = 0; i < requests; i++) {
      text = `${text}x`;
      await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
      const t0 = performance.now();
      await lensRequest();
      typing.push(performance.now() - t0);
    }
    return {
      loadToLensesMs,
      codeLens: { idleP50: percentile(idle, 50), idleP95: percentile(idle, 95), typingP50: percentile(typing, 50), typingP95: percentile(typing, 95), lines: text.split('\n').length },
    };
  } finally {
    await lsp.stop();
  }
}
