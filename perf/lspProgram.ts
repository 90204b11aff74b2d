/**
 * The JavaScript/TypeScript migration analysis over LSP (issue 28, item 6): a file of a project is
 * opened in a real language server (bundled as shipped, over stdio); measured are the time until
 * its diagnostics are published (the whole program built: the first build, TypeScript loaded),
 * the time from each of 5 edits until the diagnostics of the edited version arrive, and the
 * latency of hover requests sent every 25 ms meanwhile (no request may wait behind the analysis).
 *
 * The project is a real one given with `--js-project DIR:FILE` (its own aws-sdk resolvable from
 * DIR), or by default a 50-file TypeScript project made here from the multi-file service fixture
 * (test/fixtures/migrate/service) and 40 repository modules using its shared client.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, HoverRequest, PublishDiagnosticsNotification } from 'vscode-languageserver-protocol';
import { LspSession, makeWorkDir, REPO } from '../test/server/lspHarness';
import { percentile } from './lspDuringLoad';

/** A project to open: its root and the file opened in it. */
export interface JsProject {
  readonly label: string;
  readonly root: string;
  readonly file: string;
}

export interface ProgramTimings {
  readonly project: string;
  /** Script files of the project (.js/.ts/…, node_modules aside). */
  readonly files: number;
  /** ms from opening the file to its diagnostics (the server's first analysis). */
  readonly openMs: number;
  /** ms from an edit to the diagnostics of the edited version: median and max of the edits. */
  readonly editP50Ms: number;
  readonly editMaxMs: number;
  /** Findings published for the file after the last edit. */
  readonly diagnostics: number;
  /** Hovers sent every 25 ms from the open to the last edit's diagnostics: count, p50 and max latency (ms). */
  readonly hovers: { readonly count: number; readonly p50: number; readonly max: number };
}

const EDITS = 5;

function scriptFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) scriptFiles(path, out);
    else if (/\.(c|m)?[jt]sx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The default project: the service fixture plus 40 repositories using its client (50 TypeScript files); node_modules is the repository's. */
export function fixtureProject(): JsProject {
  const root = join(makeWorkDir(), 'service50');
  cpSync(join(REPO, 'test/fixtures/migrate/service'), root, { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  mkdirSync(join(root, 'src/repositories/generated'), { recursive: true });
  const client = readFileSync(join(root, 'src/db/client.ts'), 'utf8');
  const exported = /export const (\w+)/.exec(client)?.[1] ?? 'documentClient';
  for (let i = 0; i < 40; i++) {
    writeFileSync(
      join(root, `src/repositories/generated/repo${i}.ts`),
      `import { ${exported} } from '../../db/client';\n\nexport async function get${i}(id: string): Promise<unknown> {\n  const out = await ${exported}.get({ TableName: 'table${i}', Key: { id } }).promise();\n  return out.Item;\n}\n\nexport async function put${i}(id: string, value: number): Promise<void> {\n  await ${exported}.put({ TableName: 'table${i}', Item: { id, value, tags: ${exported}.createSet(['a']) } }).promise();\n}\n`,
    );
  }
  return { label: 'service fixture + 40 repositories', root, file: join(root, 'src/repositories/orders.ts') };
}

/** Measures `project` on the server bundle `serverJs`. */
export async function measureProgram(serverJs: string, project: JsProject): Promise<ProgramTimings> {
  const lsp = await LspSession.start(serverJs, project.root, makeWorkDir());
  try {
    const uri = pathToFileURL(project.file).toString();
    const published = new Map<number, { at: number; count: number }>();
    const waiters: (() => void)[] = [];
    lsp.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      if (p.uri !== uri) return;
      published.set(p.version ?? 0, { at: performance.now(), count: p.diagnostics.length });
      for (const w of waiters.splice(0)) w();
    });
    const diagnosticsOf = async (version: number) => {
      // The in-thread server publishes without a version: any publication after the change counts.
      while (!published.has(version) && !published.has(0)) await new Promise<void>((r) => waiters.push(r));
      const p = published.get(version) ?? published.get(0)!;
      published.clear();
      return p;
    };
    const hovers: number[] = [];
    let hovering = true;
    const hoverLoop = (async () => {
      while (hovering) {
        const t0 = performance.now();
        // A server that died answers nothing: the run says so below instead of hanging here.
        const answered = await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } }).then(() => true, () => false);
        if (!answered) break;
        hovers.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    let text = readFileSync(project.file, 'utf8');
    const t0 = performance.now();
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: project.file.endsWith('.ts') ? 'typescript' : 'javascript', version: 1, text } });
    const opened = await diagnosticsOf(1);
    const openMs = opened.at - t0;
    const edits: number[] = [];
    let last = opened;
    for (let v = 2; v < 2 + EDITS; v++) {
      await new Promise((r) => setTimeout(r, 300));
      text = `${text}\n// edit ${v}`;
      const t = performance.now();
      await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: v }, contentChanges: [{ text }] });
      last = await diagnosticsOf(v);
      edits.push(last.at - t);
    }
    hovering = false;
    await hoverLoop;
    return {
      project: project.label,
      files: scriptFiles(project.root).length,
      openMs,
      editP50Ms: percentile(edits, 50),
      editMaxMs: Math.max(...edits),
      diagnostics: last.count,
      hovers: { count: hovers.length, p50: percentile(hovers, 50), max: Math.max(...hovers) },
    };
  } finally {
    await lsp.stop();
  }
}

/** Prints one measurement on one line. */
export function printProgram(server: string, t: ProgramTimings): void {
  console.log(
    `LSP [${server}]: JS/TS program analysis of ${t.project} (${t.files} files): open → diagnostics ${t.openMs.toFixed(0)} ms; edit → diagnostics p50 ${t.editP50Ms.toFixed(0)} ms, max ${t.editMaxMs.toFixed(0)} ms (${t.diagnostics} findings); ${t.hovers.count} hovers meanwhile p50 ${t.hovers.p50.toFixed(1)} ms, max ${t.hovers.max.toFixed(0)} ms`,
  );
}

/** `DIR:FILE` (FILE relative to DIR) → a project. */
export function parseJsProject(arg: string): JsProject {
  const [root, file] = arg.split(':', 2) as [string, string | undefined];
  if (!file) throw new Error(`--js-project wants DIR:FILE, got ${arg}`);
  return { label: relative(process.cwd(), root) || root, root, file: join(root, file) };
}
