/**
 * The wire types between the extension host (client), the language server and the report
 * webview. Every custom LSP message is declared here once, with the side that sends it;
 * both sides import the same declaration. Percentages are of the profile's total weight,
 * in [0, 100]; weights are in the profile's unit (`unit`, ns for time profiles).
 */
import type { ProfileShare } from '../core/bench/profileContext';
import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { AttributionShares } from '../core/analysis/attributionText';

export type { AttributionShares };

// ---------------------------------------------------------------------------------------
// Client → server requests
// ---------------------------------------------------------------------------------------

export interface LoadProfileParams {
  /** Absolute file-system path of the profile (pprof `.pb.gz`, `.cpuprofile`, folded…). */
  readonly path: string;
  /** Echoed in {@link LoadProgressNotification} so the client can match progress to its request. */
  readonly progressId: string;
}

/** What one workspace root got out of a loaded profile. */
export interface RootSummary {
  /** Workspace folder URI (`file:///…`). */
  readonly rootUri: string;
  readonly callSiteCount: number;
  /** Percent of candidate (user, non-dependency) weight whose paths mapped into this root. */
  readonly coveragePercent: number;
}

export interface ProfileSummary {
  readonly sourcePath: string;
  /** File name of the profile, for the status bar. */
  readonly name: string;
  readonly format: string;
  /** `cpu/nanoseconds`. */
  readonly sampleType: string;
  readonly durationNs: number | undefined;
  readonly totalWeight: number;
  readonly unit: string;
  /** DynamoDB marshalling share (connection setup excluded), percent of total. */
  readonly dynamoPercent: number;
  /**
   * How `dynamoPercent` splits (first root's analysis): measured on the user's lines +
   * estimated + unattributed, with the estimate method, why some had no user frame, and the
   * depth-limit truncation of Go stacks; absent when no root was analysed.
   */
  readonly attribution?: AttributionShares;
  readonly roots: readonly RootSummary[];
  readonly warnings: readonly string[];
  /**
   * The heaviest call site (first root that has one): `relativePath:line`, percent of total per
   * category (measured), and its share as the benchmark puts it beside its results (measured plus
   * estimated, as its lens: `shareOfCallSite`).
   */
  readonly hottestCallSite?: { readonly id: string; readonly byCategory: Readonly<Record<string, number>>; readonly share?: ProfileShare };
  /** Call sites (first root with any) whose dominant DynamoDB work is reading (unmarshal) or writing (marshal) items: the benchmark's fleet estimate takes each as one call per request. */
  readonly dynamoCallSites?: { readonly reads: number; readonly writes: number };
}

/**
 * Client → server: read a profile file, analyse it against every workspace root (each with
 * its own `dynamoHotpath.pathMappings`), replace any loaded profile, refresh CodeLens.
 * Cancellable (`$/cancelRequest`); progress arrives as {@link LoadProgressNotification}.
 * Fails with a ResponseError whose message names the file and the problem.
 */
export const LoadProfileRequest = new RequestType<LoadProfileParams, ProfileSummary, void>('dynamoHotpath/loadProfile');

/** Client → server: forget the loaded profile; all lenses disappear. */
export const ClearProfileRequest = new RequestType0<void, void>('dynamoHotpath/clearProfile');

export interface GetReportParams {
  /** Root to report on; the first root with call sites when absent. */
  readonly rootUri?: string;
}

/** Client → server: everything the report panel shows; `undefined` when no profile is loaded. */
export const GetReportRequest = new RequestType<GetReportParams, ReportData | undefined, void>('dynamoHotpath/getReport');

export interface CompareProfilesParams {
  /** Absolute path of the baseline ("before") profile. */
  readonly baselinePath: string;
  /**
   * Absolute path of the new ("after") profile. Absent: the loaded profile is the after side.
   * Given: it is loaded first (replacing any loaded profile, as {@link LoadProfileRequest}).
   */
  readonly afterPath?: string;
  /**
   * Request counts as the user typed them (`990`, `30.06M`, `49.35/s`, `49.35/s*20s`); empty or
   * absent: read from the profile's run record `<profile>.json` when there is one.
   */
  readonly baselineRequests?: string;
  readonly afterRequests?: string;
  /**
   * More profiles of each side (replicate runs of the same build) besides `baselinePath` and the
   * loaded / `afterPath` one, each with its request count as typed. With them, CPU and DynamoDB
   * marshalling per request get an interval over the runs; the tables pool each side.
   */
  readonly moreBaselines?: readonly CompareReplicate[];
  readonly moreAfters?: readonly CompareReplicate[];
  /** Echoed in {@link LoadProgressNotification}. */
  readonly progressId: string;
}

