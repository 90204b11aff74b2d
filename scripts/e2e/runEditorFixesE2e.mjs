#!/usr/bin/env node
// Editor-tier end-to-end test of the migration quick fix and the benchmark in a real VS Code
// (code-server + headless Chromium), run after runE2e.mjs by `npm run test:e2e`.
// Workspace: a small TypeScript app holding the golden before-file
// test/fixtures/migrate/converter-esm-default.before.ts, a package.json naming the @aws-sdk
// versions the golden files are written for, the fixture Query response
// fixtures/data/query-targeting-model.json, and a CPU profile (the language server starts with
// the first profile opened).
//   (a) hover the `AWS.DynamoDB.Converter.unmarshall` diagnostic and check its text; Ctrl+.
//       (retried while the providers register), arrow to "Fix all DynamoDB migrations in this
//       file", Enter, Ctrl+S: the file on disk equals the golden after-file.
//   (b) select the items JSON, run "Benchmark Marshalling of My Items…" (conversion suite, 200 ms per
//       case, from the user settings), pick the selection: the results panel shows a v2 and a v3
//       row and a verdict.
// Screenshots and logs go to test-output/e2e-fixes/. No fixed sleeps: every step waits on DOM state.
//
//   node scripts/e2e/runEditorFixesE2e.mjs [--keep] [--verbose] [--skip-package]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox, writeSettings } from './sandbox.mjs';
import { openThroughPalette, packageVsix, runCommand } from './uiSteps.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-fixes');
const SOURCE = 'src/convert.ts';
const BEFORE = join(REPO, 'test/fixtures/migrate/converter-esm-default.before.ts');
const AFTER = join(REPO, 'test/fixtures/migrate/converter-esm-default.after.ts');
const ITEMS = 'items/query-targeting-model.json';
const FIX_ALL = 'Fix all DynamoDB migrations in this file';
/** The diagnostic's message (src/core/migrate), as the hover shows it. */
const HOVER_TEXT = 'AWS.DynamoDB.Converter.unmarshall is aws-sdk v2: unmarshall() from @aws-sdk/util-dynamodb';
const timings = {};
const step = stepTimer(timings);

/** The app workspace: before-file, package.json with the SDK versions, items, a profile. */
function makeWorkspace(sb) {
  const ws = join(sb.workspace, 'app');
  for (const d of ['src', 'items', 'profiles']) mkdirSync(join(ws, d), { recursive: true });
  writeFileSync(
    join(ws, 'package.json'),
    JSON.stringify({ name: 'app', private: true, dependencies: { 'aws-sdk': '2.1693.0', '@aws-sdk/util-dynamodb': '3.996.9', '@aws-sdk/lib-dynamodb': '3.1169.0' } }, null, 2),
  );
  copyFileSync(BEFORE, join(ws, SOURCE));
  copyFileSync(join(REPO, 'fixtures/data/query-targeting-model.json'), join(ws, ITEMS));
  copyFileSync(join(REPO, 'fixtures/node-adserver/profiles/before-v2.cpuprofile'), join(ws, 'profiles/before-v2.cpuprofile'));
  return ws;
}

/**
 * Ctrl+. until the quick-fix menu lists `title` (the first request after a file opens can be
 * cancelled while tsserver registers its providers), then arrows to it and presses Enter.
 */
