/**
 * The `pprof` output of `record`: @datadog/pprof's time profiler with contexts and CPU time per
 * sample (columns `sample/count`, `wall/nanoseconds`, `cpu/nanoseconds`). Each sample carries
 * the labels of the request context that was current when it was taken.
 *
 * Options follow `shared/notes/async-attribution.md`: `withContexts` (so `lineNumbers` stays
 * off: the two are incompatible; the call site's line comes from the label) and
 * `collectCpuTime` (which needs contexts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mergeIdenticalSamples } from './mergeSamples';
import type { ContextSink, RequestContext } from './requestContexts';

/** A running profiler: feed its sink, then stop it once to get the encoded profile. */
export interface Recorder {
  readonly sink: ContextSink;
  /** Stops profiling; returns the file's bytes (gzipped pprof). */
  stop(): Uint8Array;
}

type DatadogPprof = typeof import('@datadog/pprof');

/** The exact version `record` is tested with; what the README tells users to install. */
export const DATADOG_PPROF_VERSION = '5.20.0';

/**
 * Loads @datadog/pprof (native binaries, so not bundled) from the recorded program's folder —
 * its main script's, then the working directory's — else from beside this recorder.
 * @throws Error saying how to install it.
 */
function loadDatadogPprof(): DatadogPprof {
  const main = process.argv[1] ? join(dirname(process.argv[1]), 'index.js') : undefined;
  for (const from of [...(main ? [main] : []), join(process.cwd(), 'package.json'), __filename]) {
    try {
      return createRequire(from)('@datadog/pprof') as DatadogPprof;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    }
  }
  throw new Error(`the pprof format needs @datadog/pprof in the recorded program's folder: run \`npm install --save-dev @datadog/pprof@${DATADOG_PPROF_VERSION}\` there`);
}

/** The profiler's context between requests: one object, not one per switch. */
const NO_CONTEXT = Object.freeze({});

/** Starts the time profiler, sampling every `intervalMicros` µs. @throws Error when @datadog/pprof cannot be loaded. */
export function startPprofRecorder(intervalMicros: number): Recorder {
  const pprof = loadDatadogPprof();
  pprof.time.start({ intervalMicros, withContexts: true, collectCpuTime: true, lineNumbers: false });
  const { time } = pprof;
  return {
    sink: {
      set(context) {
        if (time.isStarted()) time.setContext(context ?? NO_CONTEXT);
      },
    },
    stop() {
      const profile = time.stop(false, ({ context }) => (context?.context as RequestContext | undefined)?.labels ?? {});
      mergeIdenticalSamples(profile);
      return pprof.encodeSync(profile);
    },
  };
}