/** One more profile of a side: its absolute path and request count as typed (empty or absent: its run record). */
export interface CompareReplicate {
  readonly path: string;
  readonly requests?: string;
}

/** What a comparison found, for the notification and the report panel's heading. */
export interface CompareSummary {
  /** Changes whenever a new comparison replaces the previous one. */
  readonly id: string;
  readonly rootUri: string;
  readonly baselinePath: string;
  readonly afterPath: string;
  /** Every profile of each side, the first being `baselinePath` / `afterPath`. */
  readonly baselinePaths: readonly string[];
  readonly afterPaths: readonly string[];
  /** `per-request` when both request counts are known, else `share` (traffic may differ). */
  readonly normalization: 'per-request' | 'share';
  /** Set when the sides measure different things (`CPU vs wall time`): only shares are compared. */
  readonly notComparable?: string;
  /**
   * One line each: `CPU per request 16.57 ms → 9.306 ms: -43.8% (sampling 95 % CI …; run-to-run
   * variation unknown)` (or the interval over the replicates), DynamoDB marshalling per request
   * likewise, the DynamoDB share change.
   */
  readonly headline: readonly string[];
  /** Where each side's request count came from (`after-v2.pb.gz.json: requests`), when known. */
  readonly requestSources: { readonly before?: string; readonly after?: string };
  /** Caveats (traffic may differ, short profiles…) and run records that could not be used. */
  readonly notes: readonly string[];
  /** Number of after-side call sites that got a before → after lens. */
  readonly callSiteCount: number;
}

/**
 * Client → server: compare a baseline profile with the loaded one (or with `afterPath`), in the
 * first workspace root with call sites, with that root's `pathMappings`. While the comparison
 * holds, call-site lenses read `50.7% → 3.0% DynamoDB (−97% per request)`; the report gets a comparison.
 * Loading another profile or clearing drops it. Cancellable; progress arrives as
 * {@link LoadProgressNotification}. Fails with a ResponseError naming the file and the problem.
 */
export const CompareProfilesRequest = new RequestType<CompareProfilesParams, CompareSummary, void>('dynamoHotpath/compareProfiles');

/** Client → server: drop the comparison; lenses return to the loaded profile's figures. */
export const ClearComparisonRequest = new RequestType0<void, void>('dynamoHotpath/clearComparison');

// ---------------------------------------------------------------------------------------
// Server → client notifications
// ---------------------------------------------------------------------------------------

export interface LoadProgress {
  readonly progressId: string;
  /** What the server is doing now ("Reading before-v1.pb.gz"). */
  readonly message: string;
  /** Work done so far, 0–100. */
  readonly percent: number;
}

/** Server → client: progress of a {@link LoadProfileRequest}. */
export const LoadProgressNotification = new NotificationType<LoadProgress>('dynamoHotpath/loadProgress');

/**
 * Server → client: the loaded profile changed (loaded, cleared, re-read after a
 * `sampleType` change, re-mapped after a `pathMappings` change); `null` when none is loaded.
 */
export const ProfileChangedNotification = new NotificationType<ProfileSummary | null>('dynamoHotpath/profileChanged');

// ---------------------------------------------------------------------------------------
// Report data (server → client → webview)
// ---------------------------------------------------------------------------------------

export interface ReportCallSite {
  /** Stable within one loaded profile: `relativePath:line`. */
  readonly id: string;
  readonly relativePath: string;
  readonly absolutePath: string;
  /** The line the profile recorded. */
  readonly line: number;
  /** The same line in the file as it was loaded, when an edit since the profile moved it (the lens is there). */
  readonly lineNow?: number;
  /** The recorded line was changed or removed since the profile (or the file is gone): no lens shows this call site. */
  readonly lineGone?: true;
  readonly functionName: string;
  readonly totalPercent: number;
  readonly dynamoPercent: number;
  /** Part of `dynamoPercent` credited through recorder call-site labels (`dynamo-hotpath record`). */
  readonly labelledPercent: number;
  /** Estimated share of the marshalling no frame of the user's code reached (NOT in `dynamoPercent`). */
  readonly estimatedPercent: number;
  /** `DynamoDB unmarshal (aws-sdk-go v1 jsonrpc, reflection)`. */
  readonly description: string;
  readonly byCategory: Readonly<Record<string, number>>;
  readonly reflectionPercent: number;
  readonly migration?: string;
  readonly chain: readonly { readonly name: string; readonly file: string; readonly line: number; readonly flatPercent: number; readonly cumPercent: number; readonly role: string }[];
  /**
   * The user lines that called this call site's function, with their part of `dynamoPercent`
   * (parts, not added); only when the CLI and the lenses show them too (`shownCallers`).
   */
  readonly callers: readonly ReportCaller[];
  /** Part of `dynamoPercent` that no caller of the user's code reached (with `callers` only). */
  readonly noCallerPercent: number;
}

