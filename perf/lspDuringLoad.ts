/**
 * How long other requests wait while the language server loads a large profile, or compares it
 * with a baseline and builds the comparison's report: a hover is sent every 25 ms from the request
 * until its answer, and each hover's latency is recorded. A server that parses on its request
 * thread answers them only after the parse (seconds).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HoverRequest } from 'vscode-languageserver-protocol';
import { quantileSorted } from '../src/core/bench/stats';
import { CompareProfilesRequest, GetReportRequest, LoadProfileRequest } from '../src/shared/protocol';
import type { LspSession } from '../test/server/lspHarness';

/** Quantile `p` (0–100) of `values` (ms), type 7 as everywhere else in the product. */
export function percentile(values: readonly number[], p: number): number {
  return quantileSorted([...values].sort((a, b) => a - b), p / 100);
}

export interface DuringLoad {
  /** What the server was doing: the profile loaded, or the comparison made. */
  readonly profile: string;
  /** ms from the request to its answer. */
  readonly loadMs: number;
  /** Hovers sent while the request was pending. */
  readonly hovers: number;
  /** Their latency in ms: median and maximum. */
  readonly p50: number;
  readonly max: number;
  /** When the slowest hover was sent, ms after the load request. */
  readonly maxSentAtMs: number;
}

/** The synthetic Go profile of `mb` MiB raw (perf/syntheticPprof.ts), written once to the temp folder. */
export async function syntheticProfile(mb: number): Promise<string> {
  const dir = join(tmpdir(), 'dynamo-hotpath-perf');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `synthetic-${mb}MB.pb`);
  if (!existsSync(path)) {
    const { writeSyntheticPprof } = await import('./syntheticPprof');
    await writeSyntheticPprof(path, mb * 1024 * 1024);
  }
  return path;
}

/** Sends `request` and measures hovers on line 1 of the open document `uri` until it answers. */
async function hoversWhile(lsp: LspSession, uri: string, label: string, request: () => Promise<unknown>): Promise<DuringLoad> {
  const t0 = performance.now();
  let answered = false;
  const pending = request().finally(() => (answered = true));
  const latencies: Promise<number>[] = [];
  const sentAt: number[] = [];
  while (!answered) {
    const sent = performance.now();
    sentAt.push(sent - t0);
    latencies.push(lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } }).then(() => performance.now() - sent));
    await new Promise((r) => setTimeout(r, 25));
  }
  await pending;
  const loadMs = performance.now() - t0;
  const all = await Promise.all(latencies);
  const max = Math.max(...all);
  return { profile: label, loadMs, hovers: all.length, p50: percentile(all, 50), max, maxSentAtMs: sentAt[all.indexOf(max)]! };
}

/** Loads `profile` and measures hovers on line 1 of the open document `uri` until the load answers. */
export function hoverDuringLoad(lsp: LspSession, uri: string, profile: string): Promise<DuringLoad> {
  return hoversWhile(lsp, uri, profile.split('/').pop()!, () => lsp.connection.sendRequest(LoadProfileRequest, { path: profile, progressId: 'perf-big' }));
}

/**
 * With `profile` loaded, compares it with itself as the baseline, then asks for the report (its
 * comparison tab holds the differential flame graph): hovers measured during each request.
 */
export async function hoverDuringCompare(lsp: LspSession, uri: string, profile: string): Promise<{ compare: DuringLoad; report: DuringLoad }> {
  const name = profile.split('/').pop()!;
  const compare = await hoversWhile(lsp, uri, `comparing ${name} with itself`, () => lsp.connection.sendRequest(CompareProfilesRequest, { baselinePath: profile, progressId: 'perf-compare' }));
  const report = await hoversWhile(lsp, uri, `the report of that comparison`, async () => {
    const data = await lsp.connection.sendRequest(GetReportRequest, {});
    if (!data?.comparison) throw new Error('the report has no comparison tab');
  });
  return { compare, report };
}
