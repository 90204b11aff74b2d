/**
 * Runs the CLI from its TypeScript sources in a child process (the same code the bundle holds).
 */
import { spawnSync } from 'node:child_process';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `dynamo-hotpath <args…>` with the repository as the working directory. */
export function runCli(args: readonly string[], options: { cwd?: string; timeoutMs?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: options.cwd ?? process.cwd(),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 << 20,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
