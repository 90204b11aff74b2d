/// <reference lib="dom" />
/**
 * One bar chart per suite: mean CPU time per item of every case, with error bars spanning the 95 %
 * margin of error of the mean (chart.js + chartjs-chart-error-bars).
 */
import { Chart, CategoryScale, LinearScale, Tooltip, Legend } from 'chart.js';
import { BarWithErrorBarsController, BarWithErrorBar } from 'chartjs-chart-error-bars';
import type { SuiteResult } from '../../core/bench/suiteTypes';

Chart.register(BarWithErrorBarsController, BarWithErrorBar, CategoryScale, LinearScale, Tooltip, Legend);

function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

/** Draws `suite` into `canvas`; returns the chart so it can be destroyed on re-render. */
export function drawSuiteChart(canvas: HTMLCanvasElement, suite: SuiteResult): Chart | undefined {
  const cases = suite.cases.filter((c) => c.summary && c.nsPerItem !== undefined);
  if (!cases.length) return undefined;
  const v2 = themeColor('--vscode-charts-orange', '#d18616');
  const v3 = themeColor('--vscode-charts-blue', '#3794ff');
  const fg = themeColor('--vscode-foreground', '#cccccc');
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
          label: 'CPU µs per item (mean ± 95 % margin)',
          data,
          backgroundColor: cases.map((c) => (c.sdk === 'v2' || c.sdk === 'go-v1' ? v2 : v3)),
          errorBarColor: fg,
          errorBarWhiskerColor: fg,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { labels: { color: fg } } },
      scales: {
        x: { ticks: { color: fg } },
        y: { beginAtZero: true, ticks: { color: fg }, title: { display: true, text: 'µs per item', color: fg } },
      },
    },
  } as never);
}
