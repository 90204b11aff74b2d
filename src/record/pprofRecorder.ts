/**
 * The `pprof` output of `record`: @datadog/pprof's time profiler with contexts and CPU time per
 * sample (columns `sample/count`, `wall/nanoseconds`, `cpu/nanoseconds`). Each sample carries
 * the id of the request context that was current when it was taken (`ddb.ctx`), and the profile
 * the full labels of each context once (`src/core/profile/contextLabels.ts`).
 *
 * Options follow `shared/notes/async-attribution.md`: `withContexts` (so `lineNumbers` stays
 * off: the two are incompatible; the call site's line comes from the label) and
 * `collectCpuTime` (which needs contexts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Profile } from 'pprof-format';
import { mergeIdenticalSamples } from './mergeSamples';
import type { ContextSink, RequestContext } from './requestContexts';
import { STATS_LABEL } from '../core/analysis/callStats';

/** A running profiler: feed its sink, then stop it once to get the encoded profile. */
export interface Recorder {
  readonly sink: ContextSink;
  /**
   * Stops profiling; returns the file's bytes. Every context of `contexts` that made a call is
   * written with its counts ({@link statsLabels}), whether or not a sample carries it.
   */
  stop(contexts: readonly RequestContext[]): Uint8Array;
}

type DatadogPprof = typeof import('@datadog/pprof');
type PprofFormat = typeof import('pprof-format');

/** The exact version `record` is tested with; what the README tells users to install. */
export const DATADOG_PPROF_VERSION = '5.20.0';

/**
 * Loads @datadog/pprof (native binaries, so not bundled) from the recorded program's folder —
 * its main script's, then the working directory's — else from beside this recorder.
 * @throws Error saying how to install it.
 */
function loadDatadogPprof(): { pprof: DatadogPprof; format: PprofFormat } {
  const main = process.argv[1] ? join(dirname(process.argv[1]), 'index.js') : undefined;
  for (const from of [...(main ? [main] : []), join(process.cwd(), 'package.json'), __filename]) {
    try {
      const load = createRequire(from);
      const pprof = load('@datadog/pprof') as DatadogPprof;
      // The classes of the profile it returns: its own dependency, whatever else is installed.
      return { pprof, format: createRequire(load.resolve('@datadog/pprof'))('pprof-format') as PprofFormat };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    }
  }
  throw new Error(`the pprof format needs @datadog/pprof in the recorded program's folder: run \`npm install --save-dev @datadog/pprof@${DATADOG_PPROF_VERSION}\` there`);
}

/** A context's labels with its counts (`ddb.stats`, `core/analysis/callStats.ts`) added. */
export function statsLabels(context: RequestContext): Readonly<Record<string, string>> {
  return { ...context.labels, [STATS_LABEL]: JSON.stringify(context.counter.snapshot(context.calls)) };
}

/**
 * Appends, per request context that labels a sample or made a call, one sample with no stack and
 * zero values whose labels are the context's full set with its counts
 * (`src/core/profile/contextLabels.ts`): the samples themselves carry only the context's id.
 */
function appendContextTable(profile: Profile, contexts: Iterable<RequestContext>, format: PprofFormat): void {
  const zeros = profile.sampleType.map(() => 0);
  for (const context of contexts) {
    const label = Object.entries(statsLabels(context)).map(([key, value]) => new format.Label({ key: profile.stringTable.dedup(key), str: profile.stringTable.dedup(value) }));
    profile.sample.push(new format.Sample({ locationId: [], value: [...zeros], label }));
  }
}

/** The profiler's context between requests: one object, not one per switch. */
const NO_CONTEXT = Object.freeze({});

/** Starts the time profiler, sampling every `intervalMicros` µs. @throws Error when @datadog/pprof cannot be loaded. */
export function startPprofRecorder(intervalMicros: number): Recorder {
  const { pprof, format } = loadDatadogPprof();
  pprof.time.start({ intervalMicros, withContexts: true, collectCpuTime: true, lineNumbers: false });
  const { time } = pprof;
  return {
    sink: {
      set(context) {
        if (time.isStarted()) time.setContext(context ?? NO_CONTEXT);
      },
    },
    stop(contexts) {
      const seen = new Set<RequestContext>(contexts.filter((c) => c.calls > 0));
      const profile = time.stop(false, ({ context }) => {
        const request = context?.context as RequestContext | undefined;
        if (!request?.idLabel) return {};
        seen.add(request);
        return request.idLabel;
      });
      mergeIdenticalSamples(profile);
      appendContextTable(profile, seen, format);
      return pprof.encodeSync(profile);
    },
  };
}