/** One caller line of a report call site: `handlers.js:10 listOrders`, percent of the profile's total. */
export interface ReportCaller {
  readonly relativePath: string;
  readonly absolutePath: string;
  readonly line: number;
  readonly functionName: string;
  readonly dynamoPercent: number;
}

/** A node of the flame graph in d3-flame-graph's shape; `value` in the profile's unit. */
export interface FlameNode {
  readonly name: string;
  readonly value: number;
  readonly children: FlameNode[];
}

export interface ReportData {
  readonly rootUri: string;
  readonly summary: ProfileSummary;
  readonly sampleType: string;
  /** Percent of total per DynamoDB category. */
  readonly byCategory: Readonly<Record<string, number>>;
  readonly gcPercent: number;
  readonly connectionSetupPercent: number;
  /**
   * Shared AWS protocol work for other services than DynamoDB (Kinesis, CloudWatch Logs, SQS…),
   * percent of total, in no DynamoDB figure; `note` says by service how it was told apart (absent when under 0.05 %).
   */
  readonly otherServices: { readonly percent: number; readonly note?: string };
  readonly callSites: readonly ReportCallSite[];
  readonly coverage: {
    /** Percent of the path-mapping weight (each file's samples summed over your code's files) that resolved. */
    readonly percent: number;
    readonly counts: Readonly<Record<string, number>>;
    /**
     * `weightPercent`: the path's part of the same path-mapping weight (resolved `percent` plus every
     * path's part make 100); `percent`: percent of the profile whose stacks pass through the path.
     */
    readonly unresolved: readonly { readonly profileFile: string; readonly percent: number; readonly weightPercent: number; readonly reason: string; readonly candidates?: readonly string[] }[];
  };
  readonly migrations: readonly { readonly id: string; readonly title: string; readonly percent: number; readonly detail: string }[];
  /** Stacks that contain DynamoDB marshalling, root first; pruned below 0.1 % of total. */
  readonly flame: FlameNode;
  /** The active comparison with a baseline, when there is one (Compare with Baseline…). */
  readonly comparison?: ReportComparison;
}

/** A node of the differential flame graph: width `value` = after, `delta` = after − scaled before (compound, same unit). */
export interface DiffFlameNode {
  readonly name: string;
  readonly value: number;
  readonly delta: number;
  /** Before weight, unscaled. */
  readonly before: number;
  readonly children: DiffFlameNode[];
  /** A DynamoDB marshalling frame (the detector's classification): kept by the "DynamoDB frames only" view. */
  readonly dynamo?: true;
}

/** The comparison tab: tables as strings (Metric | Before | After | Change | Matched) and the differential flame graph. */
export interface ReportComparison {
  readonly summary: CompareSummary;
  readonly sections: readonly { readonly title: string; readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] }[];
  /** "What matched how" lines. */
  readonly matchLines: readonly string[];
  readonly afterTotalWeight: number;
  readonly diffFlame: DiffFlameNode;
}

/** Arguments of the `dynamoHotpath.migrateCallSite` command (the `migrate ›` lens passes them). */
export interface MigrateCallSiteArgs {
  /** Document URI. */
  readonly uri: string;
  /** 0-based first and last line of the call (or of the function, for V8 call sites on its head). */
  readonly startLine: number;
  readonly endLine: number;
  /** Migration id the profile suggests (`go-sdk-v2`, `js-sdk-v3`…). */
  readonly migration: string;
  readonly rootUri: string;
  readonly callSiteId: string;
}

/** Arguments of the `dynamoHotpath.showReport` command (lens clicks pass them). */
export interface ShowReportArgs {
  readonly rootUri?: string;
  readonly focusCallSite?: string;
}

// ---------------------------------------------------------------------------------------
// Extension ⇄ report webview messages
// ---------------------------------------------------------------------------------------

/** Webview state saved with `vscode.setState` and restored on reload. */
export interface ReportViewState {
  readonly focusCallSite?: string;
  readonly search?: string;
  /** Tab shown: the loaded profile or the comparison. */
  readonly tab?: 'profile' | 'comparison';
  /** Id of the last comparison shown, so a new one opens its tab once. */
  readonly seenComparison?: string;
  /** The differential flame graph shows DynamoDB frames only (the default) or every frame. */
  readonly dynamoOnly?: boolean;
}

/** Extension → webview. */
export type ToReportMessage =
  | { readonly type: 'report'; readonly data: ReportData; readonly focusCallSite?: string }
  | { readonly type: 'focus'; readonly callSite: string }
  | { readonly type: 'empty'; readonly reason: string };

