/**
 * Entry point of the benchmark child process (bundled to dist/benchWorker.js; run from source with
 * `--import tsx`). Started by runner.ts with `--expose-gc`; waits for one `run` message over IPC,
 * streams progress, sends the report or the error, and exits.
 */
import { runBenchRequest } from './engine';
import type { ParentToWorker, WorkerToParent } from './workerProtocol';

function send(message: WorkerToParent): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
}

if (!process.send) {
  process.stderr.write('benchWorker: must be started by the benchmark runner (needs an IPC channel)\n');
  process.exit(2);
}

process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';

process.once('message', (message: ParentToWorker) => {
  if (message?.type !== 'run') {
    void send({ type: 'error', message: `benchWorker: unexpected message ${JSON.stringify(message)}` }).then(() => process.exit(2));
    return;
  }
  runBenchRequest(message.request, (progress) => void send({ type: 'progress', progress }))
    .then((report) => send({ type: 'result', report }))
    .catch((err: unknown) =>
      send({ type: 'error', message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined }),
    )
    .finally(() => process.disconnect());
});

void send({ type: 'ready' });
