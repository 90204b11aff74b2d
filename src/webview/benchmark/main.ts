/// <reference lib="dom" />
/**
 * The benchmark results page: progress while running; then per suite a table, a chart with error
 * bars and the verdicts in words; "What it means for your fleet"; the environment; Copy as
 * Markdown, Save as JSON, Re-run. Data arrives only by message (src/shared/benchmarkMessages.ts).
 */
import type { Chart } from 'chart.js';
import type { ToBenchmarkView } from '../../shared/benchmarkMessages';
import { DEFAULT_FLEET_INPUTS } from '../../shared/benchmarkMessages';
import type { BenchReport, CaseResult, SuiteResult } from '../../core/bench/suiteTypes';
import { describeEstimate, formatBytes, formatNs, methodText, partialFailureNote } from '../../core/bench/format';
import { normalizeFleetInputs, type FleetInputs } from '../../core/bench/fleet';
import { fleetSection } from './fleetSection';
import { button, el } from './dom';
import { drawSuiteChart } from './chart';
import { chartLabels } from './chartLabels';
import { loadState, saveState, send } from './vscodeApi';
import { labelCells, onThemeChange } from '../theme';

const app = document.getElementById('app')!;
let charts: { chart: Chart; canvas: HTMLCanvasElement; suite: SuiteResult }[] = [];
let report: BenchReport | undefined = loadState().report;
let profileContext: string[] | undefined = loadState().profileContext;
let fleetInputs: FleetInputs = normalizeFleetInputs(loadState().fleetInputs, DEFAULT_FLEET_INPUTS);
let status: { kind: 'idle' | 'running' | 'failed' | 'cancelled'; text?: string; items?: string } = { kind: 'idle' };

function caseRow(c: CaseResult): HTMLTableRowElement {
  if (!c.summary) return el('tr', {}, el('td', {}, c.label), el('td', { colspan: '9', class: 'error' }, `failed: ${c.error ?? 'no samples'}`));
  const s = c.summary;
  const cells = [
    formatNs(s.meanNs),
    formatNs(s.medianNs),
    formatNs(s.p99Ns),
    Math.round(s.opsPerSecond).toLocaleString('en-US'),
    `±${s.rmePercent.toFixed(1)} %`,
    formatNs(c.nsPerItem!),
    c.wallNsPerOp === undefined ? 'n/a' : formatNs(c.wallNsPerOp),
    c.bytesPerOp === undefined ? 'n/a' : formatBytes(c.bytesPerOp),
    String(c.gcCount ?? 'n/a'),
  ];
  const note = partialFailureNote(c);
  const label = note ? el('td', {}, c.label, el('div', { class: 'error' }, note)) : el('td', {}, c.label);
  return el('tr', { class: c.sdk }, label, ...cells.map((t) => el('td', { class: 'num' }, t)));
}

/** A Go row: wall ns/op over the -count runs, B/op and allocs/op from -benchmem. */
function wallCaseRow(c: CaseResult): HTMLTableRowElement {
  if (!c.summary) return el('tr', {}, el('td', {}, c.label), el('td', { colspan: '7', class: 'error' }, `failed: ${c.error ?? 'no runs'}`));
  const s = c.summary;
  const cells = [
    formatNs(s.meanNs),
    formatNs(s.medianNs),
    `±${s.rmePercent.toFixed(1)} %`,
    formatNs(c.nsPerItem!),
    c.bytesPerOp === undefined ? 'n/a' : formatBytes(c.bytesPerOp),
    c.allocsPerOp === undefined ? 'n/a' : Math.round(c.allocsPerOp).toLocaleString('en-US'),
    String(s.n),
  ];
  return el('tr', { class: c.sdk }, el('td', {}, c.label), ...cells.map((t) => el('td', { class: 'num' }, t)));
}

function suiteSection(suite: SuiteResult): HTMLElement {
  const section = el('section', { class: 'suite' }, el('h2', {}, suite.title));
  if (suite.skipped) {
    section.append(el('p', { class: 'skipped' }, `Not run: ${suite.skipped}`));
    return section;
  }
  const wall = suite.timeKind === 'wall';
  section.append(el('p', { class: 'muted' }, suite.note, wall ? ' Times are wall-clock time per op (go test -bench ns/op), not CPU time.' : ' Times are CPU time per op; wall/op is elapsed time.'));
  const head = wall ? ['case', 'wall ns/op (mean)', 'median', 'RME', 'per item', 'B/op', 'allocs/op', 'runs'] : ['case', 'mean/op', 'median/op', 'p99/op', 'ops/s', 'RME', 'per item', 'wall/op', 'alloc/op', 'GCs'];
  section.append(el('div', { class: 'table-wrap' }, labelCells(el('table', {}, el('thead', {}, el('tr', {}, ...head.map((h) => el('th', {}, h)))), el('tbody', {}, ...suite.cases.map(wall ? wallCaseRow : caseRow))))));
  const verdicts = el('ul', { class: 'verdicts' });
  for (const c of suite.comparisons) {
    const verdict = c.estimate?.verdict ?? 'unknown';
    verdicts.append(el('li', { class: `verdict ${verdict.replace(/ /g, '-')}` }, el('strong', {}, `${c.label}: `), c.estimate ? describeEstimate(c.estimate) : 'not measured (a case failed)'));
  }
  section.append(verdicts);
  const labels = chartLabels(suite);
  const canvas = el('canvas', { 'aria-label': labels.aria, 'data-axis': labels.axis });
  section.append(el('div', { class: 'chart' }, canvas));
  queueMicrotask(() => {
    const chart = drawSuiteChart(canvas, suite);
    if (chart) charts.push({ chart, canvas, suite });
  });
  return section;
}

