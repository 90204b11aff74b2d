/**
 * What an agent needs to act on a call site: the fix's identifier (the migration its SDK frames
 * suggest), what a migration preview (nothing written) says of the function the call is in — its
 * findings, and the error findings that block it — and, when a benchmark of this server measured
 * the SDK, the projected change of CPU per request.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CallSite } from '../core/analysis/types';
import { MIGRATIONS } from '../core/detect/migrations';
import { profileVerdict, shareOfCallSite, type BenchSdk } from '../core/bench/profileContext';
import type { BenchReport } from '../core/bench/suiteTypes';
import { isCheckedSource } from '../core/check/checkPaths';
import type { CheckFinding, CheckResult } from '../core/check/types';
import { collectTargets, type MigrationFindingRecord, type MigrationRun } from '../cli/migrateRun';
import { projectRootOf, type MigrateTarget } from '../cli/migrateTargets';
import { agentChecks } from './agentChecks';
import { functionSpans } from './functionSpan';

/** The fix of TLS handshake call sites: a configuration change that check_code's findings point at. */
const CONNECTIONS_FIX = 'reuse-connections';
/** Files the connection checks read (core/check/checkPaths.ts). */
const CHECKED_FILE = /\.((m|c)?[jt]sx?|go)$/;
/** Findings about how a client is set up: they concern every call of that client, wherever the client is made. */
const CLIENT_SETUP = new Set(['default-http-client', 'small-idle-pool', 'keep-alives-disabled', 'no-keep-alive', 'retries-below-default']);
/** At most this many files of a call site's folder are checked with it. */
const MAX_FOLDER_FILES = 50;

/** Migrations `migrate` (and so `preview_migration`) rewrites code for. */
const CODE_MIGRATIONS = new Set(['go-sdk-v2', 'go-attributevalue', 'go-guregu-dynamo-v2', 'js-util-dynamodb', 'js-lib-dynamodb']);

/** A finding of the preview, in the call site's file. */
export interface FixFinding {
  readonly line: number;
  readonly column: number;
  readonly severity: MigrationFindingRecord['severity'];
  readonly code: string;
  readonly message: string;
}

/** A finding that blocks the fix, wherever it is. */
export interface BlockingFinding extends FixFinding {
  /** Relative to the analysis root when inside it. */
  readonly file: string;
}

/**
 * A check_code finding of a reuse-connections call site: what is wrong, what to do, and the title
 * of its quick fix when one is safe; `file` (relative to the root) when it is in another file of the folder.
 */
export interface FixCheck extends FixFinding {
  readonly file?: string;
  readonly fix: string;
  readonly quickFix?: string;
}

/** The projected change of a call site's CPU by the last benchmark (negative: the fix saves). */
export interface ExpectedChange {
  /** Percentage points of the profile's CPU (Σ share × (ratio − 1) over marshal and unmarshal). */
  readonly changePercentPoints: number;
  readonly rangePercentPoints?: readonly [number, number];
  /** The same per request, ns, when the profile's request count is known. */
  readonly changePerRequestNs?: number;
  readonly rangePerRequestNs?: readonly [number, number];
  /** Where the request count came from. */
  readonly requestsSource?: string;
  /** Which benchmark: its start time and the suite. */
  readonly benchmark: string;
  readonly sentences: readonly string[];
}

/** The `fix` of one call site in an analysis for agents. */
export interface CallSiteFix {
  readonly id: string;
  readonly title: string;
  readonly preview?: { readonly status: string; readonly findings: readonly FixFinding[]; readonly blockedBy: readonly BlockingFinding[] };
  /** Why there is no preview. */
  readonly previewSkipped?: string;
  /** For a reuse-connections fix: the connection and throttling findings (check_code) of the call site's function and its file's top level. */
  readonly checks?: readonly FixCheck[];
  readonly expectedChange?: ExpectedChange;
}

/** CPU per request of the analysed profile, ns, and where the request count came from. */
export interface CpuPerRequest {
  readonly ns: number;
  readonly source: string;
}

/** Options of {@link callSiteFixes}. */
export interface FixOptions {
  /** The analysis root: blocking findings' files are shown relative to it. */
  readonly root: string;
  /** Run the migration preview on the call sites' files; false: no `preview`. */
  readonly preview: boolean;
  /** Whether go may run (a Go preview builds the package); false: Go call sites say why they have no preview. */
  readonly goAllowed: boolean;
  readonly signal?: AbortSignal;
  readonly onProject?: (name: string) => void;
  /** Benchmarks run in this server, newest first: the newest that measured a call site's SDK projects its change. */
  readonly benchmarks: readonly BenchReport[];
  readonly cpuPerRequest?: CpuPerRequest;
  /** The profile's total weight, to turn weights into percentages. */
  readonly totalWeight: number;
}

const isGo = (file: string) => file.endsWith('.go');

