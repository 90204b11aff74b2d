/**
 * CodeLens and hover content for one document from the loaded profile.
 */
import { pathToFileURL } from 'node:url';
import type { CodeLens, Hover } from 'vscode-languageserver/node';
import type { MigrateCallSiteArgs, ShowReportArgs } from '../shared/protocol';
import type { RootAnalysis } from './analyzeRoot';
import { currentLine } from './documentAnchors';
import { shortFunctionName, type Anchor } from './anchors';
import { shortFunctionName as displayFunctionName } from '../core/analysis/labels';
import { CATEGORY_FACTS } from './categoryFacts';
import { callSiteLensTitle, CHANGED_PREFIX, formatPercent, functionLensTitle, MIGRATE_LENS_TITLE, percentOf } from './format';
import { callSiteId } from './report';
import { attributionLine, offLensSentence, truncationLine, unattributedSentences } from '../core/analysis/attributionText';
import { callerLensTitle, callerSentences, callSiteName } from '../core/analysis/callerBreakdown';
import type { CallerShare, CallSite, UserFunctionStat } from '../core/analysis/types';
import { rootAttributionShares } from './lensShares';
import { displayText, markdownCode, markdownText } from '../core/text/displayText';

/** The client command a lens runs (declared in package.json). */
export const SHOW_REPORT_COMMAND = 'dynamoHotpath.showReport';
/** The client command the `migrate ›` lens runs (declared in package.json). */
export const MIGRATE_CALL_SITE_COMMAND = 'dynamoHotpath.migrateCallSite';

/**
 * 0-based last line of the construct opened on 0-based `line`: the first later line at the same
 * indentation that starts with `}` or `)` (the end of a multi-line call or of a function body);
 * `line` itself when the line opens nothing.
 */
export function constructEnd(lines: readonly string[], line: number): number {
  const text = lines[line] ?? '';
  if (!/[{(]\s*$/.test(text)) return line;
  const indent = /^\s*/.exec(text)![0];
  for (let i = line + 1; i < lines.length; i++) {
    if (lines[i].startsWith(indent) && /^[})]/.test(lines[i].slice(indent.length))) return i;
  }
  return line;
}

/** {@link CHANGED_PREFIX} for a lens whose line differs from what was profiled (`Anchor.change`), else nothing. */
const prefixOf = (anchor: Anchor) => (anchor.change ? CHANGED_PREFIX : '');

/** A lens opening the report; its title (names from the profile in it) escaped as one line of text. */
function lensAt(line: number, title: string, args: ShowReportArgs): CodeLens {
  return {
    range: { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: 0 } },
    command: { title: displayText(title), command: SHOW_REPORT_COMMAND, arguments: [args] },
  };
}

/**
 * Lenses of one file of one root in its current `text`: call sites and user functions at or
 * above `codeLens.minPercent` of total CPU, and the callers of a call site called from two or
 * more lines (`callerBreakdown.ts`) whose part of its DynamoDB share is at or above it
 * (`41.2% DynamoDB via db.js:12 (query) · part of that line's 52.3%`, opening the call site), each on the line its anchor is found at now
 * (hidden when it is gone), titles prefixed with {@link CHANGED_PREFIX} where the line differs from
 * what was profiled (`Anchor.change`; the hover says how).
 * `callSiteTitle`, when given, overrides a call site's title (Compare with Baseline's
 * `50.7% → 3.0% DynamoDB (−97% per request)`) where it returns one.
 */
