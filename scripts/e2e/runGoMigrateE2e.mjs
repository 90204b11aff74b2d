#!/usr/bin/env node
// Editor-tier end-to-end test of the Go migration in a real VS Code (code-server + headless
// Chromium), run by `npm run test:e2e`: the Go sample service (fixtures/go-adserver/src) with
// before-v1.pb.gz. Open the profile through the palette, click `migrate ›` above the hot line 49
// of the aws-sdk-go v1 adapter, wait for the typed rewrite (go list, the Go helper, go build and go
// vet of the module) to show beside the file, click Apply in the notification, save: the file on
// disk is the aws-sdk-go-v2 rewrite (test/fixtures/go-migrate-v1/sample/adapter.go.golden) and
// go.mod is untouched. Screenshots and logs go to test-output/e2e-go-migrate/. No fixed sleeps.
//
//   node scripts/e2e/runGoMigrateE2e.mjs [--keep] [--verbose] [--skip-package]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox } from './sandbox.mjs';
import { goToLine, lineNumberBelow, openThroughPalette, packageVsix, runCommand } from './uiSteps.mjs';
import { copyGoFixture } from './workspaces.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-go-migrate');
const ADAPTER = 'internal/repository/ddbv1/adapter.go';
const GOLDEN = join(REPO, 'test/fixtures/go-migrate-v1/sample/adapter.go.golden');
/** The hot call site of before-v1.pb.gz (QueryWithContext in GetUserActivity). */
const LINE = 49;
const timings = {};
const step = stepTimer(timings);

/** Polls the file until it holds `expected` (the editor saves asynchronously). */
async function waitForFile(path, expected, what) {
  let last = '';
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    last = readFileSync(path, 'utf8');
    if (last === expected) return;
  }
  const lines = last.split('\n');
  const first = expected.split('\n').findIndex((l, i) => l !== lines[i]);
  throw new CheckFailed(`${what} is not the expected text; first difference at line ${first + 1}: ${JSON.stringify(lines[first])}`);
}

async function main() {
  const startedAt = Date.now();
  let t = Date.now();
  const vsix = packageVsix(argv.has('--skip-package'));
  step('package', t);
  const sb = makeSandbox('gomig-');
  const { folder, profile } = copyGoFixture(sb);
  const goMod = readFileSync(join(folder, 'go.mod'), 'utf8');
  // The typed rewrite builds and vets the whole module: minutes on a loaded 2-core machine.
  return runInEditor({ sb, folder, outDir: OUT, vsix, timings, startedAt, timeout: 600_000 }, async ({ page, open }) => {
    t = Date.now();
    await open(ADAPTER);
    await page.locator('.view-line', { hasText: /^package\sddbv1\s*$/ }).waitFor();
    await goToLine(page, /^package\sddbv1\s*$/, LINE, 'QueryWithContext');
    await openThroughPalette(page, profile, 'before-v1.pb.gz');
    const lenses = page.locator('.codelens-decoration a', { hasText: 'migrate ›' });
    await lenses.first().waitFor();
    // The v1 adapter has a `migrate ›` on each hot call site; the step needs the one above LINE.
    const found = [];
    let lens;
    for (const candidate of await lenses.all()) {
      const box = await candidate.boundingBox();
      const line = box && (await lineNumberBelow(page, box));
      found.push(line);
      if (line === LINE) lens = candidate;
    }
    if (!lens) throw new CheckFailed(`expected "migrate ›" above line ${LINE}, found it above lines ${found.join(', ')}`);
    step('profileToMigrateLens', t);

    t = Date.now();
    await lens.click();
    const diffTab = page.locator('.tab', { hasText: /adapter\.go ↔ migrated \(builds with go1\.\d+/ }).first();
    await diffTab.waitFor();
    // The diff opens at its top: the client construction is in view, with v1's MaxRetries 2 kept as 3 attempts.
    await page.locator('.editor-instance .view-line', { hasText: 'config.WithRetryMaxAttempts(3)' }).first().waitFor();
    step('lensToDiff', t);
    await page.screenshot({ path: join(OUT, 'go-migrate-diff.png') });

    t = Date.now();
    const toast = page.locator('.notification-toast', { hasText: /Migrate 1 file\(s\)\? The module builds with the rewrite/ });
    await toast.waitFor();
    await toast.locator('a.monaco-button', { hasText: /^Apply$/ }).click();
    await page.locator('.notification-toast', { hasText: /Applied the Go migration to 1 file\(s\)/ }).waitFor();
    step('apply', t);

    // Save the applied buffer. Ctrl+S raced the editor focus (in CI it reached the diff's virtual
    // right side and opened Save As); File: Save All saves the dirty file wherever focus is.
    t = Date.now();
    await page.locator('.tab.dirty', { hasText: 'adapter.go' }).first().waitFor();
    await runCommand(page, 'File: Save All');
    await waitForFile(join(folder, ADAPTER), readFileSync(GOLDEN, 'utf8'), ADAPTER);
    if (readFileSync(join(folder, 'go.mod'), 'utf8') !== goMod) throw new CheckFailed('go.mod changed without its own confirmation');
    step('saveMatchesGolden', t);
    log(`${ADAPTER} on disk is the aws-sdk-go-v2 rewrite; go.mod unchanged`);
    await page.screenshot({ path: join(OUT, 'go-migrate-applied.png') });
  });
}

exitWhenDone(main());
