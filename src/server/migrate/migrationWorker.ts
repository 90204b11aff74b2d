/**
 * The migration worker: a worker thread that runs the JavaScript/TypeScript migration analysis —
 * the TypeScript compiler and whole-project programs (`projectMigrations.ts`), seconds on a real
 * project — so that no request of the language server waits behind it. It keeps one program per
 * project and rebuilds it from the previous one after an edit (unchanged files are reused).
 */
import { parentPort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyseDocument } from './index';
import { createProjectMigrations } from './projectMigrations';
import type { AnalyseReply, AnalyseRequest } from './migrationWorkerMessages';

let folders: readonly string[] = [];
let open = new Map<string, { version: number; text: string }>();
const projects = createProjectMigrations({ folders: () => folders, openDocuments: () => open });
// This bundle loads the TypeScript compiler when the worker starts: its first request is the engine's first use.
let engineLoaded = false;

const pathOf = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri).replace(/\\/g, '/') : undefined);

function analyse(request: AnalyseRequest): AnalyseReply {
  const t0 = performance.now();
  folders = request.folders;
  open = new Map(request.documents.flatMap((d) => {
    const path = pathOf(d.uri);
    return path ? [[path, { version: d.version, text: d.text }] as const] : [];
  }));
  const wasLoaded = engineLoaded;
  engineLoaded = true;
  const analyses = request.documents.map((d) => {
    const doc = TextDocument.create(d.uri, 'javascript', d.version, d.text);
    return { uri: d.uri, version: d.version, analysis: analyseDocument(doc, { env: d.env, project: (name, env) => projects.get(name, env) }) };
  });
  return { id: request.id, analyses, ms: performance.now() - t0, ...(!wasLoaded && engineLoaded ? { engineLoaded: true } : {}) };
}

parentPort!.on('message', (request: AnalyseRequest) => {
  let reply: AnalyseReply;
  try {
    reply = analyse(request);
  } catch (e) {
    reply = { id: request.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
