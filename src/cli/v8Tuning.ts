/**
 * V8 tuning for the short batch commands (`analyze`, `compare`) on small inputs: TurboFan inlining
 * and three TurboFan passes off. Big inputs run with V8's defaults.
 *
 * Why: on google-pprof_large.cpu.pb.gz a whole `analyze` run is ~0.3 s on the main thread and
 * ~0.15 s of TurboFan compiling on V8's background threads: code that runs once (decoder, build,
 * per-function classification) is compiled while it runs. Compiling less pays in a short run:
 * - `--no-turbo-inlining` (perf-large, alternating runs, production bundle, 7 runs, load ~22):
 *   CPU 0.68 → 0.59 s, peak RSS 86 → 83 MB.
 * - the three passes (perf-large2, instructions of the whole process counted by valgrind with
 *   `node --single-threaded`, which makes the count repeatable to 0.1 %): 2.36 → 2.27 G
 *   instructions on the large profile (−3.8 %; loop peeling alone −2.8 %, escape analysis and
 *   store-store elimination the rest; the mid-tier register allocator, no load elimination and no
 *   splitting/move optimisation/jump threading gave nothing or made it worse).
 * - On longer runs inlining pays for its compiling (session 10, same valgrind count, inlining off
 *   → on): google-pprof_large (1.2 MB) 2.14 → 2.30 G, a 4.2 MB raw synthetic pprof 3.04 → 3.01 G,
 *   10 MB raw 5.22 → 4.82 G, the 50 MB synthetic 19.85 → 17.28 G raw and 20.0 → 18.2 G gzipped
 *   (21.6 MB on disk). So every flag is kept to inputs of at most {@link SMALL_INPUT_BYTES}.
 *
 * Only flags that V8 reads per compile job work when set after start: the GC and thread flags
 * (`--single-threaded-gc`, `--no-concurrent-recompilation`) are read when the isolate starts
 * (some abort V8 when set later), and a re-spawn with them costs a second Node start. The
 * language server and the benchmark (`bench`, which times the user's marshalling code) are not
 * tuned: they run long or measure V8 itself.
 */
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

/** The flags {@link tuneV8ForShortRun} sets when the inputs are small. */
export const SMALL_INPUT_V8_FLAGS: readonly string[] = ['--no-turbo-inlining', '--no-turbo-loop-peeling', '--no-turbo-escape', '--no-turbo-store-elimination'];

/** Input bytes on disk (all files together) up to which {@link SMALL_INPUT_V8_FLAGS} are set: 4 MiB (about where inlining starts to pay). */
export const SMALL_INPUT_BYTES = 4 << 20;

/** The commands that run with {@link SHORT_RUN_V8_FLAGS}. */
export const SHORT_RUN_COMMANDS: ReadonlySet<string> = new Set(['analyze', 'compare']);

/** Bytes on disk of the arguments that name regular files (profiles; option values that are not files count 0). */
export function inputBytes(args: readonly string[]): number {
  let bytes = 0;
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    try {
      const stat = statSync(arg, { throwIfNoEntry: false });
      if (stat?.isFile()) bytes += stat.size;
    } catch {
      // Unreadable or not a path (ENOTDIR, EACCES…): the command reports it; tuning only guesses the run's length.
    }
  }
  return bytes;
}

/** The V8 flags for a short command run on `args` (see the module comment). */
export function shortRunV8Flags(args: readonly string[]): readonly string[] {
  return inputBytes(args) <= SMALL_INPUT_BYTES ? SMALL_INPUT_V8_FLAGS : [];
}

/** Sets {@link shortRunV8Flags} in this process; call before the command's code is loaded. */
export function tuneV8ForShortRun(args: readonly string[]): void {
  for (const flag of shortRunV8Flags(args)) setFlagsFromString(flag);
}
