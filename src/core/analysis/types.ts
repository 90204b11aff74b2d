/**
 * Shapes of an analysis result: where a profile's CPU goes, and which lines of the user's
 * own code lead into DynamoDB marshalling. All weights are in the profile's unit
 * (`Analysis.unit`, ns for time profiles); all percentages are of `Analysis.totalWeight`
 * and lie in [0, 100].
 */
import type { DynamoCategory, Mechanism, SdkId } from '../detect/types';
import type { DynamoOperation } from '../source/dynamoOperations';
import type { SampleType, ProfileFormat } from '../profile/model';
import type { PathCandidate } from '../paths/unresolvedAdvice';
import type { PathResolution } from '../paths/types';
import type { SourceMapCoverage } from '../sourcemap/coverage';

export type { CheckedSource, SourceMapCoverage } from '../sourcemap/coverage';
import type { FunctionLevelSummary } from './functionLevel';
import type { SiteStats } from './siteStats';

/** Weight per DynamoDB category; categories with no weight are absent. */
export type CategoryWeights = Partial<Record<DynamoCategory, number>>;

/** Flat (self) and cumulative (total) weight of one function or line. */
export interface FlatCum {
  /** Weight of samples whose leaf frame is this function/line. */
  readonly flat: number;
  /** Weight of samples with this function/line anywhere on the stack, each sample counted once. */
  readonly cum: number;
}

export interface FunctionStat extends FlatCum {
  readonly name: string;
  /** File as recorded in the profile ('' when unknown). */
  readonly file: string;
}

export interface LineStat extends FlatCum {
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** Function the line belongs to (the innermost one when several share it). */
  readonly functionName: string;
}

/** One frame of a call site's typical chain, with its own flat/cum over the whole profile. */
export interface ChainFrame extends FlatCum {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  /** `user`, `sdk` (matched a DynamoDB rule), or `other` (wrapper, runtime, library). */
  readonly role: 'user' | 'sdk' | 'other';
}

/**
 * A line of the user's code that leads into DynamoDB marshalling: the nearest user frame above
 * a marshalling subtree.
 */
