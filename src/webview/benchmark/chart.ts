/// <reference lib="dom" />
/**
 * One bar chart per suite: time per item of every case (CPU median for the Node suites, wall-clock
 * mean for Go; chartLabels.ts), with error bars spanning the 95 % margin of error (chart.js + chartjs-chart-error-bars). Colours come from the VS Code theme
 * at draw time (the page redraws on a theme change); the canvas carries `data-theme` with the
 * theme kind it was drawn for.
 */
import { Chart, CategoryScale, LinearScale, Tooltip, Legend } from 'chart.js';
import { BarWithErrorBarsController, BarWithErrorBar } from 'chartjs-chart-error-bars';
import type { SuiteResult } from '../../core/bench/suiteTypes';
import { themeColor, themeKind } from '../theme';
import { chartLabels } from './chartLabels';

Chart.register(BarWithErrorBarsController, BarWithErrorBar, CategoryScale, LinearScale, Tooltip, Legend);

/** Draws `suite` into `canvas`; returns the chart so it can be destroyed on re-render. */
export function drawSuiteChart(canvas: HTMLCanvasElement, suite: SuiteResult): Chart | undefined {
  const cases = suite.cases.filter((c) => c.summary && c.nsPerItem !== undefined);
  if (!cases.length) return undefined;
  const kind = themeKind();
  const highContrast = kind.startsWith('vscode-high-contrast');
  const v2 = themeColor('--vscode-charts-orange', '#d18616');
  const v3 = themeColor('--vscode-charts-blue', '#3794ff');
  const fg = themeColor('--vscode-foreground', kind === 'vscode-light' || kind === 'vscode-high-contrast-light' ? '#333333' : '#cccccc');
  const grid = themeColor('--vscode-editorWidget-border', themeColor('--vscode-panel-border', '#80808040'));
  const border = highContrast ? themeColor('--vscode-contrastBorder', fg) : 'transparent';
  const labels = chartLabels(suite);
  canvas.dataset.theme = kind;
  canvas.dataset.foreground = fg;
  const data = cases.map((c) => {
    const perItemUs = c.nsPerItem! / 1000;
    const marginUs = (perItemUs * c.summary!.rmePercent) / 100;
    return { y: perItemUs, yMin: Math.max(0, perItemUs - marginUs), yMax: perItemUs + marginUs };
  });
  return new Chart(canvas, {
    type: BarWithErrorBarsController.id,
    data: {
      labels: cases.map((c) => c.label),
      datasets: [
        {
          label: labels.dataset,
          data,
          backgroundColor: cases.map((c) => (c.sdk === 'v2' || c.sdk === 'go-v1' ? v2 : v3)),
          borderColor: border,
          borderWidth: highContrast ? 1 : 0,
          errorBarColor: fg,
          errorBarWhiskerColor: fg,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      color: fg,
      plugins: { legend: { labels: { color: fg } } },
      scales: {
        x: { ticks: { color: fg, autoSkip: false, maxRotation: 60, minRotation: 0 }, grid: { color: grid } },
        y: { beginAtZero: true, ticks: { color: fg }, grid: { color: grid }, title: { display: true, text: labels.axis, color: fg } },
      },
    },
  } as never);
}
