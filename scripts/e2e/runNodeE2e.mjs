#!/usr/bin/env node
// Editor-tier check on a Node workspace, in a real VS Code (code-server + headless Chromium): the
// Node sample service (fixtures/node-adserver/src: TypeScript sources, compiled dist/ with source
// maps) is recorded with `dynamo-hotpath record` in both formats (aws-sdk v2, its canned DynamoDB
// endpoint on 127.0.0.1) and opened in VS Code. With each recorded, labelled profile the lens sits
// on the `.ts` line of the SDK call with the measured share, and the report's summary splits the
// headline into measured / estimated / unattributed. With the same service's plain `.cpuprofile`
// (node --cpu-prof, fixture) the lens on the function's first `.ts` line (all V8 knows) shows the
// estimated share, marked so, and the report shows the unattributed part and why. A recording of a
// one-line helper called from two handlers (test/fixtures/record-wrapper) gets caller rows under the
// helper's call site in the report. Screenshots go to test-output/e2e-node/.
//
//   node scripts/e2e/runNodeE2e.mjs [--keep] [--verbose] [--skip-package] [--update-docs]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox } from './sandbox.mjs';
import { copyToDocs, goToLine, lineNumberBelow, openThroughPalette, packageVsix, runCommand } from './uiSteps.mjs';
import { copyNodeFixture, copyRecordWrapperFixture } from './workspaces.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-node');
const ADAPTER = 'src/repository/v2-adapter.ts';
/** `this.doc.query({…}).promise()` in getUserActivity: the hottest call site of the v2 service. */
const QUERY_LINE = 31;
/**
 * `async getUserActivity(…)`: without recording, V8 knows only the first line of the user's
 * function (callers' frames carry the function's start), so a plain profile's lens sits there.
 */
const FUNCTION_LINE = 30;
const PERCENT = String.raw`\d+\.\d%`;
const timings = {};
const step = stepTimer(timings);

/** A port that was free on 127.0.0.1 a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the service's canned DynamoDB endpoint on 127.0.0.1; resolves once it listens. */
async function startFakeDynamo(ws) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ws, 'dist/fake-dynamodb.js'), '--port', String(port), '--data', join(REPO, 'fixtures/data')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake DynamoDB exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('listening')) resolve({ child, endpoint: `http://127.0.0.1:${port}` });
    });
  });
}

/** `dynamo-hotpath record --format <format>` (the built CLI) of the service's v2 variant for 2 s; returns the profile path. */
async function recordService(ws, format, name) {
  const fake = await startFakeDynamo(ws);
  try {
    const out = join(ws, 'profiles', name);
    const r = spawnSync(process.execPath, [join(REPO, 'dist/cli.js'), 'record', '--out', out, '--format', format, '--', process.execPath, join(ws, 'dist/main.js'),
      '--variant', 'v2', '--endpoint', fake.endpoint, '--duration', '2', '--concurrency', '4', '--warmup', '30'], {
      encoding: 'utf8', timeout: 180_000, env: { ...process.env, NODE_PATH: join(REPO, 'node_modules') },
    });
    if (r.status !== 0) throw new Error(`record exited ${r.status}:\n${r.stderr}`);
    log(r.stderr.trim().split('\n').filter((l) => /wrote|getUserActivity/.test(l)).join('\n'));
    return out;
  } finally {
    fake.child.kill();
  }
}