/** One preview per JavaScript/TypeScript project and one for all Go files (their packages, per module). */
function previewTargets(files: readonly string[]): MigrateTarget[] {
  const byRoot = new Map<string, MigrateTarget>();
  const go: string[] = [];
  for (const f of files) {
    if (isGo(f)) go.push(f);
    else {
      const root = projectRootOf(f).replace(/\\/g, '/');
      byRoot.set(root, { root, scripts: 'all', goFiles: [], skipped: [] });
    }
  }
  return [...byRoot.values(), ...(go.length ? [{ root: dirname(go[0]!), scripts: 'none' as const, goFiles: go, skipped: [] }] : [])];
}

function relativeTo(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** Where a call site's function is in its file: lines within it, and lines outside every function. */
interface SiteScope {
  readonly within: (line: number) => boolean;
  readonly topLevel: (line: number) => boolean;
}

/** The call site's function (the line alone when it has none); a file gone since the profile has no top level. */
function scopeOf(site: CallSite): SiteScope {
  let text = '';
  try {
    text = readFileSync(site.absolutePath, 'utf8');
  } catch {
    // A file gone since the profile: only its own line.
  }
  const spanAt = text ? functionSpans(text, site.absolutePath) : () => undefined;
  const span = site.line > 0 ? spanAt(site.line) : undefined;
  return {
    within: (line) => (span ? line >= span.startLine && line <= span.endLine : line === site.line),
    topLevel: (line) => text !== '' && spanAt(line) === undefined,
  };
}

function previewOf(site: CallSite, scope: SiteScope, run: MigrationRun, root: string): NonNullable<CallSiteFix['preview']> {
  const file = site.absolutePath.replace(/\\/g, '/');
  const inFile = run.findings.filter((f) => f.file === file);
  const inFunction = inFile.filter((f) => scope.within(f.line));
  // Errors outside every function that belong to no client (an import, the Go package's build) block every call site of the file.
  const topLevelErrors = inFile.filter((f) => f.severity === 'error' && f.subjectId === undefined && scope.topLevel(f.line));
  // A client (or Converter call) whose v2 calls are in the function and that is not migrated is blocked where its errors are, in any file.
  const blockedSubjects = new Set(run.subjects.filter((x) => !x.migrated && x.calls.some((c) => c.file === file && scope.within(c.line))).map((x) => x.id));
  const subjectErrors = run.findings.filter((f) => f.severity === 'error' && f.subjectId !== undefined && blockedSubjects.has(f.subjectId));
  const blocking = [...new Set([...inFunction.filter((f) => f.severity === 'error'), ...topLevelErrors, ...subjectErrors])];
  const outcome = run.outcomes.find((o) => o.fileName === file);
  const strip = ({ line, column, severity, code, message }: MigrationFindingRecord): FixFinding => ({ line, column, severity, code, message });
  return {
    status: outcome?.status ?? 'no DynamoDB use',
    findings: inFunction.map(strip),
    blockedBy: blocking.map((f) => ({ file: relativeTo(root, f.file), ...strip(f) })),
  };
}

/**
 * The check_code findings of a reuse-connections call site: in its function and at its file's top
 * level, any; elsewhere in its file and in the other files of its folder (a Go package; a
 * JavaScript module's neighbours), those about how a client is set up ({@link CLIENT_SETUP}),
 * since clients are made where the calls are not.
 */
function checksOf(site: CallSite, scope: SiteScope, result: CheckResult, root: string): FixCheck[] {
  const folder = dirname(site.absolutePath);
  const own = (f: CheckFinding) => f.file === site.absolutePath && (scope.within(f.line) || scope.topLevel(f.line));
  const setUp = (f: CheckFinding) => CLIENT_SETUP.has(f.code) && dirname(f.file) === folder && sameLanguage(f.file, site.absolutePath);
  const picked = result.findings.filter((f) => own(f) || setUp(f));
  const ordered = [...picked.filter((f) => f.file === site.absolutePath), ...picked.filter((f) => f.file !== site.absolutePath)];
  return ordered.map((f) => ({
    ...(f.file === site.absolutePath ? {} : { file: relativeTo(root, f.file) }),
    line: f.line,
    column: f.column,
    severity: f.severity,
    code: f.code,
    message: f.message,
    fix: f.fix,
    ...(f.quickFix ? { quickFix: f.quickFix.title } : {}),
  }));
}

function sameLanguage(a: string, b: string): boolean {
  return a.endsWith('.go') === b.endsWith('.go');
}

/** The call site's file and the other files of its folder in its language that a folder walk checks (Go: the package; tests left out), at most {@link MAX_FOLDER_FILES}. */
function folderFiles(file: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [file];
  }
  const others = names
    .map((n) => join(dirname(file), n))
    .filter((f) => f !== file && isCheckedSource(f) && sameLanguage(f, file))
    .sort()
    .slice(0, MAX_FOLDER_FILES - 1);
  return [file, ...others];
}

