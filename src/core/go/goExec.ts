/**
 * Runs the `go` command (or a binary it built) as a child process group that can be cancelled and
 * timed out: on abort or time-out the whole group is killed (go test, compile, link and the test
 * binary), so nothing goes on writing after the caller cleans up.
 */
import { spawn } from 'node:child_process';
import { trackProcessGroup } from './cleanup';
import { workspaceProgramRefusal } from '../exec/workspaceTrust';

/** `go` (or a binary it built) was not started: the workspace is not trusted (core/exec/workspaceTrust.ts). */
export class WorkspaceNotTrustedError extends Error {
  override readonly name = 'WorkspaceNotTrustedError';
}

/** How to run one command. */
export interface ExecOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Hard limit, ms; the group is killed with SIGKILL when it passes. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with each complete line of stdout and stderr as it arrives. */
  onLine?: (line: string) => void;
}

/** What a command did. `code` is null when it was killed. */
export interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Wall time from spawn to exit, ms. */
  elapsedMs: number;
}

/**
 * Spawns `file args` in its own process group and resolves when it exits (never rejects for a
 * non-zero exit). Rejects when the file cannot be started (ENOENT, EACCES), and with
 * {@link WorkspaceNotTrustedError} before starting anything while the workspace is not trusted:
 * `go build`/`go test` run the module's code.
 */
export function execGroup(file: string, args: string[], options: ExecOptions): Promise<ExecResult> {
  const refusal = workspaceProgramRefusal();
  if (refusal !== undefined) return Promise.reject(new WorkspaceNotTrustedError(`${file.split(/[\\/]/).pop()} was not run: ${refusal}`));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    const untrack = child.pid !== undefined && process.platform !== 'win32' ? trackProcessGroup(child.pid) : () => false;
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let cancelled = false;
    const pending = { out: '', err: '' };
    const feed = (key: 'out' | 'err', chunk: string) => {
      if (!options.onLine) return;
      const lines = (pending[key] + chunk).split('\n');
      pending[key] = lines.pop()!;
      for (const l of lines) options.onLine(l);
    };
    child.stdout.setEncoding('utf8').on('data', (c: string) => ((stdout += c), feed('out', c)));
    child.stderr.setEncoding('utf8').on('data', (c: string) => ((stderr += c), feed('err', c)));
    const kill = () => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already exited
      }
    };
    const onAbort = () => ((cancelled = true), kill());
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => ((timedOut = true), kill()), options.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      untrack();
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // The leader is gone; children it left (a killed go's compilers) go with the group.
      kill();
      untrack();
      if (pending.out) options.onLine?.(pending.out);
      if (pending.err) options.onLine?.(pending.err);
      resolve({ code, stdout, stderr, timedOut, cancelled, elapsedMs: Date.now() - started });
    });
  });
}