/** The report's summary rows as { label: value }. */
async function summaryRows(report) {
  const rows = await report.locator('#summary table.summary tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
  return Object.fromEntries(rows);
}

/** The line number just below a lens decoration. */
async function lensLine(page, lens) {
  const box = await lens.boundingBox();
  if (!box) throw new CheckFailed('the lens is not attached');
  return lineNumberBelow(page, box);
}

/** Loads `profile`, waits for a lens matching `title` on line `expectedLine`, checks the report; returns what it saw. */
async function loadAndCheck(page, profile, name, title, expectedLine, what) {
  let t = Date.now();
  // Clear the previous profile first, so that its lenses cannot be mistaken for this one's.
  const anyLens = page.locator('.codelens-decoration a', { hasText: /DynamoDB/ });
  if ((await anyLens.count()) > 0) {
    await runCommand(page, 'DynamoDB Hot Path: Clear Profile');
    await anyLens.first().waitFor({ state: 'detached' });
  }
  await openThroughPalette(page, profile, name);
  const lenses = page.locator('.codelens-decoration a', { hasText: title });
  await lenses.first().waitFor();
  step(`${what}ToLens`, t);
  // Several lines of the adapter get a lens: find the one above the expected line (the decorations
  // are re-rendered when the server refreshes them, so measure again until it is found).
  let lensText;
  const seen = [];
  for (const deadline = Date.now() + 20_000; lensText === undefined; ) {
    seen.length = 0;
    for (const lens of await lenses.all()) {
      const line = await lensLine(page, lens).catch(() => undefined);
      const text = (await lens.textContent().catch(() => ''))?.trim();
      seen.push(`${line}: ${text}`);
      if (line === expectedLine) lensText = text;
    }
    if (lensText === undefined && Date.now() > deadline) throw new CheckFailed(`${what}: no lens matching ${title} above ${ADAPTER}:${expectedLine}; seen ${JSON.stringify(seen)}`);
    if (lensText === undefined) await page.waitForTimeout(250);
  }
  log(`${what}: lenses ${JSON.stringify(seen)}`);
  const status = page.locator('.statusbar-item', { hasText: new RegExp(`DynamoDB ${PERCENT}.*${name.replace(/[.]/g, '\\.')}`) }).first();
  await status.waitFor();
  const statusText = (await status.textContent()).trim();
  log(`${what}: status bar "${statusText}"`);
  await page.screenshot({ path: join(OUT, `${what}-lens.png`) });

  t = Date.now();
  await runCommand(page, 'DynamoDB Hot Path: Show Report');
  const report = page.frameLocator('iframe.webview.ready >> visible=true').frameLocator('#active-frame');
  await report.locator('#summary', { hasText: name }).waitFor();
  await report.locator('#call-sites', { hasText: `${ADAPTER}:${expectedLine}` }).waitFor();
  const rows = await summaryRows(report);
  const notes = (await report.locator('#attribution li').allTextContents().catch(() => [])).map((n) => n.trim());
  log(`${what}: report summary ${JSON.stringify(rows)}; notes ${JSON.stringify(notes)}`);
  await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, `${what}-report.png`) });
  step(`${what}Report`, t);
  // The headline: the one DynamoDB figure, and its split into measured + estimated + unattributed.
  const parts = await report.locator('#headline').evaluate((el) => Object.fromEntries(['figure', 'measured', 'estimated', 'unattributed'].map((c) => [c, el.querySelector(`.${c}`)?.textContent ?? ''])));
  rows['Measured on your lines'] = parts.measured;
  const num = (label) => {
    const m = /(\d+\.\d)%/.exec(parts[label] ?? '');
    if (!m && label === 'estimated') return 0;
    if (!m) throw new CheckFailed(`${what}: the report's headline has no ${label} part: ${JSON.stringify(parts)}`);
    return Number(m[1]);
  };
  const split = { dynamo: num('figure'), measured: num('measured'), estimated: num('estimated'), unattributed: num('unattributed') };
  // The rows are rounded to 0.1 each: the three parts add up to the headline within 0.15.
  if (Math.abs(split.measured + split.estimated + split.unattributed - split.dynamo) > 0.15) throw new CheckFailed(`${what}: the split does not add up: ${JSON.stringify(split)}`);
  await page.keyboard.press('Control+1'); // back to the editor group
  return { lensText, statusText, rows, notes, split };
}

/** The helper's call site in the report, then one `←` row per handler line with its part (test/server/callerLenses.test.ts has the figures). */
async function checkCallerRows(page, profile) {
  const t = Date.now();
  await runCommand(page, 'DynamoDB Hot Path: Clear Profile');
  await openThroughPalette(page, profile, 'wrapper-v2.pb.gz');
  await page.locator('.statusbar-item', { hasText: /DynamoDB .*wrapper-v2\.pb\.gz/ }).first().waitFor();
  await runCommand(page, 'DynamoDB Hot Path: Show Report');
  const report = page.frameLocator('iframe.webview.ready >> visible=true').frameLocator('#active-frame');
  await report.locator('#summary', { hasText: 'wrapper-v2.pb.gz' }).waitFor();
  await report.locator('#call-sites tr.caller').first().waitFor();
  const rows = await report.locator('#call-sites tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim().replace(/\s+/g, ' '))));
  log(`callers: report rows ${JSON.stringify(rows)}`);
  await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, 'callers-report.png') });
  const at = rows.findIndex((r) => r[0].startsWith('record-wrapper/db-v2.js:8'));
  const expected = [
    ['← record-wrapper/handlers.js:10listOrders', '24.1%'],
    ['← record-wrapper/handlers.js:5listBadges', '1.1%'],
  ];
  const seen = rows.slice(at + 1, at + 3).map((r) => [r[0], r[2]]);
  if (at < 0 || JSON.stringify(seen) !== JSON.stringify(expected)) throw new CheckFailed(`the report's caller rows under db-v2.js:8: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(rows)}`);
  if (!(await report.locator('#callers-legend').isVisible())) throw new CheckFailed('the report does not say that caller rows are parts of the row above');
  step('callerRows', t);
  await page.keyboard.press('Control+1');
}

