#!/usr/bin/env node
// Runs an extension test suite (extensionTestsPath) inside code-server's real extension host:
// the code-server counterpart of launching VS Code with --extensionTestsPath. It takes the
// flags @vscode/test-electron passes to a VS Code executable, so `vscodeTestShim` can stand
// in for one:
//   --extensionDevelopmentPath=DIR (repeatable) --extensionTestsPath=FILE
//   --user-data-dir=DIR --extensions-dir=DIR [WORKSPACE_FOLDER]
// Electron-only flags (--no-sandbox, --disable-gpu-sandbox, --disable-updates, --skip-welcome,
// --skip-release-notes, --disable-workspace-trust, --disable-extensions) are accepted and ignored.
//
// How: the workbench URL's `payload` carries extensionDevelopmentPath/extensionTestsPath as
// vscode-remote URIs (what VS Code's own "Extension Development Host" window uses); the remote
// extension host runs the suite and the workbench reports its exit code through
// window.codeAutomationExit, which Playwright exposes. The environment of this process
// (test-electron's extensionTestsEnv) reaches the tests' process.env.
// Exit code: the suite's (0 = passed), 2 = harness error or timeout.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import { exitWhenDone, remoteUri, runInEditor } from './codeServer.mjs';
import { REPO, log, makeSandbox, writeSettings } from './sandbox.mjs';

const WITH_VALUE = new Set(['extensionDevelopmentPath', 'extensionTestsPath', 'user-data-dir', 'extensions-dir', 'timeout', 'out']);
const IGNORED = new Set(['no-sandbox', 'disable-gpu-sandbox', 'disable-gpu', 'disable-updates', 'skip-welcome', 'skip-release-notes', 'disable-workspace-trust', 'disable-extensions', 'disable-telemetry', 'new-window', 'wait', 'keep']);
const opts = { dev: [], positional: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (!a.startsWith('--')) {
    opts.positional.push(a);
    continue;
  }
  const eq = a.indexOf('=');
  const name = a.slice(2, eq < 0 ? undefined : eq);
  if (WITH_VALUE.has(name)) {
    const value = eq < 0 ? argv[++i] : a.slice(eq + 1);
    if (name === 'extensionDevelopmentPath') opts.dev.push(resolve(value));
    else opts[name] = value;
  } else if (name === 'keep') opts.keep = true;
  else if (!IGNORED.has(name)) console.error(`[runExtensionTests] ignoring ${a}: code-server has no equivalent`);
}
if (!opts.extensionTestsPath || opts.dev.length === 0) {
  console.error('usage: runExtensionTests.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [--user-data-dir=DIR] [--extensions-dir=DIR] [FOLDER]');
  process.exit(2);
}
const OUT = resolve(opts.out || join(REPO, 'test-output/electron'));
const TIMEOUT_MS = Number(opts.timeout || 300) * 1000;

/** Console message → text: drops VS Code's `%c` CSS arguments and applies printf formatting. */
async function messageText(message) {
  try {
    let values = await Promise.all(message.args().map((a) => a.jsonValue()));
    let prefix = '';
    if (typeof values[0] === 'string' && values[0].includes('%c')) {
      const styles = values[0].match(/%c/g).length;
      prefix = values[0].replace(/%c/g, '').trim();
      values = values.slice(1 + styles);
    }
    const body = values.length ? format(...values) : '';
    return prefix ? `${prefix} ${body}` : body;
  } catch {
    return message.text();
  }
}

/** Workbench chatter that is never about the tests (still saved to browser-console.txt). */
const NOISE = /Resolving connection token|Resolved connection token|Creating a socket|builtin extension|\[Service Worker\]|ChatSessionStore|Overwriting extension|web worker extension host|tokenizing|workbench contribution|^\s*$/;

/** The console line's text, echoed with a `  | ` prefix unless it is workbench chatter. */
async function echoTestOutput(message) {
  const text = await messageText(message);
  if (!NOISE.test(text)) console.log(`  | ${text.replace(/^(INFO|\[Extension Host\]) ?/, '')}`);
  return text;
}

async function main() {
  const sb = makeSandbox('ext-');
  if (opts['user-data-dir']) {
    sb.userData = resolve(opts['user-data-dir']);
    writeSettings(sb.userData, {});
  }
  if (opts['extensions-dir']) mkdirSync((sb.extensions = resolve(opts['extensions-dir'])), { recursive: true });
  const folder = resolve(opts.positional[0] || sb.workspace);
  return runInEditor({ sb, folder, outDir: OUT, keep: opts.keep === true, consoleText: echoTestOutput }, async ({ page, server, open }) => {
    let onExit;
    const exited = new Promise((r) => (onExit = r));
    await page.exposeFunction('codeAutomationExit', (exitCode) => onExit(exitCode));
    const payload = [...opts.dev.map((d) => ['extensionDevelopmentPath', remoteUri(server, d)]), ['extensionTestsPath', remoteUri(server, resolve(opts.extensionTestsPath))]];
    await open(undefined, payload);
    const result = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), TIMEOUT_MS))]);
    if (result === 'timeout') throw new Error(`no result from the extension host after ${TIMEOUT_MS / 1000} s`);
    log(`extension tests exited with code ${result}`);
    return result;
  });
}

exitWhenDone(main());
