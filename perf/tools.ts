/**
 * The tools `npm run perf` compares against and measures with: Go (`go tool pprof`, the machine's
 * own Go: https://go.dev/dl/) and GNU time (Debian package time, installed with apt-get where
 * missing and the script runs as root, as in CI); otherwise the message says what to install.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { GNU_TIME } from './processRuns';

function has(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

function aptInstall(pkg: string): void {
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is missing: install it (apt-get install ${pkg}) and run again`);
  process.stderr.write(`installing ${pkg} with apt-get…\n`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (update.status !== 0 || install.status !== 0) throw new Error(`apt-get install ${pkg} failed`);
}

/** Makes sure `go` and GNU time are there; returns the `go version` line. @throws when they cannot be installed. */
export function ensureTools(): string {
  if (!existsSync(GNU_TIME)) aptInstall('time');
  if (!has('go', ['version'])) throw new Error('go is missing: install a current Go (https://go.dev/dl/) and run again');
  return spawnSync('go', ['version'], { encoding: 'utf8' }).stdout.trim();
}
