/**
 * The Go helper program (repository folder `gohelper/`, standard library only): found beside this
 * code, built with the user's own `go` on first use and cached outside the user's tree, keyed by
 * the sha256 of its sources and the Go version (a new Go or a new helper builds a new binary).
 * Then it is run with one JSON request on stdin and answers one JSON document on stdout.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { execGroup } from './goExec';
import { userGoFlags } from './goSandbox';

/** A helper failure: it could not be found, built or run; the message says which and why. */
export class GoHelperError extends Error {
  override readonly name = 'GoHelperError';
}

/** The `gohelper/` source folder: walks up from `baseDir` (dist/ or src/core/go). */
export function findHelperSource(baseDir = __dirname): string {
  for (let dir = baseDir, i = 0; i < 6; i++, dir = dirname(dir)) {
    const candidate = join(dir, 'gohelper');
    if (existsSync(join(candidate, 'go.mod'))) return candidate;
  }
  throw new GoHelperError(`the Go helper's sources (gohelper/go.mod) were not found above ${baseDir}`);
}

/** sha256 (hex, first 16) over the helper's go.mod and .go files (tests left out: they are not in the binary), in name order. */
export function helperSourceHash(sourceDir: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(sourceDir).filter((n) => n === 'go.mod' || (n.endsWith('.go') && !n.endsWith('_test.go'))).sort()) {
    hash.update(name).update('\0').update(readFileSync(join(sourceDir, name))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Cache folder: $DYNAMO_HOTPATH_CACHE, else $XDG_CACHE_HOME/dynamo-hotpath, else ~/.cache/dynamo-hotpath. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DYNAMO_HOTPATH_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'dynamo-hotpath');
}

/**
 * The helper binary for `goBinary` (whose `go version` is `goVersion`, e.g. "go1.19.8"), built
 * into the cache when missing. Throws GoHelperError with go's output when the build fails.
 */
export async function ensureHelper(goBinary: string, goVersion: string, options: { signal?: AbortSignal; sourceDir?: string } = {}): Promise<string> {
  const source = options.sourceDir ?? findHelperSource();
  const dir = join(cacheDir(), 'gohelper', `${helperSourceHash(source)}-${goVersion.replace(/[^\w.-]/g, '_')}`);
  const binary = join(dir, process.platform === 'win32' ? 'gohelper.exe' : 'gohelper');
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  const partial = `${binary}.${process.pid}.partial`;
  const env = { ...process.env, GOFLAGS: userGoFlags(process.env.GOFLAGS), GOWORK: 'off', GO111MODULE: 'on', GOTOOLCHAIN: 'local', CGO_ENABLED: '0' };
  const r = await execGroup(goBinary, ['build', '-trimpath', '-o', partial, '.'], { cwd: source, env, timeoutMs: 300_000, signal: options.signal });
  if (r.code !== 0) {
    await rm(partial, { force: true });
    throw new GoHelperError(`building the Go helper with ${goBinary} failed${r.cancelled ? ' (cancelled)' : r.timedOut ? ' (time limit)' : ''}:\n${(r.stderr + r.stdout).trim()}`);
  }
  await rename(partial, binary);
  return binary;
}

/**
 * Runs the helper on one request and parses its answer. `args` name a request command of its own
 * (`['check']`: gohelper/check.go); none for the JSON `cmd` requests. Throws GoHelperError on failure.
 */
export function runHelper<T>(binary: string, request: unknown, options: { timeoutMs?: number; signal?: AbortSignal; args?: readonly string[] } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...(options.args ?? [])], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, options.timeoutMs ?? 120_000);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (err) => reject(new GoHelperError(`the Go helper could not run: ${err.message}`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      if (code !== 0) return reject(new GoHelperError(`the Go helper failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
      try {
        resolve(JSON.parse(stdout) as T);
      } catch (err) {
        reject(new GoHelperError(`the Go helper answered something that is not JSON: ${(err as Error).message}`));
      }
    });
    child.stdin.end(JSON.stringify(request));
  });
}
