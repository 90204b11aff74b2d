/**
 * The human-readable report of `dynamo-hotpath analyze`.
 */
import { unresolvedPathAction } from '../core/paths/unresolvedAdvice';
import { DYNAMO_CATEGORIES, MARSHALLING_CATEGORIES } from '../core/detect/types';
import { connectionReport } from '../core/analysis/connections';
import { connectionLines } from '../core/analysis/connectionsText';
import { categoryLabel, categoryShortLabel, formatPercent, formatWeight, mechanismLabel, shortFunctionName } from '../core/analysis/labels';
import type { Analysis } from '../core/analysis/types';
import { valueMeasure } from '../core/profile/valueMeasure';
import { sourceMapLines, truncationLines } from './analyzeRepairText';
import { callSiteName, shownCallers } from '../core/analysis/callerBreakdown';
import { attributionLine, attributionShares, unattributedSentences } from '../core/analysis/attributionText';
import { plural } from '../core/plural';
import { otherServicesLine } from '../core/analysis/otherServicesText';
import { displayText } from '../core/text/displayText';

export interface TextOptions {
  readonly root: string;
  readonly top: number;
  /** The request count of the profile, for per-request figures. */
  readonly requests?: { readonly requests: number; readonly source: string };
}

function table(rows: readonly string[][], rightAligned: ReadonlySet<number>): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (rightAligned.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** ` (wall time of the sampled thread, not CPU time)` for a wall-time column (V8 profiles: `valueMeasure.ts`), else ''. */
function columnGloss(a: Analysis): string {
  return valueMeasure(a.format, a.sampleType).short === 'Wall time' ? ' (wall time of the sampled thread, not CPU time)' : '';
}

function summary(a: Analysis): string[] {
  const duration = a.durationNs ? ` · ${(a.durationNs / 1e9).toFixed(2)} s recorded` : '';
  const out = [
    `DynamoDB Hot Path — ${a.sourcePath}`,
    `${a.format} · ${a.sampleType.type}/${a.sampleType.unit}${columnGloss(a)}${duration} · total ${formatWeight(a.totalWeight, a.unit)} (${a.totalCount.toLocaleString('en-US')} samples)`,
    '',
    `DynamoDB marshalling: ${formatPercent(a.dynamoWeight, a.totalWeight)} of the profile (${formatWeight(a.dynamoWeight, a.unit)}); any marshalling frame on the stack: ${formatPercent(a.anyFrameWeight, a.totalWeight)}`,
  ];
  for (const c of DYNAMO_CATEGORIES) {
    const w = a.byCategory[c];
    // Handshakes, error answers and retries are not marshalling: their own section says them.
    if (w && MARSHALLING_CATEGORIES.has(c)) out.push(`  ${formatPercent(w, a.totalWeight).padStart(6)}  ${categoryLabel(c)}`);
  }
  out.push(`  ${formatPercent(a.gcWeight, a.totalWeight).padStart(6)}  GC with no DynamoDB frame on the stack (reported apart)`);
  if (a.moduleLoadingWeight > 0) out.push(`  ${formatPercent(a.moduleLoadingWeight, a.totalWeight).padStart(6)}  SDK code run while Node loads the module (require; not counted as marshalling)`);
  const others = otherServicesLine(a);
  if (others) out.push(`  ${formatPercent(a.otherServices.weight, a.totalWeight).padStart(6)}  ${others}`);
  const shares = attributionShares(a);
  if (a.dynamoWeight > 0) {
    out.push(`  Credited to your code: ${attributionLine(shares)}`);
    for (const sentence of unattributedSentences(shares)) out.push(`    ${sentence}`);
  }
  return out;
}

function callSiteTable(a: Analysis, top: number): string[] {
  if (a.callSites.length === 0) {
    // With no marshalling at all, --root cannot be why (the warning below says what the profile lacks).
    if (a.dynamoWeight === 0) return ['', 'No call site: the profile has no DynamoDB marshalling.'];
    const why = (a.unbuiltRecordedWeight ?? 0) > 0 ? 'build first: the recorded call sites are in generated JavaScript that is not in the workspace (warning below)' : 'check --root and the path mapping below';
    return ['', `No call site of your code leads into DynamoDB marshalling (${why}).`];
  }
  const estimates = a.callSites.some((s) => (s.estimatedWeight ?? 0) > 0);
  const rows = [['call site', 'function', 'total', 'dynamo', ...(estimates ? ['estimated'] : []), 'category']];
  for (const site of a.callSites.slice(0, top)) {
    const d = site.dominant;
    rows.push([
      callSiteColumn(site),
      shortFunctionName(site.functionName),
      formatPercent(site.totalWeight, a.totalWeight),
      formatPercent(site.dynamoWeight, a.totalWeight),
      ...(estimates ? [`~${formatPercent(site.estimatedWeight ?? 0, a.totalWeight)}`] : []),
      // A row whose measured share prints as 0.0% has no measured category to show (its estimate is described above).
      formatPercent(site.dynamoWeight, a.totalWeight) === '0.0%' ? '—' : `${categoryShortLabel(d.category)} (${d.label}, ${mechanismLabel(d.mechanism)})`,
    ]);
    for (const caller of shownCallers(site)) {
      rows.push([`  ← ${caller.relativePath}:${caller.line}`, shortFunctionName(caller.functionName), '', formatPercent(caller.dynamoWeight, a.totalWeight), ...(estimates ? [''] : []), `part of ${callSiteName(site)}`]);
    }
  }
  const callers = a.callSites.slice(0, top).some((s) => shownCallers(s).length > 0);
  const legend = [
    ...(estimates ? ['  (dynamo: measured on the line — a frame of it on the sample\'s own stack, or its `record` label; estimated: credited to it by the methods above)'] : []),
    ...(callers ? ['  (← lines: the callers of the call site above and the part of its measured share each one\'s calls spent; included in its row, not added to the totals)'] : []),
  ];
  return ['', `Top call sites (${Math.min(top, a.callSites.length)} of ${a.callSites.length}):`, ...table(rows, new Set(estimates ? [2, 3, 4] : [2, 3])).map((l) => `  ${l}`), ...legend];
}

/** `file:line`; a function-level call site (no line in the profile) says so, and never shows `:0`. */
function callSiteColumn(site: Analysis['callSites'][number]): string {
  if (site.through) return `${site.relativePath}:${site.line} via ${site.through.map((t) => `${t.relativePath}:${t.line}`).join(' → ')}`;
  if (site.precision !== 'function') return `${site.relativePath}:${site.line}`;
  return site.line > 0 ? `${site.relativePath}:${site.line} (function-level)` : `${site.relativePath} (function-level, declaration not found)`;
}

function coverageLines(a: Analysis): string[] {
  const c = a.coverage;
  if (c.candidateWeight === 0) {
    return ['', `Path mapping: the profile names no file of your code (${c.counts['dependency'] ?? 0} dependency, ${c.counts['runtime'] ?? 0} runtime, ${c.counts['no-file'] ?? 0} without a file name)`];
  }
  const out = ['', `Path mapping: ${c.percent.toFixed(1)}% of the weight in your code's files (each file's samples, summed over the files) resolved to the workspace (${plural(c.counts['resolved'] ?? 0, 'file')} resolved; ${c.counts['dependency'] ?? 0} dependency, ${c.counts['runtime'] ?? 0} runtime paths)`];
  for (const u of c.unresolved.slice(0, 5)) {
    const why = u.resolution.kind === 'unresolved' ? u.resolution.reason : '';
    out.push(`  unresolved (${why}): ${u.profileFile}  ${formatPercent(u.weight, c.candidateWeight)} of that weight, on the stack in ${formatPercent(u.weight, a.totalWeight)} of the profile  → ${unresolvedPathAction(u.profileFile, u.resolution, u.candidates, u.compiledSource)}`);
  }
  return out;
}

function migrationLines(a: Analysis): string[] {
  if (a.migrations.length === 0) return [];
  const connections = (m: Analysis['migrations'][number]) =>
    m.connectionWeight ? [`          With it the aws-sdk v2 clients' TLS handshakes go too (AWS SDK v3 keeps connections alive): ${formatPercent(m.connectionWeight, a.totalWeight)} of the profile more.`] : [];
  return ['', 'Suggested migrations:', ...a.migrations.flatMap((m) => [`  ${formatPercent(m.weight, a.totalWeight).padStart(6)}  ${m.title}`, `          ${m.detail}`, ...connections(m)])];
}

/**
 * Renders an analysis as the CLI's text report (ends with a newline). Every line is escaped as
 * one line ({@link displayText}): a name from the profile cannot break a line or act on the terminal.
 */
export function renderAnalysisText(a: Analysis, options: TextOptions): string {
  const lines = [...summary(a), ...callSiteTable(a, options.top), ...connectionLines(connectionReport(a, options.requests), a.totalWeight, a.unit), ...truncationLines(a), ...coverageLines(a), ...sourceMapLines(a), ...migrationLines(a)];
  for (const w of a.warnings) lines.push(`warning: ${w}`);
  return `${lines.map((line) => displayText(line)).join('\n')}\n`;
}
