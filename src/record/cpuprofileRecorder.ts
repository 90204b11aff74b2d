/**
 * The `cpuprofile` output of `record`: V8's own CPU profiler through the in-process inspector
 * (the profiler `node --cpu-prof` uses, no native module needed), plus the time intervals during
 * which each DynamoDB request context was current on the main thread, stored in the profile
 * under `dynamoHotpathLabels` (`src/core/profile/v8Labels.ts` reads them back as sample labels).
 *
 * Interval times come from `process.hrtime` (libuv's monotonic clock, µs); V8 stamps its samples
 * with the same monotonic clock (measured: `startTime` lies between hrtime readings taken just
 * before and after `Profiler.start`). The inspector session of the main thread answers `post`
 * synchronously, so the profile can be stopped and written in an `exit` listener.
 */
import { Session } from 'node:inspector';
import { V8_LABELS_KEY, type V8LabelIntervals } from '../core/profile/v8Labels';
import { statsLabels, type Recorder } from './pprofRecorder';
import type { RequestContext } from './requestContexts';

/** Posts `method` and returns its result; the main thread's session answers synchronously. */
function postSync<T>(session: Session, method: string, params?: object): T {
  let result: { error: Error | null; value?: object } | undefined;
  session.post(method, params ?? {}, (error: Error | null, value?: object) => {
    result = { error, value };
  });
  if (!result) throw new Error(`the inspector did not answer ${method} synchronously`);
  if (result.error) throw result.error;
  return result.value as unknown as T;
}

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Starts V8's CPU profiler, sampling every `intervalMicros` µs; the returned sink logs the
 * current request context as intervals. `stop()` returns the `.cpuprofile` JSON (UTF-8 bytes).
 * @throws Error when the inspector is unavailable (Node built without it, or another session
 * already profiles).
 */
export function startCpuprofileRecorder(intervalMicros: number): Recorder {
  const session = new Session();
  session.connect();
  postSync(session, 'Profiler.enable');
  postSync(session, 'Profiler.setSamplingInterval', { interval: intervalMicros });
  postSync(session, 'Profiler.start');
  const setIndex = new Map<RequestContext, number>();
  const labelSets: Readonly<Record<string, string>>[] = [];
  const intervals: number[] = [];
  let open: { start: number; set: number } | undefined;
  return {
    sink: {
      set(context) {
        const now = nowUs();
        if (open) intervals.push(open.start, now, open.set);
        open = undefined;
        if (!context) return;
        let set = setIndex.get(context);
        if (set === undefined) {
          set = labelSets.length;
          setIndex.set(context, set);
          labelSets.push(context.labels);
        }
        open = { start: now, set };
      },
    },
    stop(contexts) {
      if (open) intervals.push(open.start, nowUs(), open.set);
      open = undefined;
      // Every context with its counts: those that labelled an interval in place, the others after them.
      for (const context of contexts) {
        const set = setIndex.get(context);
        if (set !== undefined) labelSets[set] = statsLabels(context);
        else if (context.calls > 0) labelSets.push(statsLabels(context));
      }
      const { profile } = postSync<{ profile: Record<string, unknown> }>(session, 'Profiler.stop');
      session.disconnect();
      const labels: V8LabelIntervals = { version: 1, labelSets, intervals };
      return Buffer.from(JSON.stringify({ ...profile, [V8_LABELS_KEY]: labels }));
    },
  };
}
