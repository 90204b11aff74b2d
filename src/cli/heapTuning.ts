/**
 * Young-generation sizing for `analyze`: V8's new space held at its starting size (2 MB)
 * instead of doubling to 32 MB while the profile's tables are built.
 *
 * Why: reading and analysing a big profile keeps most of what it allocates (string tables,
 * per-function results), so every scavenge finds a high survival rate and V8 doubles the
 * semi-spaces up to their maximum; the spare half and the unused room are resident at the peak.
 * `--semi-space-growth-factor` is read at each scavenge, so it takes effect when set after start
 * (`--max-semi-space-size` is read when the isolate starts and does nothing then). Measured by
 * perf-mem, whole processes alternating in one run (GNU time, production bundle): see
 * /work/team/notes/perf-mem.md — google-pprof_large.cpu.pb.gz peak RSS 79 → 74 MB (median of 7,
 * CPU unchanged within noise); the 50 MB synthetic pprof about 20 MB lower.
 */
import { setFlagsFromString } from 'node:v8';

/** The flag {@link holdYoungGenerationSmall} sets: semi-spaces never grow past their start size. */
export const YOUNG_GENERATION_FLAG = '--semi-space-growth-factor=1';

/** Sets {@link YOUNG_GENERATION_FLAG} in this process (any time before the big allocations). */
export function holdYoungGenerationSmall(): void {
  setFlagsFromString(YOUNG_GENERATION_FLAG);
}
