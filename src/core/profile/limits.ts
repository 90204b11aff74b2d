/**
 * Limits on what a profile may cost to read: a profile is untrusted input, and one crafted to
 * inflate to gigabytes or to hold millions of locations must be refused with a message, not read
 * until the process runs out of memory (which kills the language server).
 *
 * Defaults, and where they come from (measured on this project's 2-core, Node 20 machines):
 * - `maxBytes` 128 MiB of uncompressed profile data. Reading a pprof takes about 20 times its
 *   raw size at peak (the 50 MB synthetic profile of `npm run perf`: 966 MB), so 128 MiB stays
 *   well inside Node's default 4 GB heap; real CPU profiles are far smaller (the largest
 *   fixture, google-pprof_large.cpu.pb.gz, is 2.4 MB raw).
 * - `maxTableEntries` 2,000,000 entries in the pprof tables that are decoded into objects
 *   (locations, functions, strings; samples are only located, and bounded by `maxBytes`): a
 *   decoded location costs ~300 bytes, so a profile of 10⁷ locations (issue 13: 38 MB gzipped,
 *   an out-of-memory abort after 46 s) is refused once its table passes 2,000,000, at ~0.7 GB.
 *   The 50 MB synthetic profile of `npm run perf` has ~650,000 locations; real CPU profiles
 *   have thousands to tens of thousands.
 * The user setting `dynamoHotpath.limits.maxProfileMB` and the CLI's `--max-profile-mb` raise or
 * lower `maxBytes`.
 */
import { ProfileError } from './errors';

/** What a read may cost. */
export interface ProfileLimits {
  /** Largest profile accepted, in bytes of uncompressed data (the file, or what its gzip inflates to). */
  readonly maxBytes: number;
  /** Most entries in any one decoded pprof table (locations, functions, strings). */
  readonly maxTableEntries: number;
}

export const DEFAULT_PROFILE_LIMITS: ProfileLimits = { maxBytes: 128 * 1024 * 1024, maxTableEntries: 2_000_000 };

/**
 * The deepest stack a sample keeps when the reader builds stacks from a call tree (V8
 * `.cpuprofile` nodes, Chrome trace chunks, speedscope evented open/close events): a sample's
 * stack costs its depth, so a tree of n nested nodes, one sample each, would cost n²/2 frames (a
 * 1.6 MB evented file of 20,000 nested opens took 3.1 GB, issue 25); with the limit a tree node
 * costs at most 2 KB of stack. Deeper stacks keep their innermost frames (the call sites and the
 * SDK frames: Go cuts its stacks the same way). V8 samples at most 255 frames
 * (`TickSample::kMaxFramesCount`); the limit leaves as much again for the inlined frames it adds,
 * so a stack of a real V8 profile is never cut. Readers of explicit stacks (pprof, folded,
 * speedscope sampled) keep every frame: their cost already grows with the file.
 */
export const MAX_TREE_STACK_DEPTH = 512;

/** The warning for `samples` samples (of `weightShare` of the total weight, 0–1) whose stacks were cut at {@link MAX_TREE_STACK_DEPTH}. */
export function deepStacksWarning(samples: number, weightShare: number): string {
  const share = `${(100 * weightShare).toFixed(weightShare < 0.001 ? 3 : 1)} % of the profile`;
  return `${samples} ${samples === 1 ? 'sample has a stack' : 'samples have stacks'} deeper than ${MAX_TREE_STACK_DEPTH.toLocaleString('en-US')} frames (${share}): they keep their ${MAX_TREE_STACK_DEPTH.toLocaleString('en-US')} innermost frames. V8 samples 255 frames at most, so the file comes from runaway recursion or a generator`;
}

/** The largest `maxProfileMB` a setting or flag may ask for: 2 GiB, Node's largest Buffer. */
export const MAX_PROFILE_MB = 2048;

/** `limits` with the defaults filled in. */
export function resolveLimits(limits: Partial<ProfileLimits> | undefined): ProfileLimits {
  return { ...DEFAULT_PROFILE_LIMITS, ...limits };
}

/** `bytes` as `128 MB` (MiB, the unit of the setting). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

const HOW_TO_RAISE = 'raise the limit with the setting dynamoHotpath.limits.maxProfileMB or the --max-profile-mb flag if this machine has the memory (reading takes about 20 times the uncompressed size)';

/** The error for a profile over `maxBytes`; `what` says which size (`the file is`, `it inflates to more than`). */
export function tooLarge(sourcePath: string, what: string, limits: ProfileLimits): ProfileError {
  return new ProfileError(sourcePath, 'too-large', `${what} ${formatMegabytes(limits.maxBytes)}, the limit for a profile; ${HOW_TO_RAISE}`);
}

/** Counts pprof table entries as they are decoded; {@link exceeded} names the first table over the limit. */
export class TableBudget {
  private readonly counts = new Map<string, number>();
  constructor(private readonly limits: ProfileLimits) {}

  /** Adds one entry to `table`; returns false once that table is over the limit. */
  add(table: string): boolean {
    const n = (this.counts.get(table) ?? 0) + 1;
    this.counts.set(table, n);
    return n <= this.limits.maxTableEntries;
  }

  /** The error for `table` having more than the limit of entries. */
  exceeded(sourcePath: string, table: string): ProfileError {
    return new ProfileError(
      sourcePath,
      'too-large',
      `the profile has more than ${this.limits.maxTableEntries.toLocaleString('en-US')} ${table}, the limit for one pprof table (reading it would exhaust the memory); a CPU profile that large is usually a concatenation or a generated file`,
    );
  }
}
