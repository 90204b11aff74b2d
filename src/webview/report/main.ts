/// <reference lib="dom" />
/**
 * The report panel's page: summary, call-site table, flame graph, path-mapping coverage.
 * Data arrives by message (`report`, `focus`, `empty`); the page says `ready` when it can
 * take it, and keeps the focused call site and the flame search in its saved state.
 */
import 'd3-flame-graph/dist/d3-flamegraph.css';
import type { ReportData, ReportCallSite, ReportCaller, ToReportMessage } from '../../shared/protocol';
import { breakable, h, pct, unbroken } from './dom';
import { renderFlameGraph } from './flameGraph';
import { mountReport, showProfileTab } from './comparisonTab';
import { loadState, saveState, send } from './vscodeApi';
import { offLensSentence, truncationLine, unattributedSentences } from '../../core/analysis/attributionText';
import { labelCells } from '../theme';
import { shortFunctionName as shortName } from '../../core/analysis/labels';

const app = document.getElementById('app')!;

function formatDuration(ns: number | undefined): string {
  if (ns === undefined) return 'unknown';
  return ns >= 1e9 ? `${(ns / 1e9).toFixed(2)} s` : `${(ns / 1e6).toFixed(1)} ms`;
}

function formatTotal(weight: number, unit: string): string {
  return unit === 'nanoseconds' ? `${(weight / 1e9).toFixed(2)} s` : `${weight.toLocaleString('en')} ${unit}`;
}

/**
 * The page's one DynamoDB figure, emphasised, with its meaning and how it splits: measured on your
 * lines + estimated + unattributed = the figure (the lenses and the status bar show the same).
 */
function headline(data: ReportData): HTMLElement {
  const s = data.summary;
  const a = s.attribution;
  const split: (Node | string)[] = [];
  if (a) {
    const measured = a.labelledPercent > 0 ? `${pct(a.measuredPercent)} measured on your lines (${pct(a.labelledPercent)} of it through recorded call sites)` : `${pct(a.measuredPercent)} measured on your lines`;
    split.push(h('span', { className: 'measured' }, measured));
    if (a.estimatedPercent > 0) split.push(' + ', h('span', { className: 'estimated' }, `~${pct(a.estimatedPercent)} estimated`));
    split.push(' + ', h('span', { className: 'unattributed' }, `${pct(a.unattributedPercent)} unattributed`));
  }
  return h(
    'div',
    { id: 'headline' },
    h('span', { className: 'figure' }, pct(s.dynamoPercent)),
    h('span', { className: 'meaning' }, " of the profile's CPU goes to DynamoDB marshalling (turning items into wire JSON and back, in the SDK)"),
    split.length ? h('div', { className: 'muted split' }, ...split) : undefined,
  );
}

function summarySection(data: ReportData): HTMLElement {
  const s = data.summary;
  const rows: [string, string][] = [
    ['Profile', `${s.name} (${s.format})`],
    ['Sample type', data.sampleType],
    ['Duration', formatDuration(s.durationNs)],
    ['Total', formatTotal(s.totalWeight, s.unit)],
    ...Object.entries(data.byCategory).map(([c, p]): [string, string] => [`DynamoDB ${c}`, pct(p)]),
    ['GC (outside DynamoDB stacks)', pct(data.gcPercent)],
    ['Connection setup (TLS)', pct(data.connectionSetupPercent)],
    ...(data.otherServices.note ? [['AWS SDK protocol, other services (not DynamoDB)', pct(data.otherServices.percent)] as [string, string]] : []),
  ];
  const table = h('table', { className: 'summary' });
  for (const [k, v] of rows) table.append(h('tr', {}, h('th', {}, k), h('td', { className: 'num' }, v)));
  const warnings = s.warnings.length ? h('ul', { className: 'warnings' }, ...s.warnings.map((w) => h('li', {}, unbroken(w)))) : undefined;
  const notes = [...(s.attribution ? [...unattributedSentences(s.attribution), truncationLine(s.attribution) ?? '', offLensSentence(s.attribution) ?? ''] : []), data.otherServices.note ?? ''].filter((n) => n);
  const attribution = notes.length ? h('ul', { id: 'attribution' }, ...notes.map((n) => h('li', {}, unbroken(n)))) : undefined;
  return h('section', { id: 'summary' }, h('h2', {}, 'Summary'), headline(data), table, attribution, warnings);
}

