// Runs a Node program for a test without blocking the test's event loop (a dynalite server
// started by the test answers from it).
import { spawn } from 'node:child_process';

/** Runs `node args…` with `env`; resolves to its exit status and stderr. Killed after 120 s. */
export function runNode(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}