async function applyQuickFix(page, title) {
  const row = page.locator('.action-widget .monaco-list-row', { hasText: title }).first();
  for (const deadline = Date.now() + 90_000; ; ) {
    await page.keyboard.press('Control+.');
    try {
      await row.waitFor({ timeout: 5_000 });
      break;
    } catch {
      if (Date.now() > deadline) throw new CheckFailed(`the quick-fix menu never offered "${title}"`);
      await page.keyboard.press('Escape');
    }
  }
  const focused = page.locator('.action-widget .monaco-list-row.focused');
  for (let i = 0; i < 20; i++) {
    if (((await focused.textContent().catch(() => '')) ?? '').includes(title)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new CheckFailed(`could not reach "${title}" with the arrow keys`);
}

async function waitForFile(path, expected, what) {
  let last = '';
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    last = readFileSync(path, 'utf8');
    if (last === expected) return;
  }
  throw new CheckFailed(`${what} on disk differs from the golden file:\n${last}`);
}

async function migrationScenario(page, ws) {
  let t = Date.now();
  // The diagnostic: an Information squiggle under the unmarshall call, and its hover text.
  const callLine = page.locator('.view-line', { hasText: 'AWS.DynamoDB.Converter.unmarshall(m)' });
  await callLine.waitFor();
  await page.locator('.squiggly-info').first().waitFor();
  // A `▶ Benchmark` lens above each of the three legacy Converter calls.
  const benchLenses = page.locator('.codelens-decoration a', { hasText: '▶ Benchmark' });
  await benchLenses.nth(2).waitFor();
  if ((await benchLenses.count()) !== 3) throw new CheckFailed(`expected 3 ▶ Benchmark lenses, found ${await benchLenses.count()}`);
  step('diagnostics', t);
  t = Date.now();
  const call = callLine.locator('span > span', { hasText: 'unmarshall' }).first();
  const box = await (await call.count() ? call : callLine).boundingBox();
  await page.mouse.move(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2);
  const hover = page.locator('.monaco-hover', { hasText: HOVER_TEXT }).first();
  await hover.waitFor();
  const hoverText = await hover.textContent();
  if (!hoverText.includes('DynamoDB Hot Path') || !hoverText.includes('v2-converter-unmarshall')) {
    throw new CheckFailed(`hover lacks the source or the code: ${hoverText}`);
  }
  log(`hover: ${hoverText.slice(0, 200)}`);
  await page.screenshot({ path: join(OUT, 'migration-hover.png') });
  step('hover', t);
  await page.keyboard.press('Escape');

  t = Date.now();
  await callLine.click();
  await applyQuickFix(page, FIX_ALL);
  await page.locator('.view-line', { hasText: 'return unmarshall(m ?? {}, { wrapNumbers: Number });' }).waitFor();
  await page.keyboard.press('Control+S');
  await waitForFile(join(ws, SOURCE), readFileSync(AFTER, 'utf8'), SOURCE);
  await page.locator('.tab.dirty').waitFor({ state: 'detached' });
  await page.screenshot({ path: join(OUT, 'migration-fixed.png') });
  step('quickFixToDisk', t);
}

async function benchmarkScenario(page, server, ws) {
  let t = Date.now();
  await runCommand(page, 'Go to File');
  await page.keyboard.type('query-targeting-model.json');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'query-targeting-model.json' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: 'query-targeting-model.json' }).waitFor();
  await page.locator('.view-line', { hasText: '"Count":25' }).first().click();
  await page.keyboard.press('Control+A');
  await runCommand(page, 'DynamoDB Hot Path: Benchmark Marshalling of My Items');
  const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'query-targeting-model.json (selection)' }).first();
  await pick.waitFor();
  await page.keyboard.press('Enter');
  const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const v2 = view.locator('table tr.v2').first();
  const v3 = view.locator('table tr.v3').first();
  const verdict = view.locator('li.verdict').first();
  await Promise.all([v2.waitFor({ timeout: 180_000 }), v3.waitFor({ timeout: 180_000 }), verdict.waitFor({ timeout: 180_000 })]);
  step('benchmarkRun', t);
  const rows = [await v2.innerText(), await v3.innerText()].map((r) => r.replace(/\s+/g, ' '));
  const verdictText = (await verdict.innerText()).replace(/\s+/g, ' ');
  log(`benchmark rows: ${rows.join(' | ')}`);
  log(`verdict: ${verdictText}`);
  for (const r of rows) if (!/\d/.test(r)) throw new CheckFailed(`a result row has no figures: ${r}`);
  if (!/faster|slower|no significant difference/i.test(verdictText)) throw new CheckFailed(`no verdict in: ${verdictText}`);
  const itemsLine = (await view.locator('p.items').first().innerText()).replace(/\s+/g, ' ');
  if (!itemsLine.includes('25 items')) throw new CheckFailed(`the panel does not say it ran on the 25 fixture items: ${itemsLine}`);
  await page.screenshot({ path: join(OUT, 'benchmark-panel.png') });
}

async function main() {
  const startedAt = Date.now();
  let t = Date.now();
  const vsix = packageVsix(argv.has('--skip-package'));
  step('package', t);

  const sb = makeSandbox('fx-');
  writeSettings(sb.userData, { 'dynamoHotpath.benchmark.suites': ['conversion'], 'dynamoHotpath.benchmark.budgetMsPerCase': 200 });
  const ws = makeWorkspace(sb);
  return runInEditor({ sb, folder: ws, outDir: OUT, vsix, timings, startedAt }, async ({ page, server, open }) => {
    t = Date.now();
    await open(SOURCE);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.tab', { hasText: 'convert.ts' }).first().waitFor();
    await page.locator('.view-line', { hasText: 'export function fromItem' }).waitFor();
    step('workbenchLoad', t);
    t = Date.now();
    await openThroughPalette(page, join(ws, 'profiles/before-v2.cpuprofile'), 'before-v2.cpuprofile');
    await page.locator('.statusbar-item', { hasText: /DynamoDB/ }).first().waitFor();
    step('profileLoaded', t);

    await migrationScenario(page, ws);
    await benchmarkScenario(page, server, ws);
  });
}

exitWhenDone(main());
