/**
 * Last-resort clean-up of what the Go tools leave while they run: temporary folders (removed) and
 * child process groups (killed), on every way out of this process — normal exit, an uncaught
 * error, SIGINT, SIGTERM and SIGHUP. A `finally` alone is not enough: a signal ends Node without
 * running it, and `go` itself leaves `go-build*` folders when it is killed.
 */
import { rmSync } from 'node:fs';

const liveDirs = new Set<string>();
const liveGroups = new Set<number>();
let installed = false;

/** Exit codes for a signal, the shell's convention (128 + number). */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** Removes every registered folder and kills every registered process group, synchronously. */
export function cleanUpNow(): void {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  liveGroups.clear();
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  liveDirs.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  cleanUpNow();
  // When nobody else handles the signal, keep Node's default: end the process.
  if (process.listenerCount(signal) <= 1) process.exit(SIGNAL_EXIT[signal] ?? 1);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanUpNow);
  // First in line, so that a caller's own handler (the CLI aborting gracefully) still counts below.
  for (const signal of Object.keys(SIGNAL_EXIT) as NodeJS.Signals[]) process.prependListener(signal, onSignal);
}

/** Registers a folder to remove on exit; returns the function that unregisters it. */
export function trackDir(dir: string): () => void {
  install();
  liveDirs.add(dir);
  return () => liveDirs.delete(dir);
}

/** Registers a child process group (its leader's pid) to kill on exit; returns the unregister function. */
export function trackProcessGroup(pid: number): () => void {
  install();
  liveGroups.add(pid);
  return () => liveGroups.delete(pid);
}
