/**
 * The editor goals of issue 13, measured over LSP against real language servers (bundles as the
 * extension ships them, spoken to over stdio by the server tests' harness): a profile loaded with
 * its lenses answered (the first load of a fresh server apart: it is cold), CodeLens latency on a
 * 2,000-line file idle and while typing, and how long a hover waits while a 40 MB profile loads,
 * is compared with a baseline, and the comparison's report is built. Several servers (this tree's
 * and older bundles) run side by side, their loads alternating, so that machine load falls on all
 * of them alike. Each goal is printed as met or not (`lspGoals.ts`).
 *
 * Then the JavaScript/TypeScript migration analysis of a 50-file project (`lspProgram.ts`): open →
 * diagnostics, edit → diagnostics, and hovers meanwhile, each project on every server in turn.
 *
 * Run directly: `npm run perf:lsp -- [--server LABEL=bundle.js …] [--runs N] [--requests N] [--no-big]
 * [--js-project DIR:FILE …] [--no-js]` (without `--server`: the server built from this tree).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CodeLensRequest, DidChangeTextDocumentNotification } from 'vscode-languageserver-protocol';
import { LoadProfileRequest } from '../src/shared/protocol';
import { buildServer, copyGoSources, LspSession, makeWorkDir, REPO } from '../test/server/lspHarness';
import { hoverDuringCompare, hoverDuringLoad, percentile, syntheticProfile, type DuringLoad } from './lspDuringLoad';
import { printLsp } from './lspGoals';
import { fixtureProject, measureProgram, parseJsProject, type JsProject, type ProgramTimings } from './lspProgram';

/** A server bundle to measure, with the label its figures are printed under. */
export interface LspServer {
  readonly label: string;
  readonly serverJs: string;
}

export interface LspTimings {
  readonly server: string;
  /**
   * Per profile: ms from the load request to the answer of the first CodeLens request after it
   * (median over the runs, and the first run of the first profile: the server's first load), and the lens count.
   */
  readonly loadToLensesMs: { readonly profile: string; readonly ms: number; readonly firstMs: number; readonly lenses: number }[];
  /** CodeLens on a 2,000-line file with the Go sample loaded: ms, p50 and p95, idle and after each keystroke. */
  readonly codeLens: { readonly idleP50: number; readonly idleP95: number; readonly typingP50: number; readonly typingP95: number; readonly lines: number };
  /** Hovers sent every 25 ms while the 40 MB synthetic profile loads; absent with `big: false`. */
  readonly duringLoad?: DuringLoad;
  /** Hovers while that profile is compared with itself, then while the comparison's report is built; absent with `big: false`. */
  readonly duringCompare?: { readonly compare: DuringLoad; readonly report: DuringLoad };
  /** The JS/TS migration analysis per project (`lspProgram.ts`); absent with no projects. */
  readonly programs?: readonly ProgramTimings[];
}

const PROFILES = ['fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz', 'fixtures/go-adserver/profiles/before-v1.pb.gz'];

/** One started server with the 2,000-line adapter open. */
interface Subject {
  readonly server: LspServer;
  readonly lsp: LspSession;
  readonly uri: string;
  text: string;
  version: number;
}

/** The adapter with its code unchanged at the top, padded with functions to 2,000 lines. */
function paddedAdapter(adapterPath: string): string {
  const original = readFileSync(adapterPath, 'utf8');
  const padding: string[] = [];
  for (let i = 0; original.split('\n').length + padding.length < 2000; i++) padding.push(`func pad${i}(a *Adapter) int {`, `\treturn ${i}`, '}', '');
  return `${original}\n${padding.join('\n')}`.split('\n').slice(0, 2000).join('\n');
}

async function startSubject(server: LspServer): Promise<Subject> {
  const dir = makeWorkDir();
  const root = copyGoSources(dir);
  const lsp = await LspSession.start(server.serverJs, root, dir);
  const adapterPath = join(root, 'internal/repository/ddbv1/adapter.go');
  const text = paddedAdapter(adapterPath);
  return { server, lsp, uri: await lsp.open(adapterPath, text), text, version: 1 };
}

const lensRequest = (s: Subject) => s.lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: s.uri } });

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await f();
  return [performance.now() - t0, value];
}

