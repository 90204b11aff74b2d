/**
 * Completions of cut stacks: the root part a cut stack lost, read off other stacks that share
 * its root-most frames (the method Pyroscope describes for Go heap profiles, rewritten here:
 * grafana/pyroscope `pkg/pprof/fix_go_truncated.go`, "RepairGoTruncatedStacktraces").
 *
 * A cut stack S (leaf first) is trimmed of root-most frames that no stack has below its root
 * (`runtime/pprof` expands the inlined callers of a cut stack's last frame into frames found
 * nowhere else). Its last {@link OVERLAP} frames are then looked for in every other stack R,
 * away from R's root; the frames of R rootward of the match are a completion. A completion from
 * a cut R is completed again the same way (chains up to {@link MAX_CHAIN} links).
 */
/** Frames a cut stack and a donor stack must share, in a row (Pyroscope uses 16 locations). */
export const OVERLAP = 16;
/** Longest chain of cut donors followed. */
const MAX_CHAIN = 8;

/** One way to complete a cut stack: the missing root part, and the donor weight behind it. */
export interface Completion {
  /** Frame ids, leaf-most first, to append after the trimmed cut stack. */
  readonly frames: readonly number[];
  /** Weight of the donor stacks that show it (the share of a chained completion is multiplied through). */
  weight: number;
}

export interface CompletionIndex {
  /** The cut stack without its root-most artifact frames. */
  trimmed(stack: Uint32Array): Uint32Array;
  /** Completions of a trimmed cut stack, heaviest first; empty when no stack shares its root-most frames. */
  completionsOf(trimmed: Uint32Array): readonly Completion[];
}

/**
 * Builds the completion lookup over the stacks of all samples (frame ids, leaf first, by sample
 * index). `cut[i]` marks cut samples, cut at
 * `depthLimit` frames; `evidence(i)` is the weight sample i lends to the completion it shows
 * (e.g. its weight). Results are memoized per overlap; a lookup scans the stacks that contain the
 * overlap's first frame.
 */
export function createCompletionIndex(stacks: readonly Uint32Array[], cut: Uint8Array, depthLimit: number, evidence: (sample: number) => number): CompletionIndex {
  const belowRoot = new Set<number>();
  const positions = new Map<number, number[]>(); // frame id → flattened (sample, position) pairs
  stacks.forEach((stack, i) => {
    for (let p = 0; p + 1 < stack.length; p++) {
      const id = stack[p]!;
      belowRoot.add(id);
      let list = positions.get(id);
      if (!list) positions.set(id, (list = []));
      list.push(i, p);
    }
  });
  const memo = new Map<string, Completion[]>();

  function trimmed(stack: Uint32Array): Uint32Array {
    let n = stack.length;
    while (n > 0 && !belowRoot.has(stack[n - 1]!)) n--;
    return stack.subarray(0, n);
  }

  function lookup(tail: ArrayLike<number>, chain: number): Completion[] {
    const key = Array.prototype.join.call(tail, ',');
    const known = memo.get(key);
    if (known) return known;
    const whole = new Map<string, Completion>();
    const partial = new Map<string, Completion>();
    memo.set(key, []); // a chain that comes back here finds nothing
    const list = positions.get(tail[0]!) ?? [];
    const atDepth: number[] = []; // weight of every stack through the overlap, by the overlap's distance from the leaf
    for (let k = 0; k < list.length; k += 2) {
      const r = stacks[list[k]!]!;
      const q = list[k + 1]!;
      if (q + OVERLAP > r.length) continue;
      let same = true;
      for (let j = 1; j < OVERLAP && same; j++) same = r[q + j] === tail[j];
      if (!same) continue;
      const weight = evidence(list[k]!);
      if (!(weight > 0)) continue;
      atDepth[q] = (atDepth[q] ?? 0) + weight;
      if (q + OVERLAP === r.length) continue;
      const frames = Array.from(r.subarray(q + OVERLAP));
      const target = cut[list[k]!] ? partial : whole;
      const id = frames.join(',');
      const entry = target.get(id);
      if (entry) entry.weight += weight;
      else target.set(id, { frames, weight });
    }
    let out = correctForDepth([...whole.values()], atDepth, depthLimit);
    if (out.length === 0 && chain < MAX_CHAIN) out = chained([...partial.values()], tail, chain);
    out.sort((a, b) => b.weight - a.weight);
    memo.set(key, out);
    return out;
  }

  /**
 * Corrects donor weights for the depth limit itself. A donor shows its completion only when
 * its whole stack fits under the limit, so a long completion (a call site far from the
 * goroutine's root) is seen only under stacks with a short leaf part, and a short one under
 * nearly all: counted raw, the call site nearer the root wins the cut weight. Assuming the leaf
 * part's length does not depend on the completion, the weight of completion c is divided by the
 * weight of all stacks through the overlap (cut ones included) whose leaf part is short enough
 * that c would have fitted: an inverse-probability estimate of c's share. Measured on the Go
 * sample service re-recorded with a 512-frame profiler (notes/attr-maps.md), this moves the
 * split between the two `Query` call sites from 38/62 to close to the recorded 67/33.
 */
function correctForDepth(completions: Completion[], atDepth: readonly (number | undefined)[], depthLimit: number): Completion[] {
  const cumulative: number[] = [];
  let sum = 0;
  for (let q = 0; q < Math.max(atDepth.length, depthLimit); q++) cumulative.push((sum += atDepth[q] ?? 0));
  const out: Completion[] = [];
  for (const c of completions) {
    const lastFitting = depthLimit - 1 - OVERLAP - c.frames.length;
    const seen = lastFitting >= 0 ? cumulative[Math.min(lastFitting, cumulative.length - 1)]! : 0;
    if (seen > 0) out.push({ frames: c.frames, weight: c.weight / seen });
  }
  return out;
}

/** Completes partial completions (from cut donors) through their own root-most frames. */
  function chained(partials: readonly Completion[], tail: ArrayLike<number>, chain: number): Completion[] {
    const out = new Map<string, Completion>();
    for (const part of partials) {
      const joined = [...Array.from(tail), ...part.frames];
      const next = lookup(joined.slice(joined.length - OVERLAP), chain + 1);
      const total = next.reduce((sum, c) => sum + c.weight, 0);
      for (const rest of next) {
        const frames = [...part.frames, ...rest.frames];
        const id = frames.join(',');
        const weight = (part.weight * rest.weight) / total;
        const entry = out.get(id);
        if (entry) entry.weight += weight;
        else out.set(id, { frames, weight });
      }
    }
    return [...out.values()];
  }

  return {
    trimmed,
    completionsOf(stack: Uint32Array): readonly Completion[] {
      if (stack.length < OVERLAP) return [];
      return lookup(stack.subarray(stack.length - OVERLAP), 0);
    },
  };
}
