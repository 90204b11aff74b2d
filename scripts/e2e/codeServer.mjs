// Harness for the editor-tier tests: a sandboxed code-server (a real VS Code served to a
// browser) and Debian's headless Chromium driven by playwright-core. Only 127.0.0.1.
// `runInEditor` is the start-up and teardown every editor-tier script shares.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { REPO, log, removeSandbox, sandboxEnv } from './sandbox.mjs';

export const CODE_SERVER_CACHE = process.env.CODE_SERVER_CACHE || join(REPO, '.cache/code-server');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Path of code-server's entry.js, installing it first (idempotent, ~1.5 min cold, <1 s warm). */
export function ensureCodeServer() {
  if (process.env.CODE_SERVER) {
    if (!existsSync(process.env.CODE_SERVER)) throw new Error(`CODE_SERVER=${process.env.CODE_SERVER} does not exist`);
    return process.env.CODE_SERVER;
  }
  const result = spawnSync('bash', [join(REPO, 'scripts/e2e/installCodeServer.sh'), CODE_SERVER_CACHE], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`installing code-server failed (exit ${result.status})`);
  return result.stdout.trim().split('\n').pop();
}

/** The code-server entry if it is already installed, without installing anything. */
export function installedCodeServer() {
  if (process.env.CODE_SERVER) return existsSync(process.env.CODE_SERVER) ? process.env.CODE_SERVER : undefined;
  const entry = join(CODE_SERVER_CACHE, 'node_modules/code-server/out/node/entry.js');
  const stamped = existsSync(CODE_SERVER_CACHE) && readdirSync(CODE_SERVER_CACHE).some((f) => f.startsWith('.installed-'));
  return stamped && existsSync(entry) ? entry : undefined;
}

