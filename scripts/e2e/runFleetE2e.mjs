#!/usr/bin/env node
// Editor-tier test of the fleet commands in a real VS Code (code-server + headless Chromium),
// against a STAND-IN Pyroscope server (a real HTTP server on 127.0.0.1 written from the public
// querier.proto; no Pyroscope binary can be installed here) that serves before-v1.pb.gz for
// windows starting before a deploy time and after-v2.pb.gz after it, and wants a bearer token.
//  1. Open Profile from Pyroscope… from the palette: URL, refused → Bearer token (password box),
//     profile type, service, "Last 7 days" → the lens on adapter.go:49 and the result message
//     with the DynamoDB and pruned shares. The stand-in refuses ranges over 24 h, as Pyroscope's
//     default max_query_length does: the preset works by pieces, with no lookback note (a week is within the default 7 days).
//  2. Compare Around Deploy… (credentials now come from SecretStorage): deploy time, window,
//     gap, typed request counts → the comparison's CPU per request 16.57 ms → 9.306 ms.
//  3. The token appears in no log, output channel or console line.
//  4. Storage clean-up (keepProfiles 2, keepDays 7): of three 30–32-day-old downloads seeded in the
//     extension's global storage, the two oldest go after the first download, the last after
//     the deploy windows are fetched; the first download, under 7 days old, stays.
//   node scripts/e2e/runFleetE2e.mjs [--keep] [--verbose] [--skip-package]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, readLogs, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox, writeSettings } from './sandbox.mjs';
import { goToLine, packageVsix, runCommand } from './uiSteps.mjs';
import { copyGoFixture } from './workspaces.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-fleet');
const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const EXPECTED_LINE = 49;
const EXPECTED_LENS = /^51\.\d%\sCPU\s·\s\d+\.\d%\sDynamoDB\sunmarshal\s\(aws-sdk-go\sv1[^)]*\)/;
const TOKEN = `glsa_e2e_${Date.now().toString(36)}_do-not-log`;
const DEPLOY = new Date(Math.floor(Date.now() / 60e3) * 60e3 - 2 * 3600e3).toISOString().replace('.000Z', 'Z');
/** The fleet commands' download folder (the extension's globalStorageUri, then `pyroscope`). */
const STORAGE = 'User/globalStorage/dynamo-hotpath.dynamo-hotpath/pyroscope';
/** Downloads of earlier sessions, 30, 31 and 32 days old. */
const SEEDED = [30, 31, 32].map((days) => ({ days, name: `adserver_old-${days}-days.pb.gz` }));
const timings = {};
const step = stepTimer(timings);

/** Starts the stand-in Pyroscope server; resolves with its URL and process. */
function startStandIn() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/fleet/standInMain.ts', '--profile', 'fixtures/go-adserver/profiles/before-v1.pb.gz', '--after', 'fixtures/go-adserver/profiles/after-v2.pb.gz', '--deploy', DEPLOY, '--token', TOKEN, '--max-query-length', '24h'], {
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

/** Puts {@link SEEDED} into the extension's storage folder, dated `days` ago. */
function seedOldDownloads(sb) {
  const dir = join(sb.userData, STORAGE);
  mkdirSync(dir, { recursive: true });
  for (const { days, name } of SEEDED) {
    writeFileSync(join(dir, name), 'seeded');
    const t = new Date(Date.now() - days * 86_400_000);
    utimesSync(join(dir, name), t, t);
  }
}

/** Waits (10 s at most) until the storage folder holds exactly what `expected(names)` accepts; returns the names. */
async function storageSettles(page, sb, expected, what) {
  let names = [];
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await page.waitForTimeout(250)) {
    names = readdirSync(join(sb.userData, STORAGE)).sort();
    if (expected(names)) return names;
  }
  throw new CheckFailed(`${what}: the storage folder holds ${JSON.stringify(names)}`);
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
  if (!/DynamoDB marshalling 84\.6% of CPU; pruned by the server into 'other': 0\.00%$/.test(toastText)) throw new CheckFailed(`unexpected result message: ${toastText}`);
  log(`lens "${(await lens.textContent()).trim()}"`);
  await page.screenshot({ path: join(OUT, 'fleet-lenses.png') });
  await toast.locator('.codicon-notifications-clear').click({ timeout: 5_000 }).catch(() => page.keyboard.press('Escape'));
  const afterOpen = await storageSettles(page, sb, (names) => names.length === 2 && names.includes(SEEDED[0].name) && names.some((n) => /^adserver_\d{4}-.*\.pb\.gz$/.test(n)), 'after Open Profile from Pyroscope');
  log(`storage after the first download: ${afterOpen.join(', ')}`);
  const firstDownload = afterOpen.find((n) => n !== SEEDED[0].name);

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
  const afterCompare = await storageSettles(page, sb, (names) => names.length === 3 && names.includes(firstDownload) && names.some((n) => n.startsWith('before_')) && names.some((n) => n.startsWith('after_')), 'after Compare Around Deploy');
  log(`storage after the deploy windows: ${afterCompare.join(', ')}`);

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
    writeSettings(sb.userData, { 'dynamoHotpath.pyroscope.keepProfiles': 2, 'dynamoHotpath.pyroscope.keepDays': 7 });
    seedOldDownloads(sb);
    const { folder } = copyGoFixture(sb);
    return await runInEditor({ sb, folder, outDir: OUT, vsix, timings, startedAt }, (editor) => fleetCommands(editor, standIn));
  } finally {
    standIn.child.kill('SIGTERM');
  }
}

exitWhenDone(main());
