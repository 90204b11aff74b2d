// Issue 25, hole 1: a folder's own .git/config must not make the product run a program. Every git
// call of the product (the commit time that dates a build file, the committed text that re-anchors
// lenses) runs against a repository that tries every such setting (test/helpers/hostileRepo.ts):
// trusted, git answers right and nothing hostile runs; untrusted, git is not even started.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { gitCommittedMs } from '../../../src/core/sourcemap/gitCommitTimes';
import { committedVersions } from '../../../src/server/committedSource';
import { gitAsync, gitSync } from '../../../src/core/exec/git';
import { execGroup, WorkspaceNotTrustedError } from '../../../src/core/go/goExec';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';
import { HOSTILE_COMMIT_DATE, makeHostileRepo, plainGit, type HostileRepo } from '../../helpers/hostileRepo';

const scratchDirs: string[] = [];
after(() => scratchDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => setWorkspaceTrust(false));

const SOURCE = 'export function handler() {\n  return 1;\n}\n';

/** A hostile repository holding src/handler.ts, committed at HOSTILE_COMMIT_DATE, its file's mtime set to now. */
function hostileRepo(): HostileRepo {
  const scratch = mkdtempSync(join(tmpdir(), 'dhp-hostile-'));
  scratchDirs.push(scratch);
  const dir = join(scratch, 'workspace');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src/handler.ts'), SOURCE);
  const repo = makeHostileRepo(dir, scratch);
  const now = new Date();
  utimesSync(join(dir, 'src/handler.ts'), now, now);
  return repo;
}

/** A folder with a fake `git` and `go` that record being started; returns it and the record's path. */
function fakePrograms(): { bin: string; log: string } {
  const bin = mkdtempSync(join(tmpdir(), 'dhp-fake-bin-'));
  scratchDirs.push(bin);
  const log = join(bin, 'started.txt');
  for (const name of ['git', 'go']) {
    writeFileSync(join(bin, name), `#!/bin/sh\necho ${name} >> '${log}'\nexit 1\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return { bin, log };
}

describe('git in a hostile repository', () => {
  it('the fixture is live: a plain `git status` runs its fsmonitor and filter', () => {
    const repo = hostileRepo();
    // The hostile filter does not speak git's filter protocol, so this status fails once it has run it.
    assert.throws(() => plainGit(repo.dir, ['status', '--porcelain']));
    assert.deepEqual(repo.ran().filter((r) => r === 'fsmonitor' || r.startsWith('filter-')).sort(), ['filter-process', 'fsmonitor']);
  });

  describe('trusted', () => {
    before(() => setWorkspaceTrust(true));

    it('dates an unchanged tracked file by its commit, and runs nothing of the repository', () => {
      setWorkspaceTrust(true);
      const repo = hostileRepo();
      assert.equal(gitCommittedMs(join(repo.dir, 'src/handler.ts')), Date.parse(HOSTILE_COMMIT_DATE));
      writeFileSync(join(repo.dir, 'src/handler.ts'), SOURCE + '// edited\n');
      assert.equal(gitCommittedMs(join(repo.dir, 'src/handler.ts')), undefined, 'modified since its commit');
      assert.deepEqual(repo.ran(), []);
    });

    it('reads the committed text a profile was recorded against, and runs nothing of the repository', async () => {
      setWorkspaceTrust(true);
      const repo = hostileRepo();
      writeFileSync(join(repo.dir, 'src/handler.ts'), '// moved\n' + SOURCE);
      const versions = await committedVersions(join(repo.dir, 'src/handler.ts'), Date.parse('2026-12-01T00:00:00Z'));
      assert.deepEqual(versions.map((v) => [v.kind, v.text]), [['at-profile-time', SOURCE]]);
      assert.deepEqual(repo.ran(), []);
    });

    it('runs only read-only subcommands, each with the repository’s programs overridden', async () => {
      setWorkspaceTrust(true);
      const repo = hostileRepo();
      writeFileSync(join(repo.dir, 'src/handler.ts'), SOURCE + '// edited\n');
      assert.match(gitSync(repo.dir, ['log', '-1', '--format=%H %ct']) ?? '', /^[0-9a-f]{40} \d+\n$/);
      assert.equal(await gitAsync(repo.dir, ['cat-file', 'blob', 'HEAD:src/handler.ts']), SOURCE);
      assert.throws(() => gitSync(repo.dir, ['status', '--porcelain']), /git status is not among the read-only subcommands/);
      assert.throws(() => gitAsync(repo.dir, ['show', 'HEAD']), /git show is not among the read-only subcommands/);
      assert.deepEqual(repo.ran(), []);
    });
  });

  describe('untrusted', () => {
    it('starts no git at all: no date, no committed text', async () => {
      setWorkspaceTrust(false);
      const repo = hostileRepo();
      const fake = fakePrograms();
      const path = process.env.PATH;
      process.env.PATH = `${fake.bin}${delimiter}${path}`;
      try {
        assert.equal(gitCommittedMs(join(repo.dir, 'src/handler.ts')), undefined);
        assert.deepEqual(await committedVersions(join(repo.dir, 'src/handler.ts'), Date.now()), []);
        assert.equal(existsSync(fake.log), false, 'git was started');
        // The same calls trusted do start the (fake) git: the gate, not a missing git, stopped them.
        setWorkspaceTrust(true);
        gitCommittedMs(join(repo.dir, 'src/handler.ts'));
        assert.match(readFileSync(fake.log, 'utf8'), /^git\n/);
      } finally {
        process.env.PATH = path;
      }
      assert.deepEqual(repo.ran(), []);
    });

    it('starts no go: execGroup refuses before spawning', async () => {
      setWorkspaceTrust(false);
      const fake = fakePrograms();
      await assert.rejects(execGroup(join(fake.bin, 'go'), ['build', './...'], { cwd: fake.bin, env: process.env, timeoutMs: 5000 }), (e: unknown) => e instanceof WorkspaceNotTrustedError && /go was not run: the workspace is not trusted/.test(e.message));
      assert.equal(existsSync(fake.log), false);
      setWorkspaceTrust(true);
      const r = await execGroup(join(fake.bin, 'go'), ['build', './...'], { cwd: fake.bin, env: process.env, timeoutMs: 5000 });
      assert.equal(r.code, 1);
      assert.equal(readFileSync(fake.log, 'utf8'), 'go\n');
    });

    it('never takes a git from a relative PATH entry (the workspace folder)', () => {
      setWorkspaceTrust(true);
      const repo = hostileRepo();
      const fake = fakePrograms();
      const path = process.env.PATH;
      const cwd = process.cwd();
      process.env.PATH = `.${delimiter}${path}`;
      process.chdir(fake.bin);
      try {
        assert.equal(gitCommittedMs(join(repo.dir, 'src/handler.ts')), Date.parse(HOSTILE_COMMIT_DATE), 'the real git answered');
      } finally {
        process.chdir(cwd);
        process.env.PATH = path;
      }
      assert.equal(existsSync(fake.log), false);
    });
  });
});
