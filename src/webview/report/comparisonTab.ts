/// <reference lib="dom" />
/**
 * The report's Comparison tab (Compare with Baseline…): the headline, the core's tables
 * (totals; categories, user functions, call sites, SDK functions with their match kind and
 * noise flags) and a differential flame graph (width = after, colour = change), plus the tab
 * bar that switches between it and the profile's own report.
 */
import type { FlameGraph } from 'd3-flame-graph';
import { differentialColorMapper } from 'd3-flame-graph/src/colorMapper';
import { select } from 'd3-selection';
import type { DiffFlameNode, ReportComparison } from '../../shared/protocol';
import { breakable, h, unbroken } from './dom';
import { baseFlameGraph, redrawOnResize } from './flameGraph';
import { labelCells } from '../theme';
import { loadState, saveState } from './vscodeApi';
import { dynamoFramesOnly } from './dynamoFramesOnly';

type Tab = 'profile' | 'comparison';

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A side's profiles by file name: `a.pb.gz`, or `a.pb.gz + b.pb.gz` for several runs. */
function sideNames(paths: readonly string[] | undefined, first: string): string {
  return (paths?.length ? paths : [first]).map(fileName).join(' + ');
}

function sectionTable(section: ReportComparison['sections'][number]): HTMLElement {
  const head = h('tr', {}, ...section.header.map((t, i) => h('th', { className: i > 0 && i < 4 ? 'num' : '' }, t)));
  const body = h('tbody', {});
  for (const row of section.rows) {
    const noise = row.some((cell) => cell.includes('(n.s.)'));
    body.append(
      h(
        'tr',
        { className: noise ? 'noise' : '', title: noise ? 'Within sampling noise (binomial standard error)' : '' },
        ...row.map((cell, i) => h('td', { className: i > 0 && i < 4 ? 'num' : i === 0 ? 'label' : '' }, i === 0 ? breakable(cell) : unbroken(cell))),
      ),
    );
  }
  return h('section', {}, h('h3', {}, section.title), h('div', { className: 'table-wrap' }, labelCells(h('table', { className: 'grid comparison' }, h('thead', {}, head), body))));
}

function drawDiffFlame(container: HTMLElement, whole: DiffFlameNode, afterTotal: number): void {
  const details = h('div', { className: 'muted', id: 'diff-flame-details' });
  const chartEl = h('div', { id: 'diff-flame-chart' });
  const only = h('input', { id: 'dynamo-only', title: 'Leave out the frames between your code and the marshalling (SDK middleware, the runtime)' });
  only.type = 'checkbox';
  only.checked = loadState().dynamoOnly ?? true;
  container.append(h('div', { className: 'toolbar' }, h('label', { className: 'toggle' }, only, 'DynamoDB frames only')), chartEl, details);
  if (whole.value === 0) {
    chartEl.append(h('p', { className: 'muted' }, 'The new profile has no samples.'));
    return;
  }
  const marshalling = dynamoFramesOnly(whole);
  let tree = only.checked ? marshalling : whole;
  const percent = (v: number) => `${((v / afterTotal) * 100).toFixed(1)}%`;
  let chart: FlameGraph | undefined;
  const draw = () => {
    chart?.destroy();
    chartEl.replaceChildren();
    chart = baseFlameGraph(chartEl, container)
      .label((node: { data: DiffFlameNode }) => `${node.data.name} — after ${percent(node.data.value)} of total, change ${node.data.delta >= 0 ? '+' : '−'}${percent(Math.abs(node.data.delta))}`)
      .setDetailsElement(details);
    // d3-flame-graph 4 draws differentials through its colour mapper; `delta` is already compound, so computeDelta stays off.
    (chart as unknown as { setColorMapper(m: typeof differentialColorMapper): FlameGraph }).setColorMapper(differentialColorMapper);
    select(chartEl).datum(structuredClone(tree)).call(chart);
  };
  draw();
  redrawOnResize(chartEl, draw);
  only.addEventListener('change', () => {
    saveState({ dynamoOnly: only.checked });
    tree = only.checked ? marshalling : whole;
    draw();
  });
}

