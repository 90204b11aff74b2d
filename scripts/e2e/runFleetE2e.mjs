#!/usr/bin/env node
// Editor-tier test of the fleet commands in a real VS Code (code-server + headless Chromium),
// against a STAND-IN Pyroscope server (a real HTTP server on 127.0.0.1 written from the public
// querier.proto; no Pyroscope binary can be installed here) that serves before-v1.pb.gz for
// windows starting before a deploy time and after-v2.pb.gz after it, and wants a bearer token.
//  1. Open Profile from Pyroscope… from the palette: URL, refused → Bearer token (password box),
//     profile type, service, "Last 7 days" → the lens on adapter.go:49 and the result message
//     with the DynamoDB and pruned shares.
//  2. Compare Around Deploy… (credentials now come from SecretStorage): deploy time, window,
//     gap, typed request counts → the comparison's CPU per request 16.57 ms → 9.306 ms.
//  3. The token appears in no log, output channel or console line.
//   node scripts/e2e/runFleetE2e.mjs [--keep] [--verbose] [--skip-package]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, readLogs, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox } from './sandbox.mjs';
import { goToLine, packageVsix, runCommand } from './uiSteps.mjs';
import { copyGoFixture } from './workspaces.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-fleet');
const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const EXPECTED_LINE = 49;
const EXPECTED_LENS = /^51\.\d%\sCPU\s·\s\d+\.\d%\sDynamoDB\sunmarshal\s\(aws-sdk-go\sv1[^)]*\)/;
const TOKEN = `glsa_e2e_${Date.now().toString(36)}_do-not-log`;
const DEPLOY = new Date(Math.floor(Date.now() / 60e3) * 60e3 - 2 * 3600e3).toISOString().replace('.000Z', 'Z');
const timings = {};
const step = stepTimer(timings);

/** Starts the stand-in Pyroscope server; resolves with its URL and process. */
function startStandIn() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/fleet/standInMain.ts', '--profile', 'fixtures/go-adserver/profiles/before-v1.pb.gz', '--after', 'fixtures/go-adserver/profiles/after-v2.pb.gz', '--deploy', DEPLOY, '--token', TOKEN], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (d) => {
      seen += d;
      const m = /STAND-IN PYROSCOPE (http:\/\/\S+)/.exec(seen);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`the stand-in Pyroscope server exited (${code})`)));
  });
}

/** Waits for a quick input titled `title`, then types `text` (when given) and presses Enter. */
async function answer(page, title, text) {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor();
  const input = page.locator('.quick-input-widget input.input');
  if (text !== undefined) await input.fill(text);
  if (text !== undefined && !(await page.locator('.quick-input-widget .quick-input-list').isVisible())) {
    // an input box: wait until the typed value is there
    await page.waitForFunction((t) => document.querySelector('.quick-input-widget input.input')?.value === t, text);
  } else if (text !== undefined) {
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).first().waitFor();
  }
  await page.keyboard.press('Enter');
}

/** Open Profile from Pyroscope…, then Compare Around Deploy…, then the token is in no log. */
async function fleetCommands({ page, server, sb, consoleLines, open }, standIn) {
  await open(ADAPTER);
  await page.locator('.view-line', { hasText: /^package\sddbv1\s*$/ }).waitFor();
  await goToLine(page, /^package\sddbv1\s*$/, EXPECTED_LINE, 'func (a *Adapter) GetUserActivity');

  let t = Date.now();
  await runCommand(page, 'DynamoDB Hot Path: Open Profile from Pyroscope');
  await answer(page, 'Pyroscope server', standIn.url);
  await answer(page, 'authenticate?', 'Bearer token');
  await answer(page, 'Bearer token for', TOKEN);
  await answer(page, 'Profile type', 'process_cpu:cpu:nanoseconds:cpu:nanoseconds');
  await answer(page, 'Service', 'adserver');
  await answer(page, 'Time range', 'Last 7 days');
  const lens = page.locator('.codelens-decoration a', { hasText: EXPECTED_LENS }).first();
  await lens.waitFor();
  step('openFromPyroscopeToLens', t);
  const toast = page.locator('.notification-toast', { hasText: "pruned by the server into 'other'" }).first();
  await toast.waitFor();
  const toastText = await toast.innerText();
  log(`result message: ${toastText}`);
  if (!/DynamoDB marshalling 84\.6% of CPU; pruned by the server into 'other': 0\.00%/.test(toastText)) throw new CheckFailed(`unexpected result message: ${toastText}`);
  log(`lens "${(await lens.textContent()).trim()}"`);
  await page.screenshot({ path: join(OUT, 'fleet-lenses.png') });
  await toast.locator('.codicon-notifications-clear').click().catch(() => page.keyboard.press('Escape'));

  t = Date.now();
  await runCommand(page, 'DynamoDB Hot Path: Compare Around Deploy');
  await answer(page, 'Pyroscope server', standIn.url);
  await answer(page, 'Profile type', 'process_cpu:cpu:nanoseconds:cpu:nanoseconds');
  await answer(page, 'Service', 'adserver');
  await answer(page, 'Deploy time', DEPLOY);
  await answer(page, 'Window length', '30m');
  await answer(page, 'Gap around the deploy', '10m');
  await answer(page, 'Requests served in each window', 'Type the request counts');
  await answer(page, 'Requests in the before window', '990');
  await answer(page, 'Requests in the after window', '1585');
  const compared = page.locator('.notification-toast', { hasText: 'CPU per request' }).first();
  await compared.waitFor();
  const comparedText = await compared.innerText();
  log(`comparison: ${comparedText}`);
  if (!/CPU per request 16\.57 ms → 9\.306 ms/.test(comparedText)) throw new CheckFailed(`unexpected comparison headline: ${comparedText}`);
  step('compareAroundDeploy', t);
  await page.screenshot({ path: join(OUT, 'fleet-compare.png') });

  const outputs = [...readLogs(sb), { file: 'browser console', text: consoleLines.join('\n') }, { file: 'code-server.log', text: readFileSync(server.logFile, 'utf8') }];
  const leaks = outputs.filter((o) => o.text.includes(TOKEN)).map((o) => o.file);
  if (leaks.length) throw new CheckFailed(`the token appears in ${leaks.join(', ')}`);
  const channel = outputs.find((o) => o.file.endsWith('DynamoDB Hot Path.log'));
  if (!channel || !/connected to http:\/\/127\.0\.0\.1:\d+ \(bearer auth\)/.test(channel.text)) throw new CheckFailed('the Output channel does not say how it connected');
  log(`token found in none of ${outputs.length} logs and outputs`);
}

async function main() {
  const startedAt = Date.now();
  const vsix = packageVsix(argv.has('--skip-package'));
  const standIn = await startStandIn();
  log(`stand-in Pyroscope at ${standIn.url}, deploy ${DEPLOY}`);
  try {
    const sb = makeSandbox('fleet-');
    const { folder } = copyGoFixture(sb);
    return await runInEditor({ sb, folder, outDir: OUT, vsix, timings, startedAt }, (editor) => fleetCommands(editor, standIn));
  } finally {
    standIn.child.kill('SIGTERM');
  }
}

exitWhenDone(main());