/** `code-server --install-extension x.vsix` into the sandbox's extensions folder. */
export function installVsix(codeServer, sb, vsix) {
  const r = spawnSync(process.execPath, [codeServer, '--config', sb.config, '--user-data-dir', sb.userData, '--extensions-dir', sb.extensions, '--install-extension', vsix, '--force'], {
    encoding: 'utf8',
    env: sandboxEnv(sb),
  });
  if (r.status !== 0) throw new Error(`installing ${vsix} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout.trim();
}

/** Starts code-server on a free 127.0.0.1 port in its own process group. */
export function startCodeServer(codeServer, sb, { env = {}, verbose = false } = {}) {
  const logFile = join(sb.root, 'code-server.log');
  const out = createWriteStream(logFile);
  const args = [codeServer, '--config', sb.config, '--auth', 'none', '--bind-addr', '127.0.0.1:0', '--user-data-dir', sb.userData, '--extensions-dir', sb.extensions,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', '--ignore-last-opened', ...(verbose ? ['--log', 'trace'] : [])];
  const child = spawn(process.execPath, args, { cwd: sb.root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: sandboxEnv(sb, env) });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolvePromise, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 60 s (see ${logFile})`)), 60_000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = /HTTP server listening on (http:\/\/\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        const url = new URL(m[1]);
        resolvePromise({ child, host: url.host, url: `http://${url.host}`, logFile });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (code ${code}, signal ${signal}); see ${logFile}`));
    });
  });
}

/** SIGTERM to code-server's process group (wrapper, extension host, language server…), SIGKILL after 5 s. */
export async function stopCodeServer(server) {
  if (!server || server.child.exitCode !== null || server.child.signalCode) return;
  const group = -server.child.pid;
  const exited = new Promise((r) => server.child.once('exit', r));
  try { process.kill(group, 'SIGTERM'); } catch { /* already gone */ }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  try { process.kill(group, 'SIGKILL'); } catch { /* group empty */ }
}

/** Headless Chromium with a sandboxed profile; close the returned context to end it. */
export function launchBrowser(sb, viewport = { width: 1600, height: 1000 }) {
  return chromium.launchPersistentContext(sb.chrome, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    env: sandboxEnv(sb),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A `vscode-remote://` URI for a path on the code-server machine. */
export function remoteUri(server, path) {
  return `vscode-remote://${server.host}${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Workbench URL opening `folder`, with `payload` entries (`openFile`, `extensionDevelopmentPath`…). */
export function workbenchUrl(server, folder, payload = []) {
  const url = new URL(`${server.url}/`);
  url.searchParams.set('folder', folder);
  if (payload.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** Every log file code-server wrote in the sandbox, as `{ file, text }`. */
export function readLogs(sb, pattern = /./) {
  const out = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (pattern.test(p)) out.push({ file: p, text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(sb.userData, 'logs'));
  return out;
}

/** Saves the logs worth reading after a run into `outDir`. */
export function saveLogs(sb, server, outDir, consoleLines) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'browser-console.txt'), consoleLines.join('\n') + '\n');
  const logs = readLogs(sb, /exthost|remoteagent|DynamoDB Hot Path/i);
  writeFileSync(join(outDir, 'exthost-logs.txt'), logs.map((l) => `===== ${l.file}\n${l.text}`).join('\n'));
  if (server && existsSync(server.logFile)) cpSync(server.logFile, join(outDir, 'code-server.log'));
}

/** A check of the product failed (exit 1), as opposed to a harness error (exit 2). */
export class CheckFailed extends Error {}

/** Records how long each named step took, in ms, into `timings`. */
export function stepTimer(timings) {
  return (name, started) => {
    timings[name] = Date.now() - started;
    log(`${name}: ${timings[name]} ms`);
  };
}

/** Exit code for a failed run: 1 when a check of the product failed or timed out, 2 for the harness. */
async function recordFailure(e, context, outDir) {
  log(`FAIL: ${e?.stack ?? e}`);
  const page = context?.pages()[0];
  if (page) await page.screenshot({ path: join(outDir, 'failure.png') }).catch(() => {});
  return e instanceof CheckFailed || e?.name === 'TimeoutError' ? 1 : 2;
}

const FLAGS = new Set(process.argv.slice(2));

/**
 * One editor-tier run in sandbox `sb`: makes sure code-server is installed, installs `vsix` (when
 * given), starts code-server and headless Chromium (`viewport`, default 1600×1000), sets up the
 * page (`timeout` ms per wait, default 90 000; console and page errors captured through
 * `consoleText(message)`) and calls `body(editor)` with
 * `{ page, server, sb, folder, consoleLines, open(file?, payload?) }`; `open` loads the workbench
 * on the workspace `folder`, opening `file` (relative to it) and any other `payload` entries.
 * Whatever happens, the logs, the console, a failure screenshot and timings.json (ms per step
 * into `timings`, `total` since `startedAt`) go to `outDir`; the browser and code-server are
 * stopped and the sandbox is removed unless `keep` (default: --keep on the command line).
 * Returns the exit code: what `body` returns when it is a number, else 0 (logged PASS); 1 when
 * a check failed (CheckFailed, or a Playwright wait timed out); 2 for any other error.
 */
export async function runInEditor(options, body) {
  const { sb, folder, outDir, vsix, viewport, timeout = 90_000, consoleText = (m) => m.text(), timings = {}, startedAt = Date.now() } = options;
  const { keep = FLAGS.has('--keep'), verbose = FLAGS.has('--verbose') } = options;
  const step = stepTimer(timings);
  mkdirSync(outDir, { recursive: true });
  rmSync(join(outDir, 'failure.png'), { force: true });
  let server;
  let context;
  const consoleLines = [];
  let exitCode = 2;
  try {
    let t = Date.now();
    const codeServer = ensureCodeServer();
    if (vsix) log(installVsix(codeServer, sb, vsix));
    step('codeServerInstall', t);
    t = Date.now();
    server = await startCodeServer(codeServer, sb, { verbose });
    step('codeServerStart', t);
    t = Date.now();
    context = await launchBrowser(sb, viewport);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(timeout);
    page.on('console', async (m) => consoleLines.push(`[${m.type()}] ${await consoleText(m)}`));
    page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
    step('browserLaunch', t);
    const open = (file, payload = []) => page.goto(workbenchUrl(server, folder, [...(file ? [['openFile', remoteUri(server, join(folder, file))]] : []), ...payload]));
    const result = await body({ page, server, sb, folder, consoleLines, open });
    exitCode = typeof result === 'number' ? result : 0;
    if (exitCode === 0) log('PASS');
  } catch (e) {
    exitCode = await recordFailure(e, context, outDir);
  } finally {
    saveLogs(sb, server, outDir, consoleLines);
    if (context) await context.close().catch(() => {});
    await stopCodeServer(server);
    if (!keep) removeSandbox(sb);
    timings.total = Date.now() - startedAt;
    writeFileSync(join(outDir, 'timings.json'), JSON.stringify(timings, null, 2));
    log(`total ${timings.total} ms; screenshots and logs in ${outDir}`);
  }
  return exitCode;
}

/** Exits with the code `run` resolves to; 2 (harness error) when it rejects. */
export function exitWhenDone(run) {
  run.then((code) => process.exit(code), (e) => {
    console.error(e);
    process.exit(2);
  });
}
