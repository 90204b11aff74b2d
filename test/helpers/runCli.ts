/**
 * Runs the CLI from its TypeScript sources in a child process (the same code the bundle holds).
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const REPO = resolve(__dirname, '..', '..');
/** tsx and the sources by absolute path: a test may run the CLI in a folder outside the repository. */
const TSX = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;

/** `dynamo-hotpath <args…>` with the repository (or `cwd`) as the working directory. */
export function runCli(args: readonly string[], options: { cwd?: string; timeoutMs?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, ['--import', TSX, join(REPO, 'src/cli/main.ts'), ...args], {
    cwd: options.cwd ?? process.cwd(),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 << 20,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
