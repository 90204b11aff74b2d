/**
 * V8 tuning for the short batch commands (`analyze`, `compare`): TurboFan inlining off.
 *
 * Why: on google-pprof_large.cpu.pb.gz a whole `analyze` run is ~0.4 s on the main thread and
 * ~0.25–0.35 s on V8's background threads, almost all of it concurrent TurboFan compilation of
 * code that runs once (decoder, per-function classification); compiling without inlining is
 * much cheaper and the code is hot too briefly to miss it. Measured with perf-large's
 * alternating runs (production bundle, 7 runs, load ~22): CPU 0.68 → 0.59 s, peak RSS 86 → 83 MB;
 * on the 50 MB synthetic pprof 5.25 → 5.64 s CPU (2 runs, within the noise) and 388 → 343 MB.
 *
 * Only flags that V8 reads per compile job work when set after start: the GC and thread flags
 * (`--single-threaded-gc`, `--no-concurrent-recompilation`) are read when the isolate starts
 * (some abort V8 when set later), and a re-spawn with them costs a second Node start. The
 * language server and the benchmark (`bench`, which times the user's marshalling code) are not
 * tuned: they run long or measure V8 itself.
 */
import { setFlagsFromString } from 'node:v8';

/** The flags {@link tuneV8ForShortRun} sets. */
export const SHORT_RUN_V8_FLAGS: readonly string[] = ['--no-turbo-inlining'];

/** The commands that run with {@link SHORT_RUN_V8_FLAGS}. */
export const SHORT_RUN_COMMANDS: ReadonlySet<string> = new Set(['analyze', 'compare']);

/** Sets {@link SHORT_RUN_V8_FLAGS} in this process; call before the command's code is loaded. */
export function tuneV8ForShortRun(): void {
  for (const flag of SHORT_RUN_V8_FLAGS) setFlagsFromString(flag);
}