export function documentLenses(
  root: RootAnalysis,
  absolutePath: string,
  text: string,
  callSiteTitle?: (site: { relativePath: string; line: number }) => string | undefined,
): CodeLens[] {
  const file = root.files.get(absolutePath);
  if (!file || !root.settings.codeLensEnabled) return [];
  const total = root.analysis.totalWeight;
  const min = root.settings.codeLensMinPercent;
  const lenses: CodeLens[] = [];
  let lines: string[] | undefined;
  const callSiteLines = new Set(file.callSites.map((c) => currentLine(text, c.anchor)));
  for (const { fn, anchor } of file.functions) {
    if (percentOf(fn.totalWeight, total) < min) continue;
    const line = currentLine(text, anchor);
    // V8 records call sites at the function's own line: the call-site lens says it all there.
    if (line === undefined || callSiteLines.has(line)) continue;
    const name = shortFunctionName(fn.functionName) ?? displayFunctionName(fn.functionName);
    const hottest = file.callSites.filter((c) => c.site.functionName === fn.functionName).map((c) => c.site)[0];
    lenses.push(lensAt(line, prefixOf(anchor) + functionLensTitle(fn, name, total), { rootUri: root.rootUri, focusCallSite: hottest ? callSiteId(hottest) : undefined }));
  }
  for (const { site, anchor } of file.callSites) {
    if (percentOf(site.totalWeight, total) < min) continue;
    const line = currentLine(text, anchor);
    if (line === undefined) continue;
    lenses.push(lensAt(line, prefixOf(anchor) + (callSiteTitle?.(site) ?? callSiteLensTitle(site, total)), { rootUri: root.rootUri, focusCallSite: callSiteId(site) }));
    // A function-level site sits on a declaration, not on the SDK call a migration would rewrite.
    if (site.dominant.migration && site.precision !== 'function') {
      lines ??= text.split(/\r?\n/);
      const args: MigrateCallSiteArgs = {
        uri: pathToFileURL(absolutePath).toString(),
        startLine: line - 1,
        endLine: constructEnd(lines, line - 1),
        migration: site.dominant.migration,
        rootUri: root.rootUri,
        callSiteId: callSiteId(site),
      };
      lenses.push({ range: lensAt(line, '', {}).range, command: { title: MIGRATE_LENS_TITLE, command: MIGRATE_CALL_SITE_COMMAND, arguments: [args] } });
    }
  }
  for (const { caller, site, anchor } of file.callers) {
    if (percentOf(caller.dynamoWeight, total) < min) continue;
    const line = currentLine(text, anchor);
    if (line === undefined) continue;
    lenses.push(lensAt(line, prefixOf(anchor) + callerLensTitle(caller, site, total), { rootUri: root.rootUri, focusCallSite: callSiteId(site) }));
  }
  // Stable: on one line the figures come before `migrate ›`.
  return lenses.sort((a, b) => a.range.start.line - b.range.start.line);
}

/**
 * Hover for a 1-based `line` that carries a call-site lens: the chain of frames from the
 * call site to the hottest SDK frames with flat/cum, and what the dominant category means.
 * Every text that holds a name from the profile is literal markdown (`markdownText`, names in
 * `markdownCode`): a name cannot add a link, an image or HTML to the hover.
 */
export function documentHover(root: RootAnalysis, absolutePath: string, text: string, line: number): Hover | undefined {
  const file = root.files.get(absolutePath);
  if (!file) return undefined;
  const total = root.analysis.totalWeight;
  const hit = file.callSites.find((c) => currentLine(text, c.anchor) === line);
  if (!hit) return callerHover(root, file.callers.find((c) => currentLine(text, c.anchor) === line), line) ?? functionHover(file.functions.find((f) => f.anchor.change && currentLine(text, f.anchor) === line));
  const { site } = hit;
  const fact = CATEGORY_FACTS[site.dominant.category];
  const rows = site.chain.map((f) => `| ${f.role} | ${markdownCode(f.name)} | ${formatPercent(percentOf(f.flat, total))} | ${formatPercent(percentOf(f.cum, total))} |`);
  const value = [
    `**DynamoDB Hot Path** — ${markdownText(callSiteLensTitle(site, total))}`,
    '',
    ...placementLines(hit.anchor, site.line, line),
    '| | frame | flat | cum |',
    '|---|---|---:|---:|',
    ...rows,
    '',
    `*${site.dominant.category}*: ${fact.sentence} (source: ${fact.source})`,
    '',
    ...creditLines(root, site),
    ...throughLines(site),
    ...callerLines(site, total),
  ].join('\n');
  return { contents: { kind: 'markdown', value } };
}

/** The helper a recorded call went through from this business line to the SDK (`CallSite.through`), when there was one. */
function throughLines(site: CallSite): string[] {
  if (!site.through) return [];
  const path = site.through.map((t) => `${t.relativePath}:${t.line}${t.functionName.startsWith('(') ? '' : ` (${t.functionName})`}`).join(' → ');
  return ['', `**Through** ${path}: the recorded calls of this line passed through that helper before the SDK; its share is this line's.`];
}

/** The call site's measured share by caller line, when it had callers (a part of it, not added). */
function callerLines(site: CallSite, total: number): string[] {
  const sentences = callerSentences(site, total);
  if (sentences.length === 0) return [];
  return ['', `**Called from** (parts of this line's ${formatPercent(percentOf(site.dynamoWeight, total))} measured):`, ...sentences.map((s) => `- ${markdownText(s)}`)];
}