export interface CallSite {
  /** File as recorded in the profile. */
  readonly profileFile: string;
  /** Where it lives in the workspace (always resolved: call sites are user code by definition). */
  readonly relativePath: string;
  readonly absolutePath: string;
  /** 1-based line of the call. */
  readonly line: number;
  /** Function containing the call, as recorded. */
  readonly functionName: string;
  /** Cumulative weight of this line (all samples through it, DynamoDB or not). */
  readonly totalWeight: number;
  /** Weight of DynamoDB marshalling beneath this line. */
  readonly dynamoWeight: number;
  readonly byCategory: CategoryWeights;
  /** Part of `dynamoWeight` spent in reflection (`reflect.*` frames) beneath it. */
  readonly reflectionWeight: number;
  /** Dominant category and the SDK rule behind most of `dynamoWeight`. */
  readonly dominant: { readonly category: DynamoCategory; readonly sdk: SdkId; readonly label: string; readonly mechanism: Mechanism; readonly migration?: string };
  /** Typical chain from this call site to the hottest SDK leaf: user frame first. */
  readonly chain: readonly ChainFrame[];
  /** Sample counts (for sampling-error estimates): through the line, and with marshalling beneath. */
  readonly totalCount: number;
  readonly dynamoCount: number;
  /**
   * Part of `dynamoWeight` credited through the recorder's call-site labels (`dynamo-hotpath
   * record`) rather than through a frame of the user's code on the stack; absent or 0 for
   * unlabelled profiles.
   */
  readonly labelledWeight?: number;
  /**
   * Estimated DynamoDB weight of this line, by {@link AttributionSummary.estimateMethod}; NOT part
   * of `dynamoWeight` (which is measured: a frame of the user's code on the sample's own stack, or
   * a recorder label). It holds a share of the marshalling no frame of the user's code reached,
   * cut stacks completed onto this line (`repair`), and shared AWS protocol work whose service the
   * stack did not tell. Absent or 0 when nothing was estimated.
   */
  readonly estimatedWeight?: number;
  /**
   * Part of `estimatedWeight` from stacks cut at the depth limit and completed from other stacks:
   * `repairedWeight` where the one completion that fits (or every one) reaches this call site,
   * `sharedWeight` where several call sites fitted and the cut sample was shared among them in
   * proportion to the same work measured under each. Absent when no repaired stack reached this call site.
   */
  readonly repair?: { readonly repairedWeight: number; readonly sharedWeight: number };
  /**
   * `'function'` when the profile recorded no line for this frame (line 0): `line` is then the
   * function's declaration found in the source by name (`functionLevel.ts`), or 0 when none was
   * found. Absent for line-level call sites.
   */
  readonly precision?: 'function';
  /**
   * Who called this call site's function, heaviest first: its measured `dynamoWeight` split by
   * caller line (the next frame of the user's code towards the root, on the stack or recorded by
   * `dynamo-hotpath record`). A part of this call site's share, never added to it:
   * `sum(callers.dynamoWeight) + noCallerWeight = dynamoWeight`. Absent when no caller was seen.
   * Estimates (`estimatedWeight`) are not split.
   */
  readonly callers?: readonly CallerShare[];
  /** Part of `dynamoWeight` with no caller of the user's code (the call site's function was the outermost); with `callers` only. */
  readonly noCallerWeight?: number;
  /**
   * True when the call site is all its function does — a thin wrapper like `query: (p) =>
   * ddb.query(p).promise()`: the function's only call site, and its line holds ≥ 90 % of the
   * function's cumulative weight, the line being exact (not JavaScript, or mostly credited through
   * a recorded call site: V8 gives frames their function's first line). Absent otherwise.
   */
  readonly thinWrapper?: true;
  /**
   * The DynamoDB operations the line runs, sorted: what its measured samples' `record` labels or
   * SDK frames beneath it name, else what the code at the line names (`operationsInCode.ts`).
   * Absent when nothing names one (item conversion, or a line that only forwards a request).
   */
  readonly operations?: readonly DynamoOperation[];
  /**
   * The helper a call recorded by `record` went through before the SDK (a promisify-style
   * `call(client, method, params)`), from this line's callee to the line that called the SDK: this
   * call site is the business line past it. Absent otherwise.
   */
  readonly through?: readonly { readonly relativePath: string; readonly line: number; readonly functionName: string }[];
}

/** One caller line of a call site and the part of the call site's DynamoDB weight that came through it. */
export interface CallerShare {
  readonly profileFile: string;
  readonly relativePath: string;
  readonly absolutePath: string;
  /** 1-based line of the call into the call site's function (0: the profile has no line for it). */
  readonly line: number;
  /** Function containing that call, as recorded. */
  readonly functionName: string;
  /** Weight of the call site's DynamoDB marshalling reached through this caller. */
  readonly dynamoWeight: number;
  readonly dynamoCount: number;
}

/** Call sites rolled up per user function. */
export interface UserFunctionStat {
  readonly functionName: string;
  readonly profileFile: string;
  readonly relativePath: string;
  readonly absolutePath: string;
  /** First line of the function when the profile says (Go `start_line`, V8 function line), else the lowest call-site line. */
  readonly line: number;
  readonly totalWeight: number;
  readonly dynamoWeight: number;
  readonly byCategory: CategoryWeights;
  readonly callSiteLines: readonly number[];
}

/** How well profile paths mapped to the workspace. */
export interface PathCoverage {
  /** Weight of frames in non-dependency, non-runtime files (summed once per sample and file). */
  readonly candidateWeight: number;
  /** Part of it that resolved to a workspace file. */
  readonly resolvedWeight: number;
  /** resolvedWeight / candidateWeight × 100; 100 when there is nothing to resolve. */
  readonly percent: number;
  /**
   * Unresolved profile paths, heaviest first; an ambiguous path with its candidate files and the
   * `--map` picking each (`paths/unresolvedAdvice.ts`); a missing generated `.js` whose TypeScript
   * source is in the workspace with that source (`compiledSource`, relative path).
   */
  readonly unresolved: readonly { readonly profileFile: string; readonly weight: number; readonly resolution: PathResolution; readonly candidates?: readonly PathCandidate[]; readonly compiledSource?: string }[];
  /** Distinct profile paths per resolution kind (`resolved`, `dependency`, …). */
  readonly counts: Readonly<Record<string, number>>;
}