async function main() {
  const startedAt = Date.now();
  let t = Date.now();
  const vsix = packageVsix(argv.has('--skip-package'));
  step('package', t);
  const sb = makeSandbox('nd-');
  const folder = copyNodeFixture(sb);
  const wrapperProfile = copyRecordWrapperFixture(folder);
  t = Date.now();
  const recorded = await recordService(folder, 'pprof', 'recorded-v2.pb.gz');
  const recordedV8 = await recordService(folder, 'cpuprofile', 'recorded-v2.cpuprofile');
  step('record', t);
  return runInEditor({ sb, folder, outDir: OUT, vsix, timeout: 120_000, timings, startedAt }, async ({ page, open }) => {
    t = Date.now();
    await open(ADAPTER);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.view-line', { hasText: '"Before": aws-sdk v2' }).waitFor();
    step('workbenchLoad', t);
    await goToLine(page, '"Before": aws-sdk v2', QUERY_LINE + 12, 'async getTargetingModel');

    // The recorded profile: the async response parsing is measured on the query line (labels).
    const rec = await loadAndCheck(page, recorded, 'recorded-v2.pb.gz', new RegExp(`^${PERCENT} CPU · ${PERCENT} DynamoDB`), QUERY_LINE, 'recorded');
    if (/estimated/.test(rec.lensText)) throw new CheckFailed(`the recorded profile's lens is marked estimated: ${rec.lensText}`);
    if (!/recorded call sites/.test(rec.rows['Measured on your lines'] ?? '')) throw new CheckFailed(`the report does not say the recorded call sites measured the share: ${JSON.stringify(rec.rows)}`);
    if (rec.split.measured < 0.9 * rec.split.dynamo) throw new CheckFailed(`recorded: only ${rec.split.measured}% of ${rec.split.dynamo}% measured on a line`);
    const v8 = await loadAndCheck(page, recordedV8, 'recorded-v2.cpuprofile', new RegExp(`^${PERCENT} CPU · ${PERCENT} DynamoDB`), QUERY_LINE, 'recorded-cpuprofile');
    if (/estimated/.test(v8.lensText) || !/recorded call sites/.test(v8.rows['Measured on your lines'] ?? '')) throw new CheckFailed(`the recorded .cpuprofile is not credited through its labels: ${v8.lensText} ${JSON.stringify(v8.rows)}`);
    if (v8.split.measured < 0.9 * v8.split.dynamo) throw new CheckFailed(`recorded .cpuprofile: only ${v8.split.measured}% of ${v8.split.dynamo}% measured on a line`);

    // The plain .cpuprofile: the function's line gets an estimated share, marked so; the report shows the unattributed part.
    const plain = await loadAndCheck(page, join(folder, 'profiles/plain-v2.cpuprofile'), 'plain-v2.cpuprofile', new RegExp(`^${PERCENT} CPU · ${PERCENT} DynamoDB .* · ~${PERCENT} estimated`), FUNCTION_LINE, 'plain');
    if (!/est\./.test(plain.statusText)) throw new CheckFailed(`the status bar does not mark the estimate: ${plain.statusText}`);
    if (plain.split.estimated + plain.split.unattributed < 10) throw new CheckFailed(`plain: expected most of the DynamoDB share outside measured lines, got ${JSON.stringify(plain.split)}`);
    if (!plain.notes.some((n) => /unattributed|no frame of your code/i.test(n))) throw new CheckFailed(`plain: the report does not say why a part is unattributed: ${JSON.stringify(plain.notes)}`);
    await checkCallerRows(page, wrapperProfile);
    if (argv.has('--update-docs')) copyToDocs(OUT, ['recorded-lens.png', 'plain-report.png'], 'node-');
  });
}

exitWhenDone(main());
