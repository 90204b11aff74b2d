/**
 * The editor goals of issue 13 and whether one server's figures (`lspTimings.ts`) meet them,
 * printed one line each: the large profile loaded with its lenses within 1 s (median, and the
 * server's first load), CodeLens on a 2,000-line file within 20 ms at p95 while typing, and a
 * hover during a 40 MB comparison answered within 50 ms at p50.
 */
import type { LspTimings } from './lspTimings';
import { printProgram } from './lspProgram';

/** Goal thresholds, ms (issue 13, Speed). */
export const LSP_GOALS = { loadToLensesMs: 1000, typingP95Ms: 20, hoverDuringCompareP50Ms: 50, programOpenMs: 5000, programEditMs: 1000 } as const;

/** The profile the load goal names. */
const GOAL_PROFILE = 'google-pprof_large.cpu.pb.gz';

const verdict = (met: boolean) => (met ? 'goal met' : 'goal NOT met');

/** `[text, met]` of each goal the figures cover. */
export function lspGoalLines(t: LspTimings): [string, boolean][] {
  const lines: [string, boolean][] = [];
  const large = t.loadToLensesMs.find((l) => l.profile === GOAL_PROFILE);
  if (large) {
    const met = large.ms <= LSP_GOALS.loadToLensesMs && large.firstMs <= LSP_GOALS.loadToLensesMs;
    lines.push([`${GOAL_PROFILE} loaded with lenses ≤ ${LSP_GOALS.loadToLensesMs} ms (median and first load): ${large.ms.toFixed(0)} / ${large.firstMs.toFixed(0)} ms`, met]);
  }
  const c = t.codeLens;
  lines.push([`CodeLens on a ${c.lines}-line file while typing ≤ ${LSP_GOALS.typingP95Ms} ms p95: ${c.typingP95.toFixed(1)} ms`, c.typingP95 <= LSP_GOALS.typingP95Ms]);
  const d = t.duringCompare;
  if (d) {
    const p50 = Math.max(d.compare.p50, d.report.p50);
    lines.push([`hover during a 40 MB comparison and its report < ${LSP_GOALS.hoverDuringCompareP50Ms} ms p50: ${d.compare.p50.toFixed(1)} / ${d.report.p50.toFixed(1)} ms`, p50 < LSP_GOALS.hoverDuringCompareP50Ms]);
  }
  // Issue 28: the JS/TS program analysis of a 50-file project, off the request thread.
  for (const p of t.programs ?? []) {
    lines.push([`${p.project}: diagnostics ≤ ${LSP_GOALS.programOpenMs} ms after opening, ≤ ${LSP_GOALS.programEditMs} ms after an edit (p50): ${p.openMs.toFixed(0)} / ${p.editP50Ms.toFixed(0)} ms`, p.openMs <= LSP_GOALS.programOpenMs && p.editP50Ms <= LSP_GOALS.programEditMs]);
    lines.push([`${p.project}: hovers meanwhile < ${LSP_GOALS.hoverDuringCompareP50Ms} ms p50: ${p.hovers.p50.toFixed(1)} ms (max ${p.hovers.max.toFixed(0)} ms)`, p.hovers.p50 < LSP_GOALS.hoverDuringCompareP50Ms]);
  }
  return lines;
}

/** Prints one server's figures, one line each, then each goal with whether it is met. */
export function printLsp(t: LspTimings): void {
  for (const l of t.loadToLensesMs) console.log(`LSP [${t.server}]: load ${l.profile} → CodeLens answered: ${l.ms.toFixed(0)} ms median, first load ${l.firstMs.toFixed(0)} ms (${l.lenses} lenses)`);
  const c = t.codeLens;
  console.log(`LSP [${t.server}]: CodeLens on a ${c.lines}-line file: idle p50 ${c.idleP50.toFixed(1)} ms, p95 ${c.idleP95.toFixed(1)} ms; while typing p50 ${c.typingP50.toFixed(1)} ms, p95 ${c.typingP95.toFixed(1)} ms`);
  for (const d of [t.duringLoad, t.duringCompare?.compare, t.duringCompare?.report]) {
    if (d) console.log(`LSP [${t.server}]: while ${d.profile} (${d.loadMs.toFixed(0)} ms): ${d.hovers} hovers, p50 ${d.p50.toFixed(1)} ms, max ${d.max.toFixed(0)} ms (sent ${d.maxSentAtMs.toFixed(0)} ms after the request)`);
  }
  for (const p of t.programs ?? []) printProgram(t.server, p);
  for (const [text, met] of lspGoalLines(t)) console.log(`LSP [${t.server}] goal: ${text}: ${verdict(met)}`);
}