/** A migration the profile suggests. */
export interface MigrationSuggestion {
  readonly id: string;
  readonly title: string;
  /** Weight of marshalling that would move (all samples matching rules that suggest it). */
  readonly weight: number;
  readonly detail: string;
  /**
   * Weight of the TLS handshakes of the clients it moves that the move removes too, not in
   * `weight` (aws-sdk v2 → v3: v3 keeps connections alive by default); absent when none.
   */
  readonly connectionWeight?: number;
}

/** Estimated weight by method (they add up to {@link AttributionSummary.estimatedWeight}). */
export interface EstimateParts {
  /** Marshalling no frame of the user's code reached, shared among call sites by their SDK calls (`estimate.ts`). */
  readonly calls: number;
  /** Stacks cut at a depth limit, completed from other stacks onto a call site (`repair/`). */
  readonly repair: number;
  /** Shared protocol work under a call site whose service the stack did not tell (`serviceEvidence.ts`). */
  readonly service: number;
}

/**
 * How the DynamoDB marshalling weight splits by how it reached a call site:
 * `measuredWeight + estimatedWeight + unattributedWeight = Analysis.dynamoWeight`.
 */
export interface AttributionSummary {
  /**
   * Measured: credited to a call site by a frame of the user's code on the sample's own stack (not
   * one restored from other stacks) or by a recorder label, for work the stack or label shows to
   * be DynamoDB's.
   */
  readonly measuredWeight: number;
  /** Part of `measuredWeight` credited by recorder call-site labels. */
  readonly labelledWeight: number;
  /**
   * Credited to call sites by `estimateMethod` (each call site's `estimatedWeight`): shares of
   * marshalling no frame of the user's code reached, cut stacks completed from other stacks, shared
   * protocol work whose service was estimated.
   */
  readonly estimatedWeight: number;
  /** Credited to no call site, even by estimate. */
  readonly unattributedWeight: number;
  /** `estimatedWeight` by method; absent when nothing was estimated. */
  readonly estimateParts?: EstimateParts;
  /** One sentence: how estimates were made; absent when nothing was estimated. */
  readonly estimateMethod?: string;
}

/**
 * Stacks cut at the runtime's depth limit (Go: 64 frames before 1.23, 128 from 1.23) and what
 * their repair gave back. Weights in the profile's unit; `truncatedWeight = repairedWeight +
 * sharedWeight + stillCutWeight`, and likewise for the DynamoDB parts.
 */
export interface TruncationSummary {
  readonly depthLimit: number;
  readonly truncatedWeight: number;
  /** Restored from full stacks with one fitting completion. */
  readonly repairedWeight: number;
  /** Restored by sharing among several fitting completions in proportion to their weight (an estimate). */
  readonly sharedWeight: number;
  /** No full stack shares their root-most frames. */
  readonly stillCutWeight: number;
  /** DynamoDB marshalling in those three parts. */
  readonly repairedDynamoWeight: number;
  readonly sharedDynamoWeight: number;
  readonly stillCutDynamoWeight: number;
}

