/**
 * The normalized CPU-profile model every reader produces and every analysis consumes.
 *
 * One model for pprof, V8 `.cpuprofile`, Chrome traces and folded stacks: samples with a
 * weight, each sample a stack of interned frames, leaf first.
 */
import type { ProfileLimits } from './limits';

/** Which reader produced a {@link Profile}. */
export type ProfileFormat = 'pprof' | 'v8-cpuprofile' | 'chrome-trace' | 'folded' | 'speedscope';

/** One frame of a stack. */
export interface Frame {
  /** Function name as recorded (Go: `pkg.(*T).Method`; V8: bare name or `(anonymous)`); never empty. */
  readonly name: string;
  /**
   * Source file as recorded by the profiler, `file://` URLs already turned into paths
   * (percent-decoded); build-machine absolute paths, `-trimpath` module paths and `node:` URLs
   * are kept as they are. `''` when the profile has none (V8 synthetic nodes, kernel frames).
   */
  readonly file: string;
  /** 1-based source line of this frame's position; 0 when unknown. */
  readonly line: number;
  /**
   * True when the compiler inlined this frame into its caller: every `Line` of a pprof
   * `Location` except the last (the physical caller) is inlined.
   */
  readonly inlined: boolean;
  /**
   * 1-based column of this frame's position when the profile records one (V8 `columnNumber` + 1,
   * @datadog/pprof packed columns, recorder call-site labels); absent or 0 when unknown. Used
   * to look positions up in source maps; never part of a frame's identity for flat/cum.
   */
  readonly column?: number;
}

/**
 * String labels of a sample (pprof `Sample.label` with a `str` value; recorder call-site
 * labels such as `ddb.call_site`). Numeric labels are not kept.
 */
export type LabelSet = Readonly<Record<string, string>>;

/** A value column of a profile: pprof `ValueType` (`cpu`/`nanoseconds`, `samples`/`count`…). */
export interface SampleType {
  readonly type: string;
  readonly unit: string;
}

/** One aggregated sample: a stack and its weight in the chosen column. */
export interface Sample {
  /** Frame ids (indices into {@link Profile.frames}), leaf (innermost) first. */
  readonly stack: Uint32Array;
  /** Weight in {@link Profile.sampleType}'s unit (ns for time profiles). Finite, ≥ 0. */
  readonly weight: number;
  /**
   * Number of profiler samples this record stands for (pprof `samples/count` column, 1 per
   * V8 tick, the count of a folded line). Used for sampling-error estimates; ≥ 0.
   */
  readonly count: number;
  /**
   * Index into {@link Profile.labelSets} of this sample's labels; absent for unlabelled
   * samples (so readers of unlabelled profiles build samples exactly as before).
   */
  readonly labels?: number;
}

/** A CPU profile read from one file. */
export interface Profile {
  /** The path (or name) the profile was read from, for messages. */
  readonly sourcePath: string;
  readonly format: ProfileFormat;
  /** The chosen value column. Time columns are normalized to `nanoseconds` (V8 µs × 1000). */
  readonly sampleType: SampleType;
  /**
   * Every value column the file offers, as written in the file (pprof units unconverted). V8
   * profiles and Chrome traces offer `wall/nanoseconds` (wall time of the sampled thread, not
   * CPU time: `valueMeasure.ts`) and `samples/count` (ticks);
   * folded stacks `samples/count`.
   */
  readonly sampleTypes: readonly SampleType[];
  /** Duration of the recording in ns, when the file says (pprof `duration_nanos`, V8 end − start). */
  readonly durationNs: number | undefined;
  /**
   * The wall-clock time the writer stamped on the profile, ms since the epoch: pprof `time_nanos`
   * (Go: the start of the recording; @datadog/pprof, so `dynamo-hotpath record`: when it was
   * serialized, at the end). Absent when the file has none (V8 profiles use a monotonic clock).
   */
  readonly stampedMs?: number;
  /** Interned frames; {@link Sample.stack} holds indices into this array. */
  readonly frames: readonly Frame[];
  /** Samples with weight > 0, idle samples excluded (see {@link Profile.idleWeight}). */
  readonly samples: readonly Sample[];
  /** Sum of {@link Sample.weight} over {@link Profile.samples}. */
  readonly totalWeight: number;
  /** Weight of V8 `(idle)` samples, dropped from {@link Profile.samples}; 0 for other formats. */
  readonly idleWeight: number;
  /**
   * Distinct label sets of the samples ({@link Sample.labels} indexes it); absent when no
   * sample has a label.
   */
  readonly labelSets?: readonly LabelSet[];
  /** Non-fatal notes about the input (e.g. "12 stacks truncated at 64 frames"). */
  readonly warnings: readonly string[];
  /** Stacks cut at the runtime's depth limit and what their repair did; absent when none was cut. */
  readonly truncation?: ProfileTruncation;
}

/**
 * What happened to one sample in the repair of truncated stacks: `whole` (not cut), `repaired`
 * (the missing root part restored; one completion fits), `shared` (several completions fit: the
 * sample is one share of a cut sample, split in proportion to their weight), `stillCut` (no
 * full stack shares its root-most frames).
 */
export const SAMPLE_REPAIR = { whole: 0, repaired: 1, shared: 2, stillCut: 3 } as const;

/**
 * Stacks that reached the runtime's depth limit (Go keeps 64 frames of a CPU sample before
 * 1.23, 128 from 1.23) and what `repairTruncatedStacks` did with them. Weights are in the
 * profile's unit; `truncatedWeight = repairedWeight + sharedWeight + stillCutWeight`.
 */
export interface ProfileTruncation {
  /** The depth limit the stacks were cut at (frames, inlined ones included). */
  readonly depthLimit: number;
  readonly truncatedWeight: number;
  /** Restored with the one completion that fits. */
  readonly repairedWeight: number;
  /** Restored by sharing among several completions in proportion to their weight (an estimate). */
  readonly sharedWeight: number;
  readonly stillCutWeight: number;
  /** Per sample of {@link Profile.samples}: a {@link SAMPLE_REPAIR} value. */
  readonly sampleRepair: Uint8Array;
  /**
   * Per sample: the index of the cut sample it was made from (all shares of one cut sample carry
   * the same number), −1 for whole samples.
   */
  readonly sampleOrigin: Int32Array;
  /**
   * Per sample: how many of its frames, from the leaf, are the sample's own (recorded) frames; the
   * rest were completed from other stacks. The whole stack for whole and still-cut samples.
   */
  readonly sampleOwnDepth: Int32Array;
}

/** Options for the readers. */
export interface ReadOptions {
  /**
   * Value column to use, by pprof type name (`cpu`, `wall`, `samples`, `alloc_space`…);
   * overrides the default choice. A name the file does not have is an error.
   */
  readonly sampleType?: string;
  /** What a read may cost (size, table entries); defaults in `limits.ts`. */
  readonly limits?: Partial<ProfileLimits>;
  /**
   * Called once by the pprof reader, when it has resolved the functions and dropped the decoded
   * function table, before it interns the frames of every location: the CLI collects garbage
   * there for big profiles (`heapTuning.ts`), so that the frame table is not built on top of the
   * function stage's garbage (its string map's outgrown tables). The location tables are dropped
   * before the read returns.
   */
  readonly onTablesDropped?: () => void;
}
