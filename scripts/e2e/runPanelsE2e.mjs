#!/usr/bin/env node
// Editor-tier check of the two panels in a real VS Code (code-server + headless Chromium). The
// report at 600, 700 and 900 px and full width, in the light and the dark theme: nothing scrolls
// sideways, no word is broken across lines, the headline figure is emphasised, flame-graph boxes
// read package.Function with the full name in their tooltip (a screenshot of each). Then: open the Go fixture profile and its report, run
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

/** Resizes the browser until the visible webview is `target` ± 12 px wide; returns its width. */
async function fitPanel(page, target = WIDTH) {
  let width = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    const box = await page.locator('iframe.webview.ready >> visible=true').boundingBox();
    width = Math.round(box.width);
    if (Math.abs(width - target) <= 12) return width;
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: Math.max(900, viewport.width + 2 * (target - width)), height: viewport.height });
    await page.waitForTimeout(500);
  }
  throw new CheckFailed(`could not bring the panel to ${target} px (it stays ${width} px)`);
}

/** The report's widths: beside the editor (600, 700, 900 px) and alone (full width of a 1600 px window). */
const REPORT_WIDTHS = [600, 700, 900, 'full'];

/**
 * In the visible report: no sideways scrolling; no word of a table cell, list item or the headline
 * broken across two lines (each word's text range has one line box; paths break only at their <wbr>);
 * the headline's figure larger than the body text; flame boxes labelled without an import path,
 * their tooltip the full name. Returns the figures logged.
 */
async function checkReportLayout(frame, what) {
  const layout = await frame.locator('body').evaluate(() => {
    const broken = [];
    for (const el of document.querySelectorAll('#headline, table td, table th, li, p')) {
      if (el.closest('[hidden]')) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    const figure = document.querySelector('#headline .figure');
    const labels = [...document.querySelectorAll('#flame-chart g.frame')].map((g) => ({ box: g.querySelector('.d3-flame-graph-label')?.textContent ?? '', title: g.querySelector('title')?.textContent ?? '' }));
    return {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      broken: [...new Set(broken)].slice(0, 10),
      figureScale: figure ? parseFloat(getComputedStyle(figure).fontSize) / parseFloat(getComputedStyle(document.body).fontSize) : 0,
      withPath: labels.filter((l) => l.box.includes('/')).length,
      fullInTitle: labels.filter((l) => l.title.includes('/')).length,
      frames: labels.length,
    };
  });
  log(`${what}: content ${layout.scroll} px in ${layout.client} px; ${layout.broken.length} broken words; headline ${layout.figureScale.toFixed(1)}× the body text; ${layout.frames} flame frames, ${layout.fullInTitle} with an import path in the tooltip, ${layout.withPath} in the box`);
  if (layout.scroll > layout.client + 1) throw new CheckFailed(`${what} scrolls sideways: content is ${layout.scroll} px wide in ${layout.client} px`);
  if (layout.broken.length) throw new CheckFailed(`${what}: words broken across lines: ${layout.broken.join(', ')}`);
  if (layout.figureScale < 1.5) throw new CheckFailed(`${what}: the headline figure is not emphasised (${layout.figureScale}× the body text)`);
  if (layout.withPath > 0 || layout.fullInTitle === 0) throw new CheckFailed(`${what}: flame boxes should read package.Function with the import path in the tooltip (${layout.withPath} boxes with a path, ${layout.fullInTitle} tooltips with one)`);
  return layout;
}

/** The report at each of {@link REPORT_WIDTHS} in the current theme, checked and photographed as report-<theme>-<width>.png. */
async function reportAtEachWidth(page, theme) {
  const report = visibleWebview(page);
  for (const width of REPORT_WIDTHS) {
    if (width === 'full') {
      await runCommand(page, 'View: Toggle Maximize Editor Group');
      await page.setViewportSize({ width: 1600, height: 1000 });
      await page.waitForTimeout(500);
    } else {
      await fitPanel(page, width);
    }
    await report.locator('#flame-chart svg').waitFor();
    const shown = Math.round((await page.locator('iframe.webview.ready >> visible=true').boundingBox()).width);
    await checkReportLayout(report, `report, ${theme} theme, ${shown} px`);
    await page.locator('iframe.webview.ready >> visible=true').screenshot({ path: join(OUT, `report-${theme}-${width}.png`) });
    if (width === 'full') await runCommand(page, 'View: Toggle Maximize Editor Group');
  }
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
    await reportAtEachWidth(page, 'light');
    await fitPanel(page);
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

    // The report again, in the dark theme, at each width.
    t = Date.now();
    await runCommand(page, 'DynamoDB Hot Path: Show Report');
    await visibleWebview(page).locator('#flame-chart svg').waitFor();
    await reportAtEachWidth(page, 'dark');
    step('reportDark', t);
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
