/**
 * The recorder, loaded into a Node program with `--require` (or `--import`) before the program's
 * own code: patches the AWS SDKs, starts the profiler, and writes the profile when the process
 * exits. `dynamo-hotpath record` loads it through NODE_OPTIONS; users can load it in their own
 * start command (`node --require dynamo-hotpath/record app.js`). Configured by the variables of
 * `recordEnv.ts`. Never throws into the program: a recorder that cannot start says why on
 * stderr and lets the program run unrecorded.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { startCpuprofileRecorder } from './cpuprofileRecorder';
import { startPprofRecorder, type Recorder } from './pprofRecorder';
import { DEFAULT_INTERVAL_US, DIR_ENV, extensionOf, FORMAT_ENV, formatFrom, INTERVAL_ENV, OUT_ENV, type ProcessRecord, type RecordFormat } from './recordEnv';
import { RequestContexts } from './requestContexts';
import { installSdkPatches, type PatchState } from './sdkPatches';

const STARTED = Symbol.for('dynamo-hotpath.record.started');

function say(message: string): void {
  process.stderr.write(`dynamo-hotpath record: ${message}\n`);
}

function settings(): { format: RecordFormat; intervalUs: number; out: string; dir: string | undefined } {
  const format: RecordFormat = formatFrom(process.env[FORMAT_ENV], process.env[OUT_ENV]);
  const interval = Number(process.env[INTERVAL_ENV]);
  const dir = process.env[DIR_ENV] || undefined;
  const out = dir ? join(dir, `${process.pid}${extensionOf(format)}`) : resolve(process.env[OUT_ENV] || `dynamo-hotpath-${process.pid}${extensionOf(format)}`);
  return { format, intervalUs: Number.isFinite(interval) && interval >= 100 ? interval : DEFAULT_INTERVAL_US, out, dir };
}

function writeRecord(dir: string | undefined, record: ProcessRecord): void {
  if (dir) writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(record));
}

function start(): void {
  const { format, intervalUs, out, dir } = settings();
  const contexts = new RequestContexts();
  const patches: PatchState = installSdkPatches(contexts);
  const base = () => ({
    pid: process.pid,
    argv: process.argv,
    calls: contexts.all.reduce((sum, c) => sum + c.calls, 0),
    callSites: contexts.all.map((c) => ({ labels: c.labels, calls: c.calls, stats: c.counter.snapshot(c.calls) })),
    patched: [...patches.patched],
  });
  let recorder: Recorder;
  try {
    recorder = format === 'cpuprofile' ? startCpuprofileRecorder(intervalUs) : startPprofRecorder(intervalUs);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    say(`not recording process ${process.pid}: ${error}`);
    writeRecord(dir, { ...base(), error });
    return;
  }
  contexts.attach(recorder.sink);
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    contexts.detach();
    try {
      writeFileSync(out, recorder.stop(contexts.all));
      writeRecord(dir, { ...base(), profile: out });
      if (!dir) say(`wrote ${out} (${base().calls} DynamoDB call${base().calls === 1 ? '' : 's'} from ${contexts.all.length} call site${contexts.all.length === 1 ? '' : 's'})`);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      say(`could not write ${out}: ${error}`);
      writeRecord(dir, { ...base(), error });
    }
  };
  // Before @datadog/pprof's own exit listener, which stops the profiler and drops the profile.
  process.prependListener('exit', finish);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      finish();
      // Alone, we replaced the default action: restore it and die of the signal as before.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

const globals = globalThis as { [STARTED]?: boolean };
if (isMainThread && !globals[STARTED]) {
  globals[STARTED] = true;
  try {
    start();
  } catch (err) {
    say(`not recording: ${err instanceof Error ? err.message : String(err)}`);
  }
}
