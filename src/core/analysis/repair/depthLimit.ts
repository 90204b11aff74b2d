/**
 * Which samples of a Go profile had their stack cut at the runtime's depth limit.
 *
 * Go's CPU profiler keeps the 64 innermost frames of a stack before Go 1.23 and 128 from 1.23
 * (heap, block and mutex profiles: 32, then 128; `GODEBUG=profstackdepth`, see
 * shared/notes/profile-formats.md). A cut stack has exactly
 * that many frames — one more when `runtime/pprof` expanded an inlined last frame — and its
 * root-most frame is not where a goroutine starts.
 */
import type { Profile } from '../../profile/model';
import { forEachStack, maxStackDepth } from '../../profile/columns/sampleTable';
import { frameTableOf, sampleTableOf } from '../../profile/columns/profileTables';
import { frameAt } from '../../profile/columns/frameTable';

/** Depth limits of Go's profilers (frames), smallest first. */
export const GO_DEPTH_LIMITS = [32, 64, 128] as const;
/** A cut stack can be this much longer than the limit (the last frame's inlined callers). */
const EXPANSION_SLACK = 4;

/** Functions a goroutine or thread stack really starts at, whatever else the profile shows. */
const RUNTIME_ROOTS = /^runtime\.(goexit|main|mstart|mstart0|mstart1|rt0_go|_System|_ExternalCode|_GC|_VDSO|_LostExternalCode|_LostSIGPROFDuringAtomic64|sigtramp|morestack|systemstack|mcall)$/;

/** Whether a frame name is Go's (package-qualified: `pkg/path.Func`, `main.f`, `runtime.x`). */
function looksGo(name: string, file: string): boolean {
  return file.endsWith('.go') || file.endsWith('.s') || /^[\w.-]+(\/[\w.~-]+)*\.[\w(*[]/.test(name);
}

export interface CutStacks {
  /** The limit the stacks were cut at. */
  readonly depthLimit: number;
  /** Per sample: 1 when its stack was cut. */
  readonly cut: Uint8Array;
}

/**
 * Finds the cut samples of a Go pprof profile: the depth limit is the largest of
 * {@link GO_DEPTH_LIMITS} the deepest stack reaches (within {@link EXPANSION_SLACK} frames), and
 * a stack at least that deep is cut unless its root-most frame is a runtime entry or the root of
 * some shallower stack (where a goroutine starts). Pprof and folded profiles (Go names survive
 * folding); undefined for other profiles and when no stack is cut.
 */
export function findCutStacks(profile: Profile): CutStacks | undefined {
  // Folded stacks of a Go profile (stackcollapse-go.pl, Pyroscope's export) keep the runtime's cut.
  if (profile.format !== 'pprof' && profile.format !== 'folded') return undefined;
  const table = sampleTableOf(profile);
  if (table.length === 0) return undefined;
  // Deeper than the largest limit with its slack: no limit fits, however deep the deepest stack is.
  const maxDepth = maxStackDepth(table, GO_DEPTH_LIMITS[GO_DEPTH_LIMITS.length - 1] + EXPANSION_SLACK);
  const depthLimit = [...GO_DEPTH_LIMITS].reverse().find((limit) => maxDepth >= limit && maxDepth <= limit + EXPANSION_SLACK);
  if (depthLimit === undefined) return undefined;
  const rootOf = (stack: Uint32Array) => stack[stack.length - 1]!;
  const goroutineRoots = new Set<number>();
  forEachStack(table, (stack) => {
    if (stack.length > 0 && stack.length < depthLimit) goroutineRoots.add(rootOf(stack));
  });
  const cut = new Uint8Array(table.length);
  let any = false;
  forEachStack(table, (stack, i) => {
    if (stack.length < depthLimit) return;
    const root = frameAt(frameTableOf(profile), rootOf(stack));
    if (goroutineRoots.has(rootOf(stack)) || RUNTIME_ROOTS.test(root.name) || !looksGo(root.name, root.file)) return;
    cut[i] = 1;
    any = true;
  });
  return any ? { depthLimit, cut } : undefined;
}