/** The tab's content. The flame graph is drawn by the returned function, once the tab is visible (it needs the width). */
export function comparisonTab(c: ReportComparison): { element: HTMLElement; drawFlame: () => void } {
  const s = c.summary;
  const before = sideNames(s.baselinePaths, s.baselinePath);
  const after = sideNames(s.afterPaths, s.afterPath);
  const flame = h('section', { id: 'diff-flame' }, h('h2', {}, 'Differential flame graph'), h('p', { className: 'muted' }, `Width: CPU in ${after}. Colour: change against ${before}${s.normalization === 'per-request' ? ' at the same number of requests' : ' scaled to the same total'} (red grew, blue shrank, orange new). Click a frame to zoom into it; hover for its figures.`));
  const how = s.notComparable
    ? `of shares only: absolute and per-request values are not comparable (${s.notComparable})`
    : s.normalization === 'per-request' ? `per request (requests: ${s.requestSources.before} / ${s.requestSources.after})` : 'of absolute CPU: no request counts, traffic may differ';
  const element = h(
    'div',
    { id: 'comparison' },
    h('h2', {}, `${before} → ${after}`),
    h('p', { className: 'muted' }, `Changes ${how}.`),
    h('ul', { className: 'headline' }, ...s.headline.map((l) => h('li', {}, unbroken(l)))),
    ...c.sections.map(sectionTable),
    h('section', {}, h('h3', {}, 'What matched how'), h('ul', {}, ...c.matchLines.map((l) => h('li', {}, unbroken(l))))),
    s.notes.length ? h('ul', { className: 'warnings' }, ...s.notes.map((n) => h('li', {}, unbroken(n)))) : undefined,
    flame,
  );
  let drawn = false;
  return {
    element,
    drawFlame: () => {
      if (drawn) return;
      drawn = true;
      drawDiffFlame(flame, c.diffFlame, c.afterTotalWeight);
    },
  };
}

/**
 * Puts the profile report (`profileParts`) into `app`, behind a Profile | Comparison tab bar when
 * there is a comparison. A comparison not seen before opens its tab once; otherwise the saved tab.
 */
export function mountReport(app: HTMLElement, profileParts: HTMLElement[], comparison: ReportComparison | undefined): void {
  if (!comparison) {
    app.replaceChildren(...profileParts);
    return;
  }
  const state = loadState();
  const initial: Tab = comparison.summary.id !== state.seenComparison ? 'comparison' : (state.tab ?? 'profile');
  saveState({ seenComparison: comparison.summary.id });
  const profile = h('div', { id: 'profile-tab' }, ...profileParts);
  const tab = comparisonTab(comparison);
  const buttons: Record<Tab, HTMLButtonElement> = {
    profile: h('button', { className: 'tab', id: 'tab-profile' }, 'Profile'),
    comparison: h('button', { className: 'tab', id: 'tab-comparison' }, 'Comparison'),
  };
  const show = (which: Tab) => {
    profile.hidden = which !== 'profile';
    tab.element.hidden = which !== 'comparison';
    buttons.profile.classList.toggle('active', which === 'profile');
    buttons.comparison.classList.toggle('active', which === 'comparison');
    saveState({ tab: which });
    if (which === 'comparison') tab.drawFlame();
  };
  buttons.profile.addEventListener('click', () => show('profile'));
  buttons.comparison.addEventListener('click', () => show('comparison'));
  app.replaceChildren(h('nav', { className: 'tabs' }, buttons.profile, buttons.comparison), profile, tab.element);
  show(initial);
}

/** Switches to the profile tab when there is a tab bar (a lens click focuses a call site there). */
export function showProfileTab(): void {
  document.getElementById('tab-profile')?.click();
}