/** CodeLens latency of every subject, request i of each in turn (so machine load falls on all alike): idle, then one keystroke before each. */
async function codeLensLatency(subjects: readonly Subject[], requests: number): Promise<Map<Subject, LspTimings['codeLens']>> {
  const idle = new Map(subjects.map((s) => [s, [] as number[]]));
  const typing = new Map(subjects.map((s) => [s, [] as number[]]));
  for (let i = 0; i < requests; i++) for (const s of subjects) idle.get(s)!.push((await timed(() => lensRequest(s)))[0]);
  for (let i = 0; i < requests; i++) {
    for (const s of subjects) {
      s.text = `${s.text}x`;
      await s.lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: s.uri, version: ++s.version }, contentChanges: [{ text: s.text }] });
      typing.get(s)!.push((await timed(() => lensRequest(s)))[0]);
    }
  }
  return new Map(
    subjects.map((s) => {
      const [a, b] = [idle.get(s)!, typing.get(s)!];
      return [s, { idleP50: percentile(a, 50), idleP95: percentile(a, 95), typingP50: percentile(b, 50), typingP95: percentile(b, 95), lines: s.text.split('\n').length }];
    }),
  );
}

/**
 * Measures every server in `servers` (default: this tree's server, bundled now). Loads and CodeLens
 * requests alternate between the servers (run 1 of each, run 2 of each, …); the hovers during a
 * 40 MB load are measured one server after the other (each load takes the machine for seconds).
 */
export async function measureLsp(servers?: readonly LspServer[], options: { runs?: number; requests?: number; big?: boolean; jsProjects?: readonly JsProject[] } = {}): Promise<LspTimings[]> {
  const { runs = 5, requests = 200, big = true, jsProjects = [] } = options;
  const subjects: Subject[] = [];
  try {
    for (const server of servers ?? [{ label: 'this tree', serverJs: await buildServer(makeWorkDir()) }]) subjects.push(await startSubject(server));
    // A user opens a profile some time after the server started, not within its first milliseconds.
    await new Promise((r) => setTimeout(r, 1000));
    const loads = new Map(subjects.map((s) => [s, [] as LspTimings['loadToLensesMs']]));
    for (const profile of PROFILES) {
      const times = new Map(subjects.map((s) => [s, [] as number[]]));
      const lenses = new Map<Subject, number>();
      for (let i = 0; i < runs; i++) {
        for (const s of subjects) {
          const [ms, found] = await timed(async () => {
            await s.lsp.connection.sendRequest(LoadProfileRequest, { path: join(REPO, profile), progressId: `perf-${i}` });
            return (await lensRequest(s))?.length ?? 0;
          });
          times.get(s)!.push(ms);
          lenses.set(s, found);
        }
      }
      for (const s of subjects) loads.get(s)!.push({ profile: profile.split('/').pop()!, ms: percentile(times.get(s)!, 50), firstMs: times.get(s)![0]!, lenses: lenses.get(s)! });
    }
    const bigProfile = big ? await syntheticProfile(40) : undefined;
    const codeLens = await codeLensLatency(subjects, requests);
    const programs = new Map(subjects.map((s) => [s, [] as ProgramTimings[]]));
    // Each project is measured on every server in turn, so that machine load falls on all of them alike.
    for (const project of jsProjects) for (const s of subjects) programs.get(s)!.push(await measureProgram(s.server.serverJs, project));
    const results: LspTimings[] = [];
    for (const s of subjects) {
      const duringLoad = bigProfile ? await hoverDuringLoad(s.lsp, s.uri, bigProfile) : undefined;
      const duringCompare = bigProfile ? await hoverDuringCompare(s.lsp, s.uri, bigProfile) : undefined;
      const own = programs.get(s)!;
      results.push({ server: s.server.label, loadToLensesMs: loads.get(s)!, codeLens: codeLens.get(s)!, ...(duringLoad ? { duringLoad } : {}), ...(duringCompare ? { duringCompare } : {}), ...(own.length ? { programs: own } : {}) });
    }
    return results;
  } finally {
    for (const s of subjects) await s.lsp.stop();
  }
}

function parseArgs(argv: readonly string[]): { servers?: LspServer[]; runs?: number; requests?: number; big: boolean; jsProjects: JsProject[] } {
  const servers: LspServer[] = [];
  const number = (flag: string) => (argv.includes(flag) ? Number(argv[argv.indexOf(flag) + 1]) : undefined);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--server') continue;
    const [label, path] = argv[i + 1]!.includes('=') ? (argv[i + 1]!.split('=', 2) as [string, string]) : [argv[i + 1]!, argv[i + 1]!];
    servers.push({ label, serverJs: path });
  }
  const given = argv.flatMap((a, i) => (a === '--js-project' ? [parseJsProject(argv[i + 1]!)] : []));
  const jsProjects = argv.includes('--no-js') ? [] : [fixtureProject(), ...given];
  return { ...(servers.length ? { servers } : {}), runs: number('--runs'), requests: number('--requests'), big: !argv.includes('--no-big'), jsProjects };
}

if (require.main === module) {
  const { servers, ...options } = parseArgs(process.argv.slice(2));
  console.log(`load average at start ${loadavg()[0]!.toFixed(1)}`);
  measureLsp(servers, options).then(
    (all) => {
      for (const t of all) printLsp(t);
      console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
