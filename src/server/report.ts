/**
 * Builds what the report panel shows from a loaded profile and one root's analysis.
 */
import type { Analysis, CallSite, CategoryWeights } from '../core/analysis/types';
import type { FlameNode, ProfileSummary, ReportCallSite, ReportData } from '../shared/protocol';
import { describeCallSite, percentOf } from './format';
import type { RootAnalysis } from './analyzeRoot';
import { rootAttributionShares } from './lensShares';
import { shownCallers } from '../core/analysis/callerBreakdown';
import { otherServicesLine } from '../core/analysis/otherServicesText';

/** Other AWS services' protocol work, as the report shows it (the CLI's words). */
function otherServicesOf(analysis: Analysis): ReportData['otherServices'] {
  const note = otherServicesLine(analysis);
  return { percent: percentOf(analysis.otherServices.weight, analysis.totalWeight), ...(note ? { note } : {}) };
}

/** Id of a call site in lens arguments and the report: `relativePath:line`. */
export function callSiteId(site: { relativePath: string; line: number }): string {
  return `${site.relativePath}:${site.line}`;
}

/** Weight per category → percent of `total` per category (absent categories stay absent). */
export function categoryPercents(weights: CategoryWeights, total: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [category, weight] of Object.entries(weights)) if (weight) out[category] = percentOf(weight, total);
  return out;
}

/**
 * Where a call site's lens is, from the root's anchors: `lineNow` when an edit since the profile
 * moved its line, `lineGone` when it has no lens (line changed or removed, or file unreadable);
 * nothing when the lens is on the recorded line. Without `files` (no anchors known) nothing.
 */
function lensPlace(site: CallSite, files: RootAnalysis['files'] | undefined): Pick<ReportCallSite, 'lineNow' | 'lineGone'> {
  if (!files) return {};
  const anchored = files.get(site.absolutePath)?.callSites.find((a) => a.site.line === site.line && a.site.functionName === site.functionName);
  if (!anchored) return { lineGone: true };
  // An anchor is made on the load-time text, so its `recordedLine` is the line there, after any mapping through git.
  return anchored.anchor.recordedLine !== site.line ? { lineNow: anchored.anchor.recordedLine } : {};
}

/**
 * The report's call-site rows, heaviest DynamoDB weight first (the analysis' order); with the
 * root's anchors (`files`), each row says where its lens is ({@link lensPlace}).
 */
export function reportCallSites(analysis: Analysis, files?: RootAnalysis['files']): ReportCallSite[] {
  const total = analysis.totalWeight;
  return analysis.callSites.map((site) => ({
    id: callSiteId(site),
    relativePath: site.relativePath,
    absolutePath: site.absolutePath,
    line: site.line,
    ...lensPlace(site, files),
    functionName: site.functionName,
    totalPercent: percentOf(site.totalWeight, total),
    dynamoPercent: percentOf(site.dynamoWeight, total),
    labelledPercent: percentOf(site.labelledWeight ?? 0, total),
    estimatedPercent: percentOf(site.estimatedWeight ?? 0, total),
    description: describeCallSite(site),
    byCategory: categoryPercents(site.byCategory, total),
    reflectionPercent: percentOf(site.reflectionWeight, total),
    migration: site.dominant.migration,
    chain: site.chain.map((f) => ({
      name: f.name,
      file: f.file,
      line: f.line,
      flatPercent: percentOf(f.flat, total),
      cumPercent: percentOf(f.cum, total),
      role: f.role,
    })),
    ...reportCallers(site, total),
  }));
}

/** The callers the CLI and the lenses show for `site` (`shownCallers`), as percents of `total`. */
function reportCallers(site: CallSite, total: number): Pick<ReportCallSite, 'callers' | 'noCallerPercent'> {
  const callers = shownCallers(site);
  return {
    callers: callers.map((c) => ({ relativePath: c.relativePath, absolutePath: c.absolutePath, line: c.line, functionName: c.functionName, dynamoPercent: percentOf(c.dynamoWeight, total) })),
    noCallerPercent: callers.length ? percentOf(site.noCallerWeight ?? 0, total) : 0,
  };
}

/**
 * The whole report for one root. Unresolved paths are limited to the 50 heaviest; the
 * summary's attribution split is this root's (another root may map other files).
 */
export function buildReport(summary: ProfileSummary, root: RootAnalysis, flame: FlameNode): ReportData {
  const { rootUri, analysis } = root;
  const total = analysis.totalWeight;
  return {
    rootUri,
    summary: { ...summary, attribution: rootAttributionShares(root) },
    sampleType: `${analysis.sampleType.type}/${analysis.sampleType.unit}`,
    byCategory: categoryPercents(analysis.byCategory, total),
    gcPercent: percentOf(analysis.gcWeight, total),
    connectionSetupPercent: percentOf(analysis.connectionSetupWeight, total),
    otherServices: otherServicesOf(analysis),
    callSites: reportCallSites(analysis, root.files),
    coverage: {
      percent: analysis.coverage.percent,
      counts: analysis.coverage.counts,
      unresolved: analysis.coverage.unresolved.slice(0, 50).map((u) => ({
        profileFile: u.profileFile,
        percent: percentOf(u.weight, total),
        weightPercent: percentOf(u.weight, analysis.coverage.candidateWeight),
        reason: u.resolution.kind === 'unresolved' ? u.resolution.reason : 'resolved',
        candidates: u.resolution.kind === 'unresolved' ? u.resolution.candidates : undefined,
      })),
    },
    migrations: analysis.migrations.map((m) => ({ id: m.id, title: m.title, percent: percentOf(m.weight, total), detail: m.detail })),
    flame,
  };
}
