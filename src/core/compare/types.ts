/**
 * Shapes of a comparison between a baseline profile ("before") and a new one ("after").
 *
 * This is also the documented `--json` output of `dynamo-hotpath compare` (`schema:
 * 'dynamo-hotpath.compare/1'`). Units:
 * - `weight` fields are in the profiles' unit (`Comparison.unit`, `nanoseconds` for CPU time);
 * - `share` and `shareStdErr` are percentages of the side's total weight (0–100; the standard
 *   error is in percentage points);
 * - `perRequest` is weight per request in the same unit (ns/request for CPU time);
 * - every `change…Percent` is a relative change, (after − before) / before × 100, `null` when
 *   the before value is 0 (a path that appeared) — never `Infinity` — and every change of an
 *   absolute or per-request value is `null` when `absolute.comparable` is false;
 * - `shareChangePoints` is after.share − before.share in percentage points.
 */
import type { DynamoCategory, SdkId } from '../detect/types';
import type { ReplicateTotals } from './replicates';
import type { ConnectionComparison } from './connectionChange';

export const COMPARE_SCHEMA = 'dynamo-hotpath.compare/1';

/**
 * How a row of one side was paired with a row of the other:
 * - `same`: identical function name (and, for call sites, same file and line);
 * - `name`: the function name matched once the Go package path and pointer receiver were dropped
 *   (`ddbv1.(*Adapter).GetUserActivity` ↔ `ddbv2.(*Adapter).GetUserActivity`), or the same V8
 *   name in another file; for call sites: the containing functions matched by name and the
 *   lines moved (paired in line order);
 * - `call-site`: user functions that share a call-site location (renamed function), or SDK
 *   functions entered from matched call sites (`(*DynamoDB).QueryWithContext` ↔ `(*Client).Query`);
 * - `operation`: call sites that do the same thing — run the same DynamoDB operation (from the
 *   `record` label, the SDK frames beneath, or the code at the line) or convert items the same way
 *   (`Converter.unmarshall` ↔ `unmarshall`) — within matched functions, the nearest to the same
 *   place in the function first; or the only one doing it on each side;
 * - `category`: the only unmatched row of its dominant DynamoDB category on each side;
 * - `key`: rows that are the same by construction (totals, categories).
 */
export type MatchKind = 'same' | 'name' | 'operation' | 'call-site' | 'category' | 'key';

/**
 * `matched` rows exist on both sides; `vanished` only before; `appeared` only after; `sparse`
 * on one side only, in too few samples for that to mean anything (its share is within sampling
 * noise of 0, see `significance.ts`), so it is called neither vanished nor appeared.
 */
export type RowStatus = 'matched' | 'vanished' | 'appeared' | 'sparse';

/** Where a row points, on one side. */
export interface RowRef {
  /** Function name as recorded in that profile. */
  readonly name: string;
  /** File as recorded in the profile ('' when unknown). */
  readonly file: string;
  /** Workspace-relative path when resolved. */
  readonly relativePath?: string;
  /** 1-based line (call sites and user functions). */
  readonly line?: number;
}

/** The value of a row on one side. An absent side (vanished/appeared) has weight 0 and no ref. */
export interface RowSide {
  readonly ref?: RowRef;
  readonly weight: number;
  /** weight / side total × 100. */
  readonly share: number;
  /** Binomial standard error of `share`, percentage points (see `significance.ts`). */
  readonly shareStdErr: number;
  /** weight / requests, when the side's request count is known. */
  readonly perRequest?: number;
  /**
   * Call sites: the part of `weight` that is estimated, not measured on the line (`CallSite.estimatedWeight`:
   * cut stacks completed onto it, a share of async marshalling, a service estimate); absent when none.
   */
  readonly estimatedWeight?: number;
}

export interface CompareRow {
  /** Stable id within its table (the after name for matched rows). */
  readonly key: string;
  /** Short human label (function name without package path, `file:line` for call sites). */
  readonly label: string;
  readonly status: RowStatus;
  readonly matchedBy?: MatchKind;
  /** DynamoDB category, for category rows and SDK function rows. */
  readonly category?: DynamoCategory;
  readonly before: RowSide;
  readonly after: RowSide;
  /** Relative change of the absolute weight. */
  readonly changeWeightPercent: number | null;
  /** Relative change per request (when both request counts are known). */
  readonly changePerRequestPercent?: number | null;
  readonly shareChangePoints: number;
  /** Whether |shareChangePoints| exceeds the sampling noise (`significance.ts`). */
  readonly significant: boolean;
  /** A caveat about this row, e.g. that part of its drop moved into async continuations. */
  readonly note?: string;
  /** Why a call-site row has no counterpart on the other side (vanished, appeared or sparse rows). */
  readonly reason?: string;
}

