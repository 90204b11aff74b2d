/**
 * Heap tuning for `analyze` of big profiles: V8's young generation held at its size when the
 * command starts, its old generation grown by 20 % past what a collection leaves (not 2–4×) for
 * a profile file of 4 MB or more, and a full collection at two points of a big read: when the
 * pprof reader has resolved the functions and dropped its decoded function table
 * (`ReadOptions.onTablesDropped`), and between reading the profile and analysing it.
 *
 * Why (perf-mem, production bundle, whole processes alternating with the untuned build, GNU time):
 * - Reading and analysing keep most of what they allocate (string tables, per-function results),
 *   so every scavenge sees a high survival rate and V8 doubles the semi-spaces to 32 MB; their
 *   spare room is resident at the peak. `--semi-space-growth-factor` is read at each scavenge, so
 *   it works when set after start (`--max-semi-space-size` is read when the isolate starts).
 *   Peak RSS: the 50 MB synthetic pprof 288 → 268 MB (median of 4), google-pprof_large.cpu.pb.gz
 *   79 → 72 MB (median of 21, CPU 0.56 → 0.52 s, i.e. unchanged within the noise).
 * - The decoder's raw tables (~70 MB of typed arrays on the synthetic) are garbage once the
 *   profile is built, but V8 frees them only at its next full collection, which came after the
 *   analysis had allocated its own tables on top: the whole-process peak. With the collection the
 *   synthetic peaks at 231 MB, at the end of the read. google-pprof_large holds 18 MB of typed
 *   arrays after its read: not collected.
 * - Within the read (mem-read, session 9): the pprof build drops its decoded tables as it goes.
 *   Collected once the location tables were dropped, the read peaked at 153–154 MB in 6 runs,
 *   where V8's own collections left it at 151–171 MB (in-process max RSS at the end of the read,
 *   production bundle). That collection came too late when V8 had made none during the frame
 *   stage: the function stage's string map leaves ~9 MB of outgrown tables, and the whole
 *   process peaked at 150–152 or 158–162 MB, run to run. Collected right after the function
 *   stage instead (the lead, session 9): 146–150 MB in 8 runs, with no more collections.
 * - The read's own temporaries (the builder's string map and hash tables, per-function scratch) are
 *   garbage in the old generation long before V8's growth limit calls a full collection: with
 *   `--heap-growing-percent=20` (read after each collection, so it works set at run time) the
 *   synthetic peaks at 215 MB instead of 231 (3 alternating runs; 5 and 10 % gave 214). On
 *   google-pprof_large it changes neither the peak nor, within the noise, the CPU; it is kept to
 *   big files, where it pays.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SMALL_INPUT_BYTES } from './v8Tuning';

/** The flag {@link holdYoungGenerationSmall} sets: semi-spaces never grow past their size when it is set. */
export const YOUNG_GENERATION_FLAG = '--semi-space-growth-factor=1';

/** The flag {@link growOldGenerationSlowlyFor} sets: the old generation's limit 20 % above what a full collection leaves. */
export const OLD_GENERATION_FLAG = '--heap-growing-percent=20';

/** Profile files from this size on disk (bytes) get {@link OLD_GENERATION_FLAG}: where v8Tuning stops counting inputs as small (4 MiB). */
export const SLOW_GROWTH_FROM_BYTES = SMALL_INPUT_BYTES;

/**
 * Typed-array bytes (live or not yet collected) from which {@link collectAfterBigRead} collects: what a raw
 * pprof of ~14 MB holds after its read (the 52 MB synthetic holds 124 MB, 2.4 bytes per byte of file).
 */
export const COLLECT_FROM_BYTES = 32 << 20;

/** Sets {@link YOUNG_GENERATION_FLAG} in this process (any time before the big allocations). */
export function holdYoungGenerationSmall(): void {
  setFlagsFromString(YOUNG_GENERATION_FLAG);
}

/** Sets {@link OLD_GENERATION_FLAG} when the profile file has `fileBytes` ≥ {@link SLOW_GROWTH_FROM_BYTES}; returns whether it did. Call before reading. */
export function growOldGenerationSlowlyFor(fileBytes: number): boolean {
  if (!(fileBytes >= SLOW_GROWTH_FROM_BYTES)) return false;
  setFlagsFromString(OLD_GENERATION_FLAG);
  return true;
}

/**
 * Runs a full garbage collection when the process holds at least {@link COLLECT_FROM_BYTES} of
 * typed arrays (`arrayBufferBytes`, bytes; `process.memoryUsage().arrayBuffers` by default);
 * returns whether it did. Below that, the saving is small next to a collection's cost (15–20 ms of
 * marking on the synthetic's heap, `--trace-gc`).
 */
export function collectAfterBigRead(arrayBufferBytes = process.memoryUsage().arrayBuffers): boolean {
  if (arrayBufferBytes < COLLECT_FROM_BYTES) return false;
  fullCollection()();
  return true;
}

let collect: (() => void) | undefined;

/** V8's `gc()`: the flag exposes it to contexts made after it is set, so it is taken from a new one. */
function fullCollection(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}
