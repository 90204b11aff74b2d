/**
 * `analyze_profile`: the CLI's `analyze --json` document for a profile file (or a profile fetched
 * from Pyroscope), each call site with its fix (callSiteFixes.ts), and a few lines of summary.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { analyzeFile } from '../core/analysis/analyzeFile';
import type { Analysis } from '../core/analysis/types';
import { parseRequestInput, RequestCountError, resolveRequests } from '../core/compare/requestCount';
import { readRunRecord, requestInputOf, runRecordPathFor } from '../core/compare/runRecord';
import { fetchProfile } from '../core/fleet/fetchProfile';
import { defaultOutName } from '../core/fleet/fileNames';
import { parseRange } from '../core/fleet/timeSpec';
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { toAnalysisJson } from '../cli/analyzeJson';
import { labelSelectorOption, profileTypeOption, pyroscopeEndpoint } from '../cli/fleetOptions';
import { callSiteFixes, type CallSiteFix, type CpuPerRequest } from './callSiteFixes';
import { DOWNLOADS_DIR } from './downloads';
import { AgentToolError } from './toolErrors';
import type { ToolAnswer, ToolContext } from './toolTypes';

/** The tool's input (ANALYZE_PROFILE_INPUT). */
export interface AnalyzeProfileInput {
  readonly profile?: string;
  readonly pyroscope?: { readonly url: string; readonly query?: string; readonly from?: string; readonly to?: string; readonly profileType?: string; readonly tenant?: string; readonly user?: string };
  readonly root?: string;
  readonly mappings?: readonly { readonly from: string; readonly to: string }[];
  readonly sampleType?: string;
  readonly top?: number;
  readonly requests?: string;
  readonly previewFixes?: boolean;
}

async function fetchFromPyroscope(p: NonNullable<AnalyzeProfileInput['pyroscope']>, context: ToolContext): Promise<string> {
  const values = { pyroscope: p.url, query: p.query, 'profile-type': p.profileType, tenant: p.tenant, user: p.user };
  const endpoint = pyroscopeEndpoint(values);
  const labelSelector = labelSelectorOption(values);
  const range = parseRange(p.from ?? 'now-1h', p.to ?? 'now');
  await mkdir(DOWNLOADS_DIR, { recursive: true });
  const outPath = join(DOWNLOADS_DIR, defaultOutName(labelSelector, range.startMs, range.endMs));
  context.progress(`Fetching ${labelSelector} from Pyroscope`, 0, 3);
  await fetchProfile({ endpoint, query: { profileTypeId: profileTypeOption(values), labelSelector, ...range }, outPath, signal: context.signal });
  return outPath;
}

/** CPU (the profile's value) per request: from `typed`, else the run record beside the profile; undefined when unknown or not a time. */
async function cpuPerRequestOf(analysis: Analysis, profilePath: string, typed: string | undefined): Promise<CpuPerRequest | undefined> {
  if (analysis.sampleType.unit !== 'nanoseconds' || !(analysis.totalWeight > 0)) return undefined;
  let input;
  if (typed !== undefined) {
    try {
      input = parseRequestInput(typed);
    } catch (err) {
      if (err instanceof RequestCountError) throw new RequestCountError(`'requests': ${err.message}`);
      throw err;
    }
  } else {
    const record = runRecordPathFor(profilePath);
    try {
      input = requestInputOf(await readRunRecord(record));
    } catch {
      return undefined; // no run record (or one without requests): no per-request figure
    }
  }
  const resolved = resolveRequests(input, analysis.durationNs);
  return { ns: analysis.totalWeight / resolved.requests, source: resolved.source };
}

function percent(x: number): string {
  return `${x.toFixed(1)}%`;
}

function fixText(fix: CallSiteFix | undefined): string {
  if (!fix) return '';
  const blocked = fix.preview?.blockedBy.length;
  const state = fix.preview ? (blocked ? `, blocked by ${blocked} finding${blocked === 1 ? '' : 's'}` : `, file ${fix.preview.status}`) : '';
  const change = fix.expectedChange?.changePerRequestNs;
  const range = fix.expectedChange?.rangePerRequestNs;
  const ms = (ns: number) => `${ns < 0 ? '−' : '+'}${(Math.abs(ns) / 1e6).toPrecision(2)}`;
  const saving =
    change === undefined
      ? ''
      : range && range[0] < 0 && range[1] > 0
        ? `, benchmark: no clear change per request (${ms(range[0])} to ${ms(range[1])} ms)`
        : `, benchmark: ${change <= 0 ? 'saves' : 'costs'} ${(Math.abs(change) / 1e6).toPrecision(3)} ms per request`;
  return ` → fix ${fix.id}${state}${saving}`;
}