/**
 * Whether the two sides' weights measure the same thing (`src/core/profile/valueMeasure.ts`): a
 * pprof's CPU time and a V8 `.cpuprofile`'s wall time of the JS thread do not, so only shares
 * are compared between them.
 */
export interface AbsoluteComparability {
  readonly comparable: boolean;
  /** What the before side's weights are: `name` for a table row (`CPU`, `Wall time`, `Samples`), `description` with its source. */
  readonly before: MeasureName;
  readonly after: MeasureName;
  /** When not comparable: a few words for table cells, e.g. `CPU vs wall time`. */
  readonly short?: string;
  /** When not comparable: both measures named. */
  readonly reason?: string;
}

/** A value column's meaning, e.g. `{ name: 'CPU', description: 'CPU time (pprof cpu/nanoseconds)' }`. */
export interface MeasureName {
  readonly name: string;
  readonly description: string;
}

/** One side's totals. */
export interface SideTotals {
  readonly sourcePath: string;
  readonly format: string;
  readonly totalWeight: number;
  /** Profiler samples (the `n` of the binomial standard errors). */
  readonly totalCount: number;
  readonly durationNs?: number;
  readonly requests?: number;
  /** How `requests` was obtained, e.g. `--requests-before 990` or `rate 49.35/s × 20.06 s`. */
  readonly requestsSource?: string;
  readonly perRequest?: number;
  /** Weight with DynamoDB marshalling on the stack (`Analysis.dynamoWeight`) and its share. */
  readonly dynamoWeight: number;
  readonly dynamoShare: number;
  readonly dynamoShareStdErr: number;
  readonly dynamoPerRequest?: number;
  /** Share of samples with a marshalling frame anywhere on the stack (`Analysis.anyFrameWeight`): the upper bound. */
  readonly anyFrameShare: number;
  /**
   * Where `dynamoShare` reached the user's lines (percent of the side's total; the three add up to
   * `dynamoShare`): measured on a line, estimated per call site, unattributed (`Analysis.attribution`).
   */
  readonly attribution?: { readonly measuredShare: number; readonly estimatedShare: number; readonly unattributedShare: number };
}

export interface ComparisonTotals {
  readonly before: SideTotals;
  readonly after: SideTotals;
  readonly changeWeightPercent: number | null;
  readonly changeRequestsPercent?: number | null;
  readonly changePerRequestPercent?: number | null;
  readonly changeDynamoPerRequestPercent?: number | null;
  readonly dynamoShareChangePoints: number;
  readonly dynamoShareSignificant: boolean;
}

/** The whole comparison. Tables are ordered by the larger of the two weights, heaviest first. */
export interface Comparison {
  readonly schema: typeof COMPARE_SCHEMA;
  /** Value column compared (`cpu`, `wall`, `samples`…), as the after profile names it. */
  readonly valueType: string;
  readonly unit: string;
  /**
   * `'per-request'` when both request counts are known and the absolute weights are comparable,
   * else `'share'` (traffic may differ, or the sides measure different things).
   */
  readonly normalization: 'per-request' | 'share';
  /** What each side's weights measure, and whether absolute and per-request values can be compared. */
  readonly absolute: AbsoluteComparability;
  readonly totals: ComparisonTotals;
  /** Per DynamoDB category (each sample charged to its innermost categorised frame). */
  readonly categories: readonly CompareRow[];
  /** Per user function: cumulative weight. */
  readonly userFunctions: readonly CompareRow[];
  /** Per call site: DynamoDB marshalling credited to the line, measured and estimated (each side's `estimatedWeight`). */
  readonly callSites: readonly CompareRow[];
  /** Per SDK function: cumulative weight; the heaviest N (`--top`) plus every row paired across the sides. */
  readonly sdkFunctions: readonly CompareRow[];
  /** Any function (runtime, reflection, GC…) whose self (flat) share changed significantly, largest change first; weight = flat. */
  readonly movers: readonly CompareRow[];
  /** SDKs whose frames are all gone after (e.g. `aws-sdk-go-v1` after a migration) and SDKs new in after. */
  readonly sdkChanges: { readonly vanished: readonly SdkId[]; readonly appeared: readonly SdkId[] };
  /** Count of matched rows per table and match kind, to say what matched how. */
  readonly matchSummary: Readonly<Record<'userFunctions' | 'callSites' | 'sdkFunctions', Readonly<Partial<Record<MatchKind | 'vanished' | 'appeared', number>>>>>;
  /** Honest caveats: traffic may differ, different formats, short profiles… */
  readonly notes: readonly string[];
  /**
   * Per-profile CPU and DynamoDB marshalling per request and the change of their means with an
   * interval (`replicates.ts`), when every profile has a request count. With several profiles per
   * side the tables above are of the pooled profiles.
   */
  readonly replicates?: ReplicateTotals;
  /** TLS handshakes, error answers, retries and counted throttling, per side (`connectionChange.ts`). */
  readonly connections: ConnectionComparison;
}