/** Hover of a caller's lens: its part, the call site it goes through, and the call site's whole breakdown. */
function callerHover(root: RootAnalysis, hit: { caller: CallerShare; site: CallSite; anchor: Anchor } | undefined, line: number): Hover | undefined {
  if (!hit) return undefined;
  const total = root.analysis.totalWeight;
  const value = [
    `**DynamoDB Hot Path** — ${markdownText(callerLensTitle(hit.caller, hit.site, total))}`,
    '',
    ...placementLines(hit.anchor, hit.caller.line, line),
    `This line calls ${markdownCode(displayFunctionName(hit.site.functionName))}, whose call into the SDK at ${markdownText(callSiteName(hit.site))} is the call site: ${markdownText(callSiteLensTitle(hit.site, total))}. The part shown here is included in that line's figure and in the totals once.`,
    ...callerLines(hit.site, total),
  ].join('\n');
  return { contents: { kind: 'markdown', value } };
}

/**
 * What the hover says of where a lens is, when that is news: the line changed since the profile
 * (what it was, in which commit), or the profile recorded it at another line (lines moved).
 */
function placementLines(anchor: Anchor, recordedLine: number, line: number): string[] {
  const moved = recordedLine !== line ? ` The profile recorded it at line ${recordedLine}; lines above it moved since.` : '';
  if (anchor.change) {
    return [
      `**⚠ Changed since the profile:** the profile measured ${markdownCode(anchor.change.was)} (commit ${markdownText(anchor.change.commit.slice(0, 12))}, the version at the profile's time); this line now reads ${markdownCode(anchor.lineText)}. It makes the same call, but the figures are those of the old code: record a new profile to measure this one.${moved}`,
      '',
    ];
  }
  return moved ? [`*Placed by content:*${moved.replace(' The', ' the')}`, ''] : [];
}

/** Hover of a function lens whose declaration changed since the profile. */
function functionHover(hit: { fn: UserFunctionStat; anchor: Anchor } | undefined): Hover | undefined {
  if (!hit?.anchor.change) return undefined;
  const value = [`**DynamoDB Hot Path** — ${markdownCode(displayFunctionName(hit.fn.functionName))}`, '', ...placementLines(hit.anchor, hit.anchor.recordedLine, hit.anchor.recordedLine)].join('\n');
  return { contents: { kind: 'markdown', value } };
}

/**
 * How this line's figure was credited (measured, through recorded call sites, estimated) and how
 * the profile's whole DynamoDB share splits — the same words as the CLI's summary.
 */
function creditLines(root: RootAnalysis, site: RootAnalysis['analysis']['callSites'][number]): string[] {
  const total = root.analysis.totalWeight;
  const labelled = percentOf(site.labelledWeight ?? 0, total);
  const estimated = percentOf(site.estimatedWeight ?? 0, total);
  const here = [`${formatPercent(percentOf(site.dynamoWeight, total))} measured`];
  if (labelled > 0) here.push(`${formatPercent(labelled)} of it through the call site recorded by \`dynamo-hotpath record\``);
  if (estimated > 0) here.push(`~${formatPercent(estimated)} estimated`);
  const shares = rootAttributionShares(root);
  const truncation = truncationLine(shares);
  const offLens = offLensSentence(shares);
  return [
    `**This line:** ${here.join(' · ')}`,
    '',
    `**The profile:** DynamoDB ${formatPercent(shares.dynamoPercent)} — ${markdownText(attributionLine(shares))}`,
    ...unattributedSentences(shares).map((s) => `- ${markdownText(s)}`),
    ...(truncation ? [`- ${markdownText(truncation)}`] : []),
    ...(offLens ? [`- ${markdownText(offLens)}`] : []),
  ];
}

/**
 * Share of total (percent) of the call site on 1-based `line` of the current `text`, when it
 * is at or above `codeLens.minPercent`; undefined otherwise.
 */
export function hotCallSitePercent(root: RootAnalysis, absolutePath: string, text: string, line: number): number | undefined {
  const file = root.files.get(absolutePath);
  if (!file) return undefined;
  const hit = file.callSites.find((c) => currentLine(text, c.anchor) === line);
  if (!hit) return undefined;
  const percent = percentOf(hit.site.totalWeight, root.analysis.totalWeight);
  return percent >= root.settings.codeLensMinPercent ? percent : undefined;
}