/** The whole result of analysing one profile against one workspace root. */
export interface Analysis {
  readonly sourcePath: string;
  readonly format: ProfileFormat;
  readonly sampleType: SampleType;
  readonly unit: string;
  readonly durationNs: number | undefined;
  readonly totalWeight: number;
  readonly totalCount: number;
  /**
   * Weight of DynamoDB marshalling: samples whose innermost non-transparent frame matches a
   * marshalling rule (runtime, reflection, JSON.parse beneath it charged to it). Excludes
   * connection setup.
   */
  readonly dynamoWeight: number;
  readonly dynamoCount: number;
  /** Samples with a marshalling frame anywhere on the stack: the naive upper bound of `dynamoWeight`. */
  readonly anyFrameWeight: number;
  /**
   * Marshalling with no user frame above it and no recorder label (async continuations, SDK
   * goroutines, cut stacks): credited to no call site by measurement. Estimates share part of
   * it among call sites; see {@link Analysis.attribution}.
   */
  readonly unattributedWeight: number;
  /** Measured / estimated / unattributed split of `dynamoWeight`. */
  readonly attribution: AttributionSummary;
  /**
   * Shared AWS protocol work (aws-sdk-go v1 `jsonutil`, smithy-go JSON serde, aws-sdk v2
   * `lib/json`, the v3 schema serde) for other services than DynamoDB — Kinesis, CloudWatch Logs,
   * SQS…: in no DynamoDB figure. `estimatedWeight` is the part whose service the stack did not tell
   * (split by the service estimate); `byService` names the services whose client was on the stack
   * (`''`: unnamed — estimated, or unlabelled in a `record` profile), heaviest first.
   */
  readonly otherServices: { readonly weight: number; readonly estimatedWeight: number; readonly byService: readonly { readonly name: string; readonly weight: number }[] };
  /** Stacks cut at a depth limit and their repair; absent when no stack reached a depth limit. */
  readonly truncation?: TruncationSummary;
  /** Weight per category, each sample charged to the innermost matching frame's category. */
  readonly byCategory: CategoryWeights;
  /** GC work with no DynamoDB frame on its stack (`runtime.gcBgMarkWorker`, `(garbage collector)`). */
  readonly gcWeight: number;
  /** TLS handshakes with a DynamoDB client frame on the stack (also in byCategory['connection-setup']). */
  readonly connectionSetupWeight: number;
  /**
   * Outbound TLS handshakes (this process dialled, or no side is known) with no evidence of a
   * DynamoDB client — no DynamoDB client frame on the stack, no recorded call site ("host
   * unknown"): in no DynamoDB figure.
   */
  readonly tlsUnknownHostWeight: number;
  /**
   * TLS handshakes of the process's own listeners (server side: Go `serverHandshake` under
   * `net/http.(*conn).serve`, Node `tlsConnectionListener`): clients connecting to the service,
   * never connection churn towards DynamoDB; in no DynamoDB figure.
   */
  readonly tlsInboundWeight: number;
  /** SDK marshalling code run by Node's module loader (`require` of the SDK, below any frame of yours): in no DynamoDB figure. */
  readonly moduleLoadingWeight: number;
  /** Call sites, heaviest DynamoDB weight first. */
  readonly callSites: readonly CallSite[];
  readonly userFunctions: readonly UserFunctionStat[];
  /** Per-function flat/cum, heaviest cum first. */
  readonly functions: readonly FunctionStat[];
  readonly coverage: PathCoverage;
  readonly migrations: readonly MigrationSuggestion[];
  /** SDK frames seen, heaviest first (for the report and for comparisons). */
  readonly sdkFunctions: readonly (FunctionStat & { readonly ruleId: string; readonly category: DynamoCategory; readonly sdk: SdkId })[];
  /** Generated JavaScript of the workspace and whether its source maps were read; absent when the profile has none. */
  readonly sourceMaps?: SourceMapCoverage;
  /** Weight of samples recorded with a call site in generated JavaScript not built in this workspace (its `.ts` is here): see `unplacedRecordedSites.ts`. */
  readonly unbuiltRecordedWeight?: number;
  /** Frames of the user's code that had no line, and how many were placed on their declaration; absent when none. */
  readonly functionLevel?: FunctionLevelSummary;
  /**
   * What each call site's DynamoDB calls did on the wire — calls, attempts, retries by error
   * code, final errors, new TLS connections, unprocessed batch items — counted by
   * `dynamo-hotpath record` or the Go call labels (`siteStats.ts`); absent when nothing counted.
   */
  readonly siteStats?: readonly SiteStats[];
  readonly warnings: readonly string[];
}
