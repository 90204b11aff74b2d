/**
 * A git repository whose own `.git/config` tries every way a repository can make git start a
 * program: `core.fsmonitor`, clean/smudge/process filters and a textconv driver on every file
 * (through `.gitattributes`), an external diff, a pager, signature checks with a `gpg.program`,
 * hooks, and a partial clone whose promisor remote is an `ext::` command. Each program is one
 * script that appends its role to a marker file: a marker that stays absent proves nothing ran.
 * The repository is committed first (with a plain config), then made hostile, as a folder from
 * a zip or a tarball would arrive.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** Commit date of everything the repository holds (git's 1-s resolution). */
export const HOSTILE_COMMIT_DATE = '2026-11-30T10:00:00Z';

export interface HostileRepo {
  readonly dir: string;
  /** Marker file each hostile program appends its role to. */
  readonly marker: string;
  /** What hostile programs ran, one role per line ([] when none). */
  ran(): string[];
}

/** Runs git plainly (no hardening) for the test's own set-up and its controls. */
export function plainGit(dir: string, args: readonly string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, GIT_AUTHOR_DATE: HOSTILE_COMMIT_DATE, GIT_COMMITTER_DATE: HOSTILE_COMMIT_DATE },
  });
}

/**
 * Turns folder `dir` (its files already in place) into a committed repository, then writes the
 * hostile config, attributes and hooks; `scratch` holds the marker and the script outside `dir`.
 */
export function makeHostileRepo(dir: string, scratch: string): HostileRepo {
  plainGit(dir, ['init', '-q']);
  plainGit(dir, ['add', '.']);
  plainGit(dir, ['commit', '-q', '-m', 'sources and build']);
  const marker = join(scratch, 'ran.txt');
  const script = join(scratch, 'hostile.sh');
  writeFileSync(script, `#!/bin/sh\necho "$1" >> '${marker}'\ncat >/dev/null 2>&1 </dev/null\nexit 0\n`);
  chmodSync(script, 0o755);
  const run = (role: string) => `"${script}" ${role}`;
  const hooks = join(dir, '.git', 'evil-hooks');
  mkdirSync(hooks, { recursive: true });
  for (const hook of ['post-checkout', 'post-index-change', 'reference-transaction', 'pre-auto-gc', 'fsmonitor-watchman']) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\n${run(`hook-${hook}`)}\n`);
    chmodSync(join(hooks, hook), 0o755);
  }
  appendFileSync(
    join(dir, '.git', 'config'),
    [
      '[core]',
      `\tfsmonitor = ${run('fsmonitor')}`,
      `\thooksPath = ${hooks}`,
      `\tpager = ${run('pager')}`,
      `\tsshCommand = ${run('ssh')}`,
      '\trepositoryformatversion = 1',
      '[extensions]',
      '\tpartialClone = origin',
      '[remote "origin"]',
      `\turl = ext::${script} promisor-fetch`,
      '\tpromisor = true',
      '[protocol "ext"]',
      '\tallow = always',
      '[log]',
      '\tshowSignature = true',
      '[gpg]',
      `\tprogram = ${run('gpg')}`,
      '[diff]',
      `\texternal = ${run('external-diff')}`,
      '[diff "evil"]',
      `\ttextconv = ${run('textconv')}`,
      '[filter "evil"]',
      `\tclean = ${run('filter-clean')}`,
      `\tsmudge = ${run('filter-smudge')}`,
      `\tprocess = ${run('filter-process')}`,
      '',
    ].join('\n'),
  );
  mkdirSync(join(dir, '.git', 'info'), { recursive: true });
  writeFileSync(join(dir, '.git', 'info', 'attributes'), '* filter=evil diff=evil\n');
  return {
    dir,
    marker,
    ran: () => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean) : []),
  };
}
