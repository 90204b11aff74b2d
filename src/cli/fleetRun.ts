/**
 * What `fetch` and `compare --pyroscope` share at run time: Ctrl+C cancels the download (the
 * partial file is removed), progress goes to stderr when it is a terminal, and fleet errors
 * become one message and an exit code.
 */
import type { FetchProgress } from '../core/fleet/fetchProfile';
import { FleetError } from '../core/fleet/fleetError';
import { writeRaw } from './terminalText';
import { TimeSpecError } from '../core/fleet/timeSpec';

/** Exit code for a server, network or data problem (2 stays "bad input"). */
export const EXIT_FLEET = 3;
/** Exit code after Ctrl+C, as shells report SIGINT. */
export const EXIT_CANCELLED = 130;

/** An AbortSignal fired by Ctrl+C; `dispose` removes the handler. */
export function interruptSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => process.removeListener('SIGINT', onSigint) };
}

/** A progress printer for a download labelled `label` (stderr, only when it is a terminal). */
export function progressPrinter(label: string): ((p: FetchProgress) => void) & { done: () => void } {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  const print = Object.assign(
    (p: FetchProgress) => {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 200 && p.receivedBytes !== p.totalBytes) return;
      last = now;
      const of = p.totalBytes ? ` of ${megabytes(p.totalBytes)}` : '';
      writeRaw('stderr', '\r');
      process.stderr.write(`${label}: ${megabytes(p.receivedBytes)}${of} (${p.method})   `);
    },
    { done: () => tty && last > 0 && process.stderr.write('\n') },
  );
  return print;
}

/** `1.23 MB`. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 1)} MB`;
}

/**
 * Writes the message of a fleet or time error and returns the exit code, or returns undefined
 * for any other error (the caller rethrows it).
 */
export function reportFleetError(command: string, err: unknown): number | undefined {
  if (err instanceof FleetError) {
    if (err.kind === 'cancelled') {
      process.stderr.write(`\ndynamo-hotpath ${command}: cancelled; nothing was written\n`);
      return EXIT_CANCELLED;
    }
    process.stderr.write(`dynamo-hotpath ${command}: ${err.message}\n`);
    return EXIT_FLEET;
  }
  if (err instanceof TimeSpecError) {
    process.stderr.write(`dynamo-hotpath ${command}: ${err.message}\n`);
    return 2;
  }
  return undefined;
}
