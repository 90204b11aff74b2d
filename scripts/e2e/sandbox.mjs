// Per-run sandboxes for the editor-tier scripts: user-data, extensions, workspace, Chromium
// profile, XDG and TMPDIR folders under one short path (unix socket paths must stay under
// 107 bytes), so nothing a run does lands in $HOME or /tmp.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function log(...args) {
  console.log(`[e2e ${new Date().toISOString().slice(11, 23)}]`, ...args);
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

/** A fresh sandbox under `$E2E_SANDBOX_BASE` (default `.cache/sb`, a short path). */
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

/** Writes the user settings: {@link QUIET_SETTINGS} overridden by `extra`. */
export function writeSettings(userData, extra) {
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User/settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...extra }, null, 2));
}

/**
 * Go's build and module caches of this machine (`go env`), or nothing without go: the sandbox's own
 * XDG_CACHE_HOME would otherwise give every run an empty build cache, and each Go benchmark or Go
 * migration in the editor tier would compile the SDKs from scratch (minutes on a 2-core machine).
 */
function goCaches() {
  const r = spawnSync('go', ['env', 'GOCACHE', 'GOMODCACHE'], { encoding: 'utf8' });
  if (r.status !== 0) return {};
  const [GOCACHE, GOMODCACHE] = r.stdout.trim().split('\n');
  return { ...(GOCACHE ? { GOCACHE } : {}), ...(GOMODCACHE ? { GOMODCACHE } : {}) };
}

/** Environment that keeps code-server, the extension host and Chromium inside the sandbox (Go keeps its caches). */
export function sandboxEnv(sb, extra = {}) {
  const env = {
    ...process.env,
    ...goCaches(),
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

export function removeSandbox(sb) {
  rmSync(sb.root, { recursive: true, force: true });
}