/** Webview → extension. */
export type FromReportMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'openLocation'; readonly absolutePath: string; readonly line: number }
  | { readonly type: 'addPathMapping'; readonly from: string }
  | { readonly type: 'focusChanged'; readonly callSite?: string };

// ---------------------------------------------------------------------------------------
// Go migration (typed, built with the user's go) and Workspace Trust
// ---------------------------------------------------------------------------------------

/**
 * Params of {@link MigrateGoRequest}: a Go file; its package is migrated, with the packages that
 * must move with it. `test` also runs the module's go test ./... before and after (in a sandbox).
 */
export interface MigrateGoParams {
  readonly uri: string;
  readonly test?: boolean;
}

/** One finding of the Go migration, 0-based line/character (UTF-16) in the file as it is now. */
export interface GoMigrationFindingWire {
  readonly line: number;
  readonly character: number;
  readonly severity: 'error' | 'warning' | 'information';
  readonly code: string;
  readonly message: string;
}

/** Result of {@link MigrateGoRequest}. Nothing is written: the client applies `after` on request. */
export interface MigrateGoResult {
  readonly goVersion: string;
  readonly files: readonly { readonly uri: string; readonly after?: string; readonly findings: readonly GoMigrationFindingWire[] }[];
  /** The rewrite built (go build and go vet of the whole module, -overlay); false when it was withheld (see the error findings). */
  readonly builds: boolean;
  /** The groups of packages that change together or not at all (import paths). */
  readonly packages: readonly (readonly string[])[];
  /** With `test`: go test ./... counts before and after, and the tests that passed before but not after. */
  readonly tests?: { readonly passedBefore: number; readonly failedBefore: number; readonly passedAfter?: number; readonly failedAfter?: number; readonly regressed: readonly string[] };
  /** The `go get` arguments the rewrite needs; go.mod is not changed by the migration ({@link GoGetRequest} runs them). */
  readonly goGet: readonly string[];
}

/** Params of {@link GoGetRequest}: the module of `uri`, the arguments a {@link MigrateGoResult} named, and whether to run them in the module. */
export interface GoGetParams {
  readonly uri: string;
  readonly args: readonly string[];
  readonly apply: boolean;
}

/** Result of {@link GoGetRequest}: go.mod before and after (after: of the copy, for a preview), the go.sum change. */
export interface GoGetResult {
  readonly command: string;
  readonly ok: boolean;
  readonly output: string;
  readonly goModUri: string;
  readonly goModBefore: string;
  readonly goModAfter: string;
  readonly goSumAdded: number;
  readonly goSumRemoved: number;
  readonly applied: boolean;
}

/**
 * Client → server: migrate the Go package of a file (guregu/dynamo v1 → v2, dynamodbattribute →
 * attributevalue) with the Go helper and check it builds. Refused with an error in an untrusted
 * workspace (it runs go list / go build on the workspace).
 */
export const MigrateGoRequest = new RequestType<MigrateGoParams, MigrateGoResult, void>('dynamoHotpath/migrateGo');

/**
 * Client → server: the user's own `go get` for a migrated module, on a copy of go.mod (`apply`
 * false: a preview to show) or in the module (after the user confirmed the change). Only the
 * aws-sdk-go-v2 / guregu/dynamo/v2 packages and the v1 removals a migration names are accepted;
 * refused in an untrusted workspace.
 */
export const GoGetRequest = new RequestType<GoGetParams, GoGetResult, void>('dynamoHotpath/goGet');

/** Client → server: whether the workspace is trusted (sent at start and when trust is granted). */
export const WorkspaceTrustNotification = new NotificationType<{ readonly trusted: boolean }>('dynamoHotpath/workspaceTrust');

// ---------------------------------------------------------------------------------------
// Agent tools (the editor's language-model tools, src/client/agentTools.ts)
// ---------------------------------------------------------------------------------------

/** Params of {@link AgentToolRequest}: an agent tool's name (`analyze_profile`…) and its input as the model gave it. */
export interface AgentToolParams {
  readonly tool: string;
  readonly input: unknown;
}

/** What an agent tool returns: a few lines to read first, and the same document as the CLI's `--json`. */
export interface AgentToolAnswer {
  readonly summary: string;
  readonly structured: Record<string, unknown>;
}

/**
 * Client → server: run an agent tool on the loaded profile and the workspace folders (src/server/agentTools.ts).
 * Cancellable. Fails with a ResponseError whose message is one line naming the input and the fix.
 */
export const AgentToolRequest = new RequestType<AgentToolParams, AgentToolAnswer, void>('dynamoHotpath/agentTool');