type AnalysisDocument = ReturnType<typeof toAnalysisJson>;

function summaryOf(doc: AnalysisDocument, fixes: readonly (CallSiteFix | undefined)[]): string {
  const a = doc.dynamo.attribution;
  const lines = [
    `DynamoDB marshalling: ${percent(doc.dynamo.percent)} of ${doc.profile} (${doc.sampleType.type}/${doc.sampleType.unit}); measured on your lines ${percent(a.measuredPercent)}, estimated ${percent(a.estimatedPercent)}, unattributed ${percent(a.unattributedPercent)}.`,
    ...doc.callSites.slice(0, 5).map((s, i) => `${s.file}:${s.line} ${s.function}: ${percent(s.dynamoPercent)} measured${s.estimatedPercent ? ` + ~${percent(s.estimatedPercent)} estimated` : ''}, ${s.dominant.label}${fixText(fixes[i])}`),
  ];
  if (doc.callSites.length === 0) lines.push(`No call site of your code under ${doc.root}: check root and mappings (path mapping resolved ${percent(doc.coverage.percent)}).`);
  return lines.join('\n');
}

/** What {@link analysisAnswer} needs besides the analysis. */
export interface AnswerOptions {
  /** The analysis root (absolute). */
  readonly root: string;
  /** The profile file, for its run record. */
  readonly profilePath: string;
  readonly top: number;
  /** Requests as typed (`requests` input). */
  readonly requests?: string;
  readonly previewFixes: boolean;
}

/**
 * The tool's answer for an analysis already made (by this tool, or the editor's loaded profile):
 * the `analyze --json` document, each call site with its fix, and the summary.
 */
export async function analysisAnswer(analysis: Analysis, options: AnswerOptions, context: ToolContext): Promise<ToolAnswer> {
  const { root, top } = options;
  const doc = toAnalysisJson(analysis, { root, top });
  if (options.previewFixes) context.progress('Previewing the fixes of the call sites (nothing is written)', 2, 3);
  const cpuPerRequest = await cpuPerRequestOf(analysis, options.profilePath, options.requests);
  const fixes = await callSiteFixes(analysis.callSites.slice(0, top), {
    root,
    preview: options.previewFixes,
    goAllowed: workspaceTrusted(),
    signal: context.signal,
    totalWeight: analysis.totalWeight,
    benchmarks: context.memory.benchmarks,
    ...(cpuPerRequest ? { cpuPerRequest } : {}),
  });
  const callSites = doc.callSites.map((s, i) => (fixes[i] ? { ...s, fix: fixes[i] } : s));
  context.progress('Done', 3, 3);
  return { structured: { ...doc, callSites }, summary: summaryOf(doc, fixes) };
}

/** Runs `analyze_profile`. @throws AgentToolError, ProfileError and the core's input errors (one line each) */
export async function analyzeProfile(input: AnalyzeProfileInput, context: ToolContext): Promise<ToolAnswer> {
  if ((input.profile === undefined) === (input.pyroscope === undefined)) throw new AgentToolError("give either 'profile' (a file) or 'pyroscope' (a query), one of them");
  const root = await context.scope.folder(input.root, 'root');
  const profilePath = input.profile !== undefined ? await context.scope.resolve(input.profile, 'profile') : await fetchFromPyroscope(input.pyroscope!, context);
  const top = input.top ?? 10;
  context.progress(`Reading ${profilePath}`, 1, 3);
  const { analysis } = await analyzeFile(profilePath, { root, mappings: input.mappings ?? [], maxFunctions: top, ...(input.sampleType ? { sampleType: input.sampleType } : {}) });
  context.signal.throwIfAborted();
  return analysisAnswer(analysis, { root, profilePath, top, previewFixes: input.previewFixes ?? true, ...(input.requests !== undefined ? { requests: input.requests } : {}) }, context);
}