function locationLink(place: { absolutePath: string; relativePath: string; line: number }, focusId: string): HTMLAnchorElement {
  const link = h('a', { className: 'location', title: place.absolutePath }, breakable(`${place.relativePath}:${place.line}`));
  link.href = '#';
  link.addEventListener('click', (e) => {
    e.preventDefault();
    focusRow(focusId);
    send({ type: 'openLocation', absolutePath: place.absolutePath, line: place.line });
  });
  return link;
}


/** Where the call site's lens is, when not on the recorded line: moved by an edit since the profile, or gone. */
function lensPlaceNote(site: ReportCallSite): HTMLElement | undefined {
  if (site.lineGone) return h('div', { className: 'muted line-note' }, 'line changed since the profile: no lens');
  if (site.lineNow !== undefined) return h('div', { className: 'muted line-note' }, `recorded at line ${site.line}, moved by an edit`);
  return undefined;
}

function callSiteRow(site: ReportCallSite): HTMLTableRowElement {
  const link = locationLink({ ...site, line: site.lineNow ?? site.line }, site.id);
  return h(
    'tr',
    { dataset: { callSite: site.id } },
    h('td', {}, link, h('div', { className: 'fn muted', title: site.functionName }, breakable(shortName(site.functionName))), lensPlaceNote(site)),
    h('td', { className: 'num' }, pct(site.totalPercent)),
    h('td', { className: 'num' }, pct(site.dynamoPercent)),
    h('td', { className: 'num estimated' }, site.estimatedPercent > 0 ? `~${pct(site.estimatedPercent)}` : ''),
    h('td', {}, unbroken(site.description)),
    h('td', { className: 'num' }, pct(site.reflectionPercent)),
    h('td', {}, unbroken(site.migration ?? '')),
  );
}

/** A row holding a part of `site`'s DynamoDB share (included in the site's row, not added): who, percent, what. */
function partRow(site: ReportCallSite, who: HTMLElement, percent: number, what: string): HTMLTableRowElement {
  return h('tr', { className: 'caller', dataset: { callerOf: site.id } }, who, h('td', {}), h('td', { className: 'num' }, pct(percent)), h('td', {}), h('td', { className: 'muted' }, what), h('td', {}), h('td', {}));
}

function callerRow(caller: ReportCaller, site: ReportCallSite): HTMLTableRowElement {
  const who = h('td', {}, h('span', { className: 'muted' }, '← '), locationLink(caller, site.id), h('div', { className: 'fn muted', title: caller.functionName }, shortName(caller.functionName)));
  return partRow(site, who, caller.dynamoPercent, `part of ${site.relativePath}:${site.line} (${shortName(site.functionName)}): this line calls it`);
}

function noCallerRow(site: ReportCallSite): HTMLTableRowElement {
  return partRow(site, h('td', { className: 'muted' }, '← no caller of yours'), site.noCallerPercent, `part of ${site.relativePath}:${site.line} that no line of your code reached`);
}

/** A call site's row, then its callers' rows (when the CLI and the lenses show callers too). */
function callSiteRows(site: ReportCallSite): HTMLTableRowElement[] {
  const callers = site.callers.map((caller) => callerRow(caller, site));
  return [callSiteRow(site), ...callers, ...(callers.length && site.noCallerPercent > 0 ? [noCallerRow(site)] : [])];
}

