#!/usr/bin/env node
// Editor-tier check of the two panels in a light theme at about 600 px wide (a side panel), in a
// real VS Code (code-server + headless Chromium): open the Go fixture profile and its report, run
// the benchmark on the fixture Query response, and for each panel check that nothing overflows
// sideways, that tables stack their cells with labels, and that the chart was drawn for the light
// theme; then toggle to a dark theme and check the chart redraws for it; last, replace one hot call
// of adapter.go on disk, load the profile again and check that the report says that call site has
// no lens while its neighbours keep theirs. Screenshots of each panel
// go to test-output/e2e-panels/ (--update-docs copies them to docs/screenshots/).
//
//   node scripts/e2e/runPanelsE2e.mjs [--keep] [--verbose] [--skip-package] [--update-docs]
// Exit code 0 = pass, 1 = a check failed, 2 = harness error.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckFailed, exitWhenDone, runInEditor, stepTimer } from './codeServer.mjs';
import { REPO, log, makeSandbox, writeSettings } from './sandbox.mjs';
import { copyToDocs, openThroughPalette, packageVsix, runCommand } from './uiSteps.mjs';
import { copyGoFixture } from './workspaces.mjs';

const argv = new Set(process.argv.slice(2));
const OUT = join(REPO, 'test-output/e2e-panels');
const ITEMS = 'items/query-targeting-model.json';
const WIDTH = 600;
const timings = {};
const step = stepTimer(timings);

/** The visible webview's content frame. */
const visibleWebview = (page) => page.frameLocator('iframe.webview.ready >> visible=true').frameLocator('#active-frame');

/** Resizes the browser until the visible webview is WIDTH ± 12 px wide; returns its width. */
async function fitPanel(page) {
  let width = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const box = await page.locator('iframe.webview.ready >> visible=true').boundingBox();
    width = Math.round(box.width);
    if (Math.abs(width - WIDTH) <= 12) return width;
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: Math.max(900, viewport.width + 2 * (WIDTH - width)), height: viewport.height });
    await page.waitForTimeout(500);
  }
  throw new CheckFailed(`could not bring the panel to ${WIDTH} px (it stays ${width} px)`);
}

/** No sideways scrolling in the panel, and its tables stacked with labels. */
async function checkNarrowLayout(frame, what) {
  const layout = await frame.locator('body').evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    stacked: [...document.querySelectorAll('table.stack td[data-label]')].filter((td) => getComputedStyle(td).display === 'block').length,
    cells: document.querySelectorAll('table.stack td').length,
  }));
  log(`${what}: content ${layout.scroll} px in ${layout.client} px, ${layout.stacked} of ${layout.cells} table cells stacked with a label`);
  if (layout.scroll > layout.client + 1) throw new CheckFailed(`${what} scrolls sideways at ${layout.client} px: content is ${layout.scroll} px wide`);
  if (layout.stacked === 0) throw new CheckFailed(`${what}: no table cell is stacked with its label at ${layout.client} px`);
}