function environmentSection(r: BenchReport): HTMLElement {
  const e = r.environment;
  const go = r.suites.filter((s) => s.environment).map((s): [string, string] => ['Go', s.environment!]);
  if (!r.suites.some((s) => s.id !== 'go')) {
    const goRows: [string, string][] = [
      ...go,
      ['Load average (1 min)', `${e.loadAverageStart.toFixed(2)} at start, ${e.loadAverageEnd.toFixed(2)} at end`],
      ['Method', 'go test -bench -benchmem in a temporary copy of your module (go.mod, go.sum and sources are not written); ratio of mean ns/op with a 95 % Fieller interval; verdict from the interval.'],
    ];
    return el('section', { class: 'environment' }, el('h2', {}, 'Environment'), el('dl', {}, ...goRows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
  }
  const rows: [string, string][] = [
    ...go,
    ['Node', `${e.node} (V8 ${e.v8}), ${e.platform}`],
    ['CPU', `${e.cpuCount} × ${e.cpuModel}`],
    ['Load average (1 min)', `${e.loadAverageStart.toFixed(2)} at start, ${e.loadAverageEnd.toFixed(2)} at end`],
    ['SDKs', Object.entries(e.sdkVersions).map(([k, v]) => `${k} ${v}`).join(', ')],
    ['Run', `${new Date(r.startedAt).toLocaleString()}, ${(r.durationMs / 1000).toFixed(1)} s, ${r.settings.budgetMsPerCase} ms budget per case, target RME ${r.settings.targetRmePercent} %`],
    ['Method', methodText(r)],
  ];
  return el('section', { class: 'environment' }, el('h2', {}, 'Environment'), el('dl', {}, ...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
}

function toolbar(): HTMLElement {
  const running = status.kind === 'running';
  return el(
    'div',
    { class: 'toolbar' },
    running ? button('Cancel', () => send({ type: 'cancel' })) : button('Re-run', () => send({ type: 'rerun' })),
    button('Copy as Markdown', () => send({ type: 'copyMarkdown' }), report && !running ? {} : { disabled: '' }),
    button('Save as JSON', () => send({ type: 'saveJson' }), report && !running ? {} : { disabled: '' }),
  );
}

function render(): void {
  for (const c of charts) c.chart.destroy();
  charts = [];
  const parts: HTMLElement[] = [el('h1', {}, 'DynamoDB marshalling benchmark: aws-sdk v2 vs v3'), toolbar()];
  if (status.items) parts.push(el('p', { class: 'items' }, status.items));
  if (status.kind === 'running') parts.push(el('p', { class: 'status running', role: 'status' }, status.text ?? 'Running…'));
  if (status.kind === 'failed') parts.push(el('p', { class: 'status error', role: 'alert' }, status.text ?? 'The benchmark failed.'));
  if (status.kind === 'cancelled') parts.push(el('p', { class: 'status' }, 'Cancelled.'));
  if (report && (status.kind !== 'running' || report.interim)) {
    if (report.interim) parts.push(el('p', { class: 'status interim' }, `First verdict, from ${report.interim}: the figures below will change.`));
    parts.push(el('p', { class: 'items' }, `Items: ${report.itemSource.label} (${report.itemSource.format}), ${report.shape.itemCount} items`));
    if (profileContext?.length) {
      parts.push(el('section', { class: 'profile-context' }, el('h2', {}, 'Next to your profile'), el('ul', {}, ...profileContext.map((t) => el('li', {}, t)))));
    }
    const onFleetChange = (inputs: FleetInputs) => {
      fleetInputs = inputs;
      saveState({ fleetInputs });
      send({ type: 'fleetInputsChanged', inputs });
    };
    parts.push(...report.suites.map(suiteSection), fleetSection(report, fleetInputs, onFleetChange), environmentSection(report));
  }
  app.replaceChildren(...parts);
}

window.addEventListener('message', (event: MessageEvent<ToBenchmarkView>) => {
  const message = event.data;
  switch (message.type) {
    case 'starting':
      report = undefined;
      status = { kind: 'running', text: 'Starting a fresh Node process…', items: `Items: ${message.itemsLabel} — ${message.shape}. Suites: ${message.suites.join(', ')}.` };
      render();
      return;
    case 'progress': {
      const p = message.progress;
      const where = p.caseCount ? `[${p.caseIndex}/${p.caseCount}] ` : '';
      const precision = p.rmePercent !== undefined ? ` — ${p.samples} samples, RME ±${p.rmePercent.toFixed(1)} %` : '';
      const node = app.querySelector('.status.running');
      status = { ...status, text: `${where}${p.message}${precision}` };
      if (node) node.textContent = status.text!;
      else render();
      return;
    }
    case 'report':
      report = message.report;
      profileContext = message.profileContext;
      // A first verdict while the run goes on: the progress line stays.
      if (!message.report.interim) status = { kind: 'idle' };
      saveState({ report, profileContext });
      render();
      return;
    case 'failed':
      status = { ...status, kind: 'failed', text: message.message };
      render();
      return;
    case 'cancelled':
      status = { ...status, kind: 'cancelled' };
      render();
      return;
    case 'fleetInputs':
      fleetInputs = normalizeFleetInputs(message.inputs, DEFAULT_FLEET_INPUTS);
      saveState({ fleetInputs });
      render();
      return;
    default:
      console.warn('benchmark view: unknown message', message);
  }
});

// Charts take their colours from the theme when drawn: redraw them when the user switches theme.
onThemeChange(() => {
  charts = charts.map(({ chart, canvas, suite }) => {
    chart.destroy();
    return { chart: drawSuiteChart(canvas, suite)!, canvas, suite };
  });
});

render();
send({ type: 'ready' });