function callSiteSection(data: ReportData): HTMLElement {
  const head = h('tr', {}, ...['Call site', 'CPU', 'DynamoDB', 'Estimated', 'What', 'Reflection', 'Migration'].map((t) => h('th', {}, t)));
  const body = h('tbody', {}, ...data.callSites.flatMap(callSiteRows));
  const table = h('table', { id: 'call-sites', className: 'grid' }, h('thead', {}, head), body);
  const empty = data.callSites.length === 0 ? h('p', { className: 'muted' }, 'No line of this workspace leads into DynamoDB marshalling (check the path-mapping coverage below).') : undefined;
  const legend = data.callSites.some((s) => s.callers.length) ? h('p', { className: 'muted', id: 'callers-legend' }, '← rows: the lines of your code that called the call site above, with their part of its DynamoDB share (included in its row, not added).') : undefined;
  return h('section', {}, h('h2', {}, `Call sites (${data.callSites.length})`), empty ?? h('div', { className: 'table-wrap' }, labelCells(table)), legend);
}

function coverageSection(data: ReportData): HTMLElement {
  const c = data.coverage;
  const counts = Object.entries(c.counts).map(([k, v]) => `${k}: ${v}`).join(', ');
  const list = h('table', { id: 'unresolved', className: 'grid' }, h('tr', {}, h('th', {}, 'Profile path'), h('th', {}, 'Why'), h('th', { title: 'Part of the path-mapping weight above' }, 'Part'), h('th', { title: 'Percent of the profile whose stacks pass through this file' }, 'On the stack'), h('th', {}, '')));
  for (const u of c.unresolved) {
    const button = h('button', {}, 'Add mapping…');
    button.addEventListener('click', () => send({ type: 'addPathMapping', from: u.profileFile }));
    const why = u.candidates?.length ? `${u.reason}: ${u.candidates.join(', ')}` : u.reason;
    list.append(h('tr', {}, h('td', { className: 'path' }, breakable(u.profileFile)), h('td', {}, why), h('td', { className: 'num' }, pct(u.weightPercent)), h('td', { className: 'num' }, pct(u.percent)), h('td', {}, button)));
  }
  return h(
    'section',
    { id: 'coverage' },
    h('h2', {}, 'Path mapping'),
    h('p', {}, `${pct(c.percent)} of the weight in your own code's files (each file's samples, summed over the files) mapped to workspace files; the unresolved paths below hold the rest. `, h('span', { className: 'muted' }, counts)),
    c.unresolved.length ? list : h('p', { className: 'muted' }, 'Every path of your own code was found.'),
  );
}

function focusRow(id: string | undefined): void {
  document.querySelectorAll<HTMLTableRowElement>("#call-sites tr.focused").forEach((row) => row.classList.remove("focused"));
  saveState({ focusCallSite: id });
  send({ type: 'focusChanged', callSite: id });
  if (!id) return;
  const row = document.querySelector<HTMLTableRowElement>(`#call-sites tr[data-call-site="${CSS.escape(id)}"]`);
  if (!row) return;
  row.classList.add('focused');
  row.scrollIntoView({ block: 'center' });
}

function render(data: ReportData, focus: string | undefined): void {
  const state = loadState();
  const flame = h(
    'section',
    { id: 'flame' },
    h('h2', {}, 'Where the marshalling CPU goes'),
    h('p', { className: 'muted' }, `Every stack with a DynamoDB marshalling frame anywhere on it (${pct((data.flame.value / data.summary.totalWeight) * 100)} of CPU: the headline's ${pct(data.summary.dynamoPercent)} plus stacks the analysis credits elsewhere, such as SDK loading). Boxes show package.Function; hover for the full name and figures; click to zoom.`),
  );
  mountReport(app, [summarySection(data), callSiteSection(data), flame, coverageSection(data)], data.comparison);
  renderFlameGraph(flame, data.flame, data.summary.totalWeight, state.search ?? '');
  focusRow(focus ?? state.focusCallSite);
}

window.addEventListener('message', (event: MessageEvent<ToReportMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'report':
      render(message.data, message.focusCallSite);
      return;
    case 'focus':
      showProfileTab();
      focusRow(message.callSite);
      return;
    case 'empty':
      app.replaceChildren(h('p', { className: 'muted', id: 'empty' }, message.reason));
      return;
    default:
      console.warn('DynamoDB Hot Path report: unknown message', message);
  }
});

send({ type: 'ready' });
