/// <reference lib="dom" />
/**
 * The flame graph of DynamoDB marshalling stacks, drawn by d3-flame-graph, with search.
 */
import { flamegraph, type FlameGraph } from 'd3-flame-graph';
import { select } from 'd3-selection';
import type { FlameNode } from '../../shared/protocol';
import { h } from './dom';
import { saveState } from './vscodeApi';
import { shortFunctionName } from '../../core/analysis/labels';

/**
 * A d3-flame-graph chart with the report's common look: icicle (root on top), sorted, no
 * animation, as wide as `chartEl` (at least 320 px, so a 600 px side panel needs no scrolling);
 * clicking a frame zooms into it. Boxes are labelled `package.Function` (the import path dropped:
 * `github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.UnmarshalJSON` → `jsonutil.UnmarshalJSON`),
 * the full name in the tooltip (each caller's `label`); search matches the full name.
 */
export function baseFlameGraph(chartEl: HTMLElement, container: HTMLElement): FlameGraph {
  const chart = flamegraph()
    .width(Math.max(320, chartEl.clientWidth || container.clientWidth || 900))
    .cellHeight(20)
    .transitionDuration(0)
    .minFrameSize(1)
    .sort(true)
    .inverted(true)
    .setSearchMatch((node: { data: { name: string } }, term: string) => node.data.name.includes(term));
  // getName (the box text, d3-flame-graph 4) is missing from the package's type declarations.
  return (chart as unknown as { getName(f: (node: { data: { name: string } }) => string): FlameGraph }).getName((node) => shortFunctionName(node.data.name));
}

/** Calls `draw` again when `chartEl` changes width (d3-flame-graph draws at a fixed width). */
export function redrawOnResize(chartEl: HTMLElement, draw: () => void): void {
  let lastWidth = chartEl.clientWidth;
  let timer: ReturnType<typeof setTimeout> | undefined;
  new ResizeObserver(() => {
    if (Math.abs(chartEl.clientWidth - lastWidth) < 16) return;
    lastWidth = chartEl.clientWidth;
    clearTimeout(timer);
    timer = setTimeout(draw, 150);
  }).observe(chartEl);
}

/** Renders into `container`; returns nothing the caller must keep (search is wired here). */
export function renderFlameGraph(container: HTMLElement, tree: FlameNode, totalWeight: number, initialSearch: string): void {
  const search = h('input', { id: 'flame-search', className: 'search', title: 'Highlight frames whose name contains this text' });
  search.type = 'search';
  search.placeholder = 'Search frames (e.g. reflect)';
  search.value = initialSearch;
  const matches = h('span', { className: 'muted', id: 'flame-matches' });
  const chartEl = h('div', { id: 'flame-chart' });
  const details = h('div', { className: 'muted', id: 'flame-details' });
  container.append(h('div', { className: 'toolbar' }, search, matches), chartEl, details);
  if (tree.value === 0) {
    chartEl.append(h('p', { className: 'muted' }, 'No samples with DynamoDB marshalling on the stack.'));
    return;
  }
  let chart: FlameGraph | undefined;
  const draw = () => {
    chart?.destroy();
    chartEl.replaceChildren();
    chart = baseFlameGraph(chartEl, container)
      .label((node: { data: { name: string; value: number } }) => `${node.data.name} — ${((node.data.value / totalWeight) * 100).toFixed(1)}% of total`)
      .setDetailsElement(details)
      .setSearchHandler((results: unknown[], sum: number) => {
        matches.textContent = search.value ? `${results.length} frames, ${((sum / totalWeight) * 100).toFixed(1)}% of total` : '';
      });
    select(chartEl).datum(structuredClone(tree)).call(chart);
    if (search.value.trim()) chart.search(search.value.trim());
  };
  draw();
  redrawOnResize(chartEl, draw);
  const apply = () => {
    saveState({ search: search.value });
    if (search.value.trim()) chart?.search(search.value.trim());
    else {
      chart?.clear();
      matches.textContent = '';
    }
  };
  search.addEventListener('input', apply);
  if (initialSearch) apply();
}