async function main() {
  const startedAt = Date.now();
  let t = Date.now();
  const vsix = packageVsix(argv.has('--skip-package'));
  step('package', t);
  const sb = makeSandbox('pn-');
  writeSettings(sb.userData, {
    'workbench.colorTheme': 'Default Light Modern',
    'workbench.preferredDarkColorTheme': 'Default Dark Modern',
    'workbench.preferredLightColorTheme': 'Default Light Modern',
    'dynamoHotpath.benchmark.suites': ['conversion'],
    'dynamoHotpath.benchmark.budgetMsPerCase': 200,
    'dynamoHotpath.benchmark.processes': 2,
    'dynamoHotpath.benchmark.maxProcesses': 2,
  });
  const { folder, profile } = copyGoFixture(sb);
  mkdirSync(join(folder, 'items'), { recursive: true });
  copyFileSync(join(REPO, 'fixtures/data/query-targeting-model.json'), join(folder, ITEMS));
  const viewport = { width: 1300, height: 1000 };
  return runInEditor({ sb, folder, outDir: OUT, vsix, viewport, timeout: 120_000, timings, startedAt }, async ({ page, open }) => {
    t = Date.now();
    await open(ITEMS);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.view-line', { hasText: '"Count":25' }).first().waitFor();
    await page.keyboard.press('Control+B'); // hide the side bar: the two editor groups share the width
    step('workbenchLoad', t);

    // The report panel, light theme, ~600 px.
    t = Date.now();
    await openThroughPalette(page, profile, 'before-v1.pb.gz');
    await page.locator('.statusbar-item', { hasText: /DynamoDB \d+\.\d%/ }).first().waitFor();
    await runCommand(page, 'DynamoDB Hot Path: Show Report');
    const report = visibleWebview(page);
    await report.locator('#call-sites').waitFor();
    await report.locator('#flame-chart svg').waitFor();
    const reportWidth = await fitPanel(page);
    await report.locator('#flame-chart svg').waitFor();
    await checkNarrowLayout(report, `report panel at ${reportWidth} px`);
    const flameWidth = await report.locator('#flame-chart svg').evaluate((svg) => svg.getBoundingClientRect().width);
    if (flameWidth > reportWidth) throw new CheckFailed(`the flame graph is ${flameWidth} px wide in a ${reportWidth} px panel`);
    await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, 'report-light-600.png') });
    step('reportPanel', t);

    // The benchmark panel on the fixture items, light theme, ~600 px.
    t = Date.now();
    await page.locator('.view-line', { hasText: '"Count":25' }).first().click();
    await page.keyboard.press('Control+A');
    await runCommand(page, 'DynamoDB Hot Path: Benchmark Marshalling of My Items');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'query-targeting-model.json (selection)' }).first().waitFor();
    await page.keyboard.press('Enter');
    const bench = visibleWebview(page);
    await bench.locator('li.verdict').first().waitFor({ timeout: 400_000 });
    await bench.locator('canvas[data-theme]').first().waitFor();
    const benchWidth = await fitPanel(page);
    await checkNarrowLayout(bench, `benchmark panel at ${benchWidth} px`);
    const light = await bench.locator('canvas[data-theme]').first().getAttribute('data-theme');
    if (light !== 'vscode-light') throw new CheckFailed(`the chart was drawn for ${light}, not the light theme`);
    const formula = await bench.locator('.fleet .formula').first().innerText();
    log(`fleet formula: ${formula}`);
    if (!/per item converted × \d+ items converted per request × [\d,]+ requests\/s = /.test(formula)) throw new CheckFailed(`no fleet formula: ${formula}`);
    await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, 'benchmark-light-600.png') });
    step('benchmarkPanel', t);

    // Toggle to the dark theme: the chart is drawn again with the dark theme's colours.
    t = Date.now();
    const lightForeground = await bench.locator('canvas[data-theme]').first().getAttribute('data-foreground');
    await runCommand(page, 'Preferences: Toggle between Light/Dark Themes');
    await bench.locator('canvas[data-theme="vscode-dark"]').first().waitFor({ timeout: 30_000 });
    const darkForeground = await bench.locator('canvas[data-theme]').first().getAttribute('data-foreground');
    log(`chart foreground ${lightForeground} (light) → ${darkForeground} (dark)`);
    if (darkForeground === lightForeground) throw new CheckFailed('the chart kept the light theme colours after the switch');
    await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, 'benchmark-dark-600.png') });
    step('themeSwitch', t);
    if (argv.has('--update-docs')) copyToDocs(OUT, ['report-light-600.png', 'benchmark-light-600.png']);

    // adapter.go edited after the profile (outside git): the replaced call at line 63 loses its lens,
    // the report's row says so and the status bar's tooltip states its share.
    t = Date.now();
    const adapter = join(folder, 'internal/repository/ddbv1/adapter.go');
    const before = readFileSync(adapter, 'utf8');
    const edited = before.replace('dynamodbattribute.UnmarshalListOfMaps(out.Items, &acts)', 'decodeActivities(out.Items, &acts)');
    if (edited === before) throw new CheckFailed('adapter.go has no UnmarshalListOfMaps call to replace');
    writeFileSync(adapter, edited);
    await openThroughPalette(page, profile, 'before-v1.pb.gz');
    await runCommand(page, 'DynamoDB Hot Path: Show Report');
    const edits = visibleWebview(page);
    const gone = edits.locator('tr[data-call-site="internal/repository/ddbv1/adapter.go:63"] .line-note');
    await gone.waitFor({ timeout: 30_000 });
    const note = await gone.innerText();
    const notes = await edits.locator('#call-sites .line-note').count();
    log(`edited adapter.go: row :63 says "${note}"; ${notes} row(s) with a note`);
    if (note !== 'line changed since the profile: no lens') throw new CheckFailed(`row :63 says "${note}"`);
    if (notes !== 1) throw new CheckFailed(`${notes} rows carry a note; only :63 should`);
    const summary = await edits.locator('#attribution').innerText();
    if (!/4\.8% of the profile is credited to call sites on lines changed or removed since it was recorded/.test(summary)) throw new CheckFailed(`the report summary does not state the 4.8% without a lens: ${summary}`);
    await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, 'report-edited.png') });
    step('editedReport', t);
  });
}

exitWhenDone(main());
