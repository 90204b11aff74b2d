/**
 * The language server's profile worker (a worker_threads entry, bundled to dist/profileWorker.js):
 * reads profiles, analyses them against each workspace root, builds the report's flame graphs and
 * runs Compare with Baseline (`workerComparisons.ts`),
 * so that the request thread keeps answering lenses and hovers meanwhile. One long-lived worker
 * (its compiled code stays warm from one load to the next) holds each loaded profile under a
 * session number until the server drops it; the server terminates the worker to cancel a load.
 */
import { parentPort } from 'node:worker_threads';
import type { Profile } from '../core/profile/model';
import { readProfileFile } from '../core/profile/read';
import { sampleTableOf } from '../core/profile/columns/profileTables';
import { classifyFrame } from '../core/detect/classify';
import { ProfileError } from '../core/profile/errors';
import type { FlameNode } from '../shared/protocol';
import { analyzeRoot, type PreparedRoot, type RootAnalysis } from './analyzeRoot';
import { buildDynamoFlameTree } from './flameTree';
import type { RootWithSettings, WorkerAnswers, WorkerReply, WorkerRequest } from './profileWorkerMessages';
import { compareInWorker, diffFlameInWorker, dropComparisons } from './workerComparisons';
import { CompareError, RequestCountError, RunRecordError, WindowError } from '../core/compare/index';
import { setWorkspaceTrust } from '../core/exec/workspaceTrust';

const port = parentPort;
if (!port) throw new Error('profileWorker.ts runs as a worker thread of the language server');

interface Held {
  readonly profile: Profile;
  readonly recordedMs: number;
  readonly roots: Map<string, PreparedRoot>;
  readonly flames: Map<string, FlameNode>;
}

const sessions = new Map<number, Held>();

const post = (reply: WorkerReply) => port.postMessage(reply);

function held(session: number): Held {
  const h = sessions.get(session);
  if (!h) throw new Error(`profile session ${session} is not held by this worker`);
  return h;
}

/**
 * Functions of an analysis sent to the request thread: the heaviest by cum. Nothing there reads
 * more (the report lists call sites; the Go-or-Node wording of the attribution looks for one Go
 * function, kept too), and copying every function of a 40 MB profile (174,000) blocked the
 * request thread for 1.3–3.7 s (`v8.deserialize`, perf:lsp).
 */
const FUNCTIONS_SENT = 200;

/** What the request thread keeps of a root: everything but the prepared profile, with `analysis.functions` cut to {@link FUNCTIONS_SENT}. */
function view({ prepared: _prepared, ...root }: PreparedRoot): RootAnalysis {
  const all = root.analysis.functions;
  if (all.length <= FUNCTIONS_SENT) return root;
  const functions = all.slice(0, FUNCTIONS_SENT);
  const go = all.find((f) => f.file.endsWith('.go'));
  if (go && !functions.includes(go)) functions.push(go);
  return { ...root, analysis: { ...root.analysis, functions } };
}

async function analyze(h: Held, root: RootWithSettings): Promise<RootAnalysis> {
  const prepared = await analyzeRoot(h.profile, root.uri, root.path, root.settings, h.recordedMs);
  h.roots.set(root.uri, prepared);
  h.flames.delete(root.uri);
  return view(prepared);
}

async function handle(request: WorkerRequest): Promise<WorkerAnswers[WorkerRequest['kind']]> {
  switch (request.kind) {
    case 'load': {
      const profile = await readProfileFile(request.path, { ...(request.sampleType ? { sampleType: request.sampleType } : {}), limits: { maxBytes: request.maxBytes } });
      const h: Held = { profile, recordedMs: request.recordedMs, roots: new Map(), flames: new Map() };
      const answered: RootAnalysis[] = [];
      for (const [i, root] of request.roots.entries()) {
        post({ id: request.id, kind: 'progress', message: `Mapping to ${root.path.split('/').pop()}`, percent: 40 + (50 * i) / request.roots.length });
        answered.push(await analyze(h, root));
      }
      sessions.set(request.session, h);
      const { format, sampleType, durationNs, totalWeight, warnings } = profile;
      return { facts: { format, sampleType, durationNs, totalWeight, warnings, sampleCount: sampleTableOf(profile).length }, roots: answered };
    }
    case 'analyzeRoot':
      return analyze(held(request.session), request.root);
    case 'flame': {
      const h = held(request.session);
      const root = h.roots.get(request.uri);
      if (!root) throw new Error(`no analysis of ${request.uri} in profile session ${request.session}`);
      let flame = h.flames.get(request.uri);
      if (!flame) h.flames.set(request.uri, (flame = buildDynamoFlameTree(root.prepared, classifyFrame)));
      return flame;
    }
    case 'drop':
      sessions.delete(request.session);
      dropComparisons(request.session);
      return null;
    case 'compare':
      return compareInWorker(request);
    case 'diffFlame':
      return diffFlameInWorker(request);
  }
}

port.on('message', (request: WorkerRequest) => {
  // Trust is only ever granted, never withdrawn, within a window: a request never closes a gate another one opened.
  if (request.trusted) setWorkspaceTrust(true);
  handle(request).then(
    (value) => post({ id: request.id, kind: 'done', value }),
    (e: unknown) => {
      const error = e instanceof Error ? e : new Error(String(e));
      post({
        id: request.id,
        kind: 'failed',
        message: error.message,
        ...(error.stack ? { stack: error.stack } : {}),
        ...(e instanceof ProfileError ? { profileError: { file: e.file, code: e.code, detail: e.detail } } : {}),
        ...(e instanceof CompareError || e instanceof RequestCountError || e instanceof RunRecordError || e instanceof WindowError ? { userError: true } : {}),
      });
    },
  );
});
