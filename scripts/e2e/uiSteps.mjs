// Steps shared by the editor-tier scripts: packaging the .vsix, the command palette
// and VS Code's simple file dialog. Every wait is on DOM state, never a fixed sleep.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed } from './codeServer.mjs';
import { REPO, log } from './sandbox.mjs';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: REPO, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
}

/** Packages the extension exactly as users get it; with `reuse`, an existing package is kept. */
export function packageVsix(reuse) {
  const vsix = join(REPO, '.cache/e2e/dynamo-hotpath.vsix');
  mkdirSync(join(REPO, '.cache/e2e'), { recursive: true });
  if (reuse && existsSync(vsix)) return vsix;
  run(process.execPath, ['scripts/build.mjs', '--production']);
  run(process.execPath, [join(REPO, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--readme-path', 'docs/marketplace/README.md', '--out', vsix]);
  return vsix;
}

/** --update-docs: copies the screenshots `names` from `outDir` to docs/screenshots/, each prefixed with `prefix`. */
export function copyToDocs(outDir, names, prefix = '') {
  const docs = join(REPO, 'docs/screenshots');
  mkdirSync(docs, { recursive: true });
  for (const name of names) copyFileSync(join(outDir, name), join(docs, prefix + name));
  log(`screenshots copied to ${docs}`);
}

/**
 * Runs a command by its palette label. The palette can close again at once when a panel that is
 * still loading (a webview) takes the focus, so the attempt is repeated a few times.
 */
export async function runCommand(page, label) {
  const input = page.locator('.quick-input-widget input.input');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill(`>${label}`, { timeout: 5_000 });
      await row.waitFor({ timeout: 15_000 });
      break;
    } catch (e) {
      if (attempt >= 4) throw e;
      log(`the command palette closed before "${label}" could be chosen (attempt ${attempt}); trying again`);
      await page.keyboard.press('Escape').catch(() => {});
    }
  }
  await page.keyboard.press('Enter');
}

/**
 * Clicks the editor line matching `anchor`, goes to line `line` (Ctrl+G) and waits for the line
 * matching `expected` to be shown.
 */
export async function goToLine(page, anchor, line, expected) {
  await page.locator('.view-line', { hasText: anchor }).click();
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input.input').waitFor({ state: 'visible' });
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.locator('.view-line', { hasText: expected }).first().waitFor();
}

/** The editor line number shown first below `box` (a decoration's bounding box, page pixels); undefined when none is. */
export function lineNumberBelow(page, box) {
  return page.evaluate((bottom) => {
    let best;
    for (const el of document.querySelectorAll('.editor-instance .margin-view-overlays .line-numbers')) {
      const r = el.getBoundingClientRect();
      if (r.top >= bottom - 2 && (!best || r.top < best.top)) best = { top: r.top, line: Number(el.textContent) };
    }
    return best?.line;
  }, box.y + box.height);
}

/** Types `path` into VS Code's (simple) file dialog, already open, and accepts it. */
export async function pickInFileDialog(page, path, name) {
  const input = page.locator('.quick-input-widget input.input');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
  // The dialog fills in the workspace folder while it lists it, which can overwrite what was
  // typed: type again until the path has stayed in the box, with its file listed, twice in a row.
  let stable = 0;
  for (const deadline = Date.now() + 60_000; stable < 2; ) {
    if (Date.now() > deadline) throw new CheckFailed(`the file dialog did not keep ${path}`);
    if ((await input.inputValue()) !== path) {
      stable = 0;
      await input.fill(path);
    } else if (await row.isVisible()) stable++;
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Enter');
}

/** Runs Open CPU Profile… and picks `path` in VS Code's file dialog. */
export async function openThroughPalette(page, path, name) {
  await runCommand(page, 'DynamoDB Hot Path: Open CPU Profile');
  await pickInFileDialog(page, path, name);
}
