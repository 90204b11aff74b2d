#!/usr/bin/env node
// Editor-tier check of Compare with Baseline with replicate runs, in a real VS Code (code-server +
// headless Chromium): open after-v2-r1 of the Go fixture's replicate runs, run Compare with
// Baseline from the palette, pick before-v1-r1, add before-v1-r2 and after-v2-r2 through the
// "Add another run…" picks (VS Code's simple file dialog picks one file at a time), leave the four
// request boxes empty (the run records count), and check the notification and the Comparison tab:
// CPU per request with the interval over the 2 + 2 runs. Screenshots and logs go to
// test-output/e2e-replicates/.
//
//   node scripts/e2e/runCompareReplicatesE2e.mjs [--keep] [--verbose] [--skip-package]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox } from './sandbox.mjs';
import { openThroughPalette, packageVsix, pickInFileDialog, runCommand } from './uiSteps.mjs';
import { copyGoFixture } from './workspaces.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-replicates');
const ADAPTER = 'internal/repository/ddbv2/adapter.go';
/**
 * `compare --before before-v1-r1 before-v1-r2 --after after-v2-r1 after-v2-r2 --run-records` on
 * the CLI (the ground truth of these builds, interleaved un-profiled runs, is −49.4 %).
 */
const EXPECTED_CPU = '-47.4% (95 % CI -66.8% to -16.9%, significant)';
const timings = {};
const step = stepTimer(timings);

/** Waits for the quick pick titled `title` and chooses its item labelled `label`. */
async function choose(page, title, label) {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor();
  await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().click();
}

async function main() {
  const startedAt = Date.now();
  let t = Date.now();
  const vsix = packageVsix(argv.has('--skip-package'));
  step('package', t);
  const sb = makeSandbox('rp-');
  const { folder } = copyGoFixture(sb);
  const runs = join(folder, 'profiles/replicates');
  cpSync(join(REPO, 'fixtures/go-adserver/profiles/replicates'), runs, { recursive: true });
  return runInEditor({ sb, folder, outDir: OUT, vsix, timeout: 120_000, timings, startedAt }, async ({ page, open }) => {
    t = Date.now();
    await open(ADAPTER);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.view-line', { hasText: /^package\sddbv2\s*$/ }).waitFor();
    step('workbenchLoad', t);

    t = Date.now();
    await openThroughPalette(page, join(runs, 'after-v2-r1.pb.gz'), 'after-v2-r1.pb.gz');
    await page.locator('.statusbar-item', { hasText: /DynamoDB \d+\.\d%.*after-v2-r1\.pb\.gz/ }).first().waitFor();
    step('afterLoaded', t);

    t = Date.now();
    await runCommand(page, 'DynamoDB Hot Path: Compare with Baseline');
    await pickInFileDialog(page, join(runs, 'before-v1-r1.pb.gz'), 'before-v1-r1.pb.gz');
    await choose(page, 'baseline (before) side', 'Add another run of the baseline build');
    await pickInFileDialog(page, join(runs, 'before-v1-r2.pb.gz'), 'before-v1-r2.pb.gz');
    await choose(page, 'baseline (before) side', 'Continue with 2 baseline profiles');
    await choose(page, 'new (after) side', 'Add another run of the new build');
    await pickInFileDialog(page, join(runs, 'after-v2-r2.pb.gz'), 'after-v2-r2.pb.gz');
    await choose(page, 'new (after) side', 'Continue with 2 new profiles');
    for (const name of ['before-v1-r1.pb.gz', 'before-v1-r2.pb.gz', 'the loaded profile', 'after-v2-r2.pb.gz']) {
      await page.locator('.quick-input-widget .quick-input-title', { hasText: `${name} was recorded` }).waitFor();
      await page.keyboard.press('Enter');
    }
    const toast = page.locator('.notification-toast', { hasText: 'mean of 2+2 profiles' });
    await toast.waitFor();
    const toastText = await toast.innerText();
    log(`notification: ${toastText.replace(/\s+/g, ' ')}`);
    if (!toastText.includes(EXPECTED_CPU)) throw new CheckFailed(`the notification lacks the interval over the runs (${EXPECTED_CPU}): ${toastText}`);
    step('compareReplicates', t);

    t = Date.now();
    await toast.locator('a.monaco-button, .monaco-button', { hasText: 'Show Comparison' }).first().click();
    const report = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const heading = (await report.locator('#comparison h2').first().innerText()).trim();
    log(`comparison tab: ${heading}`);
    if (heading !== 'before-v1-r1.pb.gz + before-v1-r2.pb.gz → after-v2-r1.pb.gz + after-v2-r2.pb.gz') throw new CheckFailed(`the tab does not name the runs of each side: ${heading}`);
    const row = (await report.locator('#comparison tr', { hasText: /^CPU per request/ }).first().innerText()).replace(/\s+/g, ' ');
    log(`totals: ${row}`);
    if (!row.includes('(mean of 2+2 profiles)') || !row.includes(EXPECTED_CPU)) throw new CheckFailed(`the CPU per request row lacks the interval over the runs: ${row}`);
    const notes = await report.locator('#comparison ul.warnings').innerText();
    if (!notes.includes('2 profiles before and 2 after')) throw new CheckFailed(`no note on what the interval covers: ${notes}`);
    await report.locator('#diff-flame-chart svg').waitFor();
    await page.screenshot({ path: join(OUT, 'compare-replicates.png') });
    step('comparisonTab', t);
  });
}

exitWhenDone(main());
