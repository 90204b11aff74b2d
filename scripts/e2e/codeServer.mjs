// Harness for the editor-tier tests: a sandboxed code-server (a real VS Code served to a
// browser) and Debian's headless Chromium driven by playwright-core. Only 127.0.0.1.
// Every run gets its own user-data, extensions, XDG and TMPDIR folders under one short
// sandbox path (unix socket paths must stay under 107 bytes), so nothing lands in $HOME.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CODE_SERVER_CACHE = process.env.CODE_SERVER_CACHE || join(REPO, '.cache/code-server');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export function log(...args) {
  console.log(`[e2e ${new Date().toISOString().slice(11, 23)}]`, ...args);
}

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

/** Settings that keep the workbench quiet, offline and deterministic. */
export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'chat.commandCenter.enabled': false,
  'editor.codeLens': true,
  'editor.minimap.enabled': false,
  'files.autoSave': 'off',
  'window.restoreWindows': 'none',
  'typescript.disableAutomaticTypeAcquisition': true,
  'npm.autoDetect': 'off',
  'workbench.colorTheme': 'Default Dark Modern',
};

/** A fresh sandbox under `.cache/sb` (short path). */
export function makeSandbox(prefix) {
  const base = process.env.E2E_SANDBOX_BASE || join(REPO, '.cache/sb');
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, prefix));
  const sb = {
    root,
    userData: join(root, 'ud'),
    extensions: join(root, 'ext'),
    workspace: join(root, 'ws'),
    chrome: join(root, 'chrome'),
    xdg: join(root, 'xdg'),
    tmp: join(root, 'tmp'),
    config: join(root, 'cs.yaml'),
  };
  for (const d of [sb.userData, sb.extensions, sb.workspace, sb.chrome, sb.xdg, sb.tmp]) mkdirSync(d, { recursive: true });
  writeSettings(sb.userData, {});
  writeFileSync(sb.config, '');
  return sb;
}

export function writeSettings(userData, extra) {
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User/settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...extra }, null, 2));
}

/** Environment that keeps code-server, the extension host and Chromium inside the sandbox. */
export function sandboxEnv(sb, extra = {}) {
  const env = {
    ...process.env,
    EXTENSIONS_GALLERY: '{}',
    XDG_DATA_HOME: join(sb.xdg, 'data'),
    XDG_CONFIG_HOME: join(sb.xdg, 'config'),
    XDG_CACHE_HOME: join(sb.xdg, 'cache'),
    TMPDIR: sb.tmp,
    ...extra,
  };
  delete env.XDG_RUNTIME_DIR;
  delete env.VSCODE_IPC_HOOK_CLI;
  return env;
}

/**
 * Copies the Go fixture service into the sandbox workspace with the profile beside it, and
 * dates the sources before the profile (a fresh git checkout gives them arbitrary mtimes;
 * the extension marks sources newer than the profile as stale).
 */
export function copyGoFixture(sb) {
  const ws = join(sb.workspace, 'adserver');
  cpSync(join(REPO, 'fixtures/go-adserver/src'), ws, { recursive: true });
  mkdirSync(join(ws, 'profiles'), { recursive: true });
  const profile = join(ws, 'profiles/before-v1.pb.gz');
  cpSync(join(REPO, 'fixtures/go-adserver/profiles/before-v1.pb.gz'), profile);
  const past = new Date('2026-01-01T00:00:00Z');
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p !== profile) spawnSync('touch', ['-d', past.toISOString(), p]);
    }
  };
  walk(ws);
  return { folder: ws, profile };
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

export function removeSandbox(sb) {
  rmSync(sb.root, { recursive: true, force: true });
}