function benchSdkOf(site: CallSite): BenchSdk | undefined {
  if (site.dominant.sdk === 'aws-sdk-js-v2') return 'js';
  if (site.dominant.sdk === 'aws-sdk-go-v1' && site.dominant.migration === 'go-attributevalue') return 'go';
  return undefined;
}

/** The change the newest benchmark that measured the call site's SDK projects; undefined when none did. */
function expectedChangeOf(site: CallSite, options: FixOptions): ExpectedChange | undefined {
  const sdk = benchSdkOf(site);
  if (!sdk) return undefined;
  const share = shareOfCallSite(site, options.totalWeight, sdk);
  for (const report of options.benchmarks) {
    const verdict = profileVerdict(share, report, 'migration', sdk);
    if (verdict.deltaPercentPoints === undefined) continue;
    const perRequest = options.cpuPerRequest;
    const ns = (points: number) => (points / 100) * (perRequest?.ns ?? 0);
    const range = verdict.rangePercentPoints;
    return {
      changePercentPoints: verdict.deltaPercentPoints,
      ...(range ? { rangePercentPoints: range } : {}),
      ...(perRequest ? { changePerRequestNs: ns(verdict.deltaPercentPoints), requestsSource: perRequest.source } : {}),
      ...(perRequest && range ? { rangePerRequestNs: [ns(range[0]), ns(range[1])] as const } : {}),
      benchmark: `${report.startedAt}, ${sdk === 'js' ? 'conversion suite' : 'Go suite'}`,
      sentences: verdict.sentences,
    };
  }
  return undefined;
}

/**
 * The fix of each call site (undefined for a call site whose SDK suggests none), in order. With
 * `preview`, the call sites' files are migrated in memory once (JavaScript/TypeScript: each file's
 * whole project, so a client made in another file is seen; Go: the files' packages, which go build
 * checks) and each call site gets the findings of its function and the error findings that block it.
 * A preview that fails is said in `previewSkipped`, never thrown; an abort is thrown.
 */
export async function callSiteFixes(sites: readonly CallSite[], options: FixOptions): Promise<(CallSiteFix | undefined)[]> {
  const previewed = sites.filter((s) => s.dominant.migration && CODE_MIGRATIONS.has(s.dominant.migration) && (options.goAllowed || !isGo(s.absolutePath)));
  let run: MigrationRun | undefined;
  let failure: string | undefined;
  if (options.preview && previewed.length) {
    try {
      run = await collectTargets(previewTargets([...new Set(previewed.map((s) => s.absolutePath))]), {
        verify: 'by default',
        base: options.root,
        ...(options.signal ? { signal: options.signal } : {}),
        onProject: (root) => options.onProject?.(root),
      });
    } catch (err) {
      options.signal?.throwIfAborted();
      failure = `the migration preview failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    }
  }
  const connectionSites = options.preview ? sites.filter((s) => s.dominant.migration === CONNECTIONS_FIX) : [];
  let checked: CheckResult | undefined;
  let checkFailure: string | undefined;
  // Files gone since the profile, or of a language the checks do not read, have no findings.
  const checkedFiles = [...new Set(connectionSites.map((s) => s.absolutePath))].filter((f) => existsSync(f) && CHECKED_FILE.test(f));
  if (checkedFiles.length) {
    try {
      checked = await agentChecks([...new Set(checkedFiles.flatMap(folderFiles))], { goAllowed: options.goAllowed, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (err) {
      options.signal?.throwIfAborted();
      checkFailure = `the connection checks failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    }
  }
  return sites.map((site) => {
    const id = site.dominant.migration;
    if (!id) return undefined;
    const info = MIGRATIONS[id];
    const unchecked = id === CONNECTIONS_FIX ? checked?.unchecked.find((u) => u.file === site.absolutePath) : undefined;
    const skipped = !options.preview
      ? 'not asked for (previewFixes: false)'
      : !CODE_MIGRATIONS.has(id)
        ? (checkFailure ?? (unchecked ? `this fix is a configuration change; its file was not checked: ${unchecked.reason}` : 'this fix is a configuration change, not a code migration: see checks (check_code)'))
        : !options.goAllowed && isGo(site.absolutePath)
          ? 'the Go preview runs go list and go build on the workspace, which executes its code: trust the workspace first'
          : failure;
    const change = expectedChangeOf(site, options);
    const withChecks = checked !== undefined && id === CONNECTIONS_FIX && !unchecked && checkedFiles.includes(site.absolutePath);
    const scope = (run && !skipped) || withChecks ? scopeOf(site) : undefined;
    return {
      id,
      title: info?.title ?? id,
      ...(run && !skipped ? { preview: previewOf(site, scope!, run, options.root) } : { previewSkipped: skipped ?? 'no preview' }),
      ...(withChecks ? { checks: checksOf(site, scope!, checked!, options.root) } : {}),
      ...(change ? { expectedChange: change } : {}),
    };
  });
}
