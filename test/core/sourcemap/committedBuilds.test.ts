// A build that git tracks unchanged is dated by its commit, not by the time a clone wrote it
// (trial8 finding 1: every fresh clone warned that the bundled Node sample's dist/ "changed after
// the profile was recorded"). A real git repository in a temporary folder holds a copy of the
// Node sample: its build and profile committed together, then edited, then committed later.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { scanWorkspace } from '../../../src/core/paths/scan';
import { readProfileFile } from '../../../src/core/profile/read';
import { gitCommittedMs } from '../../../src/core/sourcemap/gitCommitTimes';
import { setWorkspaceTrust } from '../../../src/core/exec/workspaceTrust';

// These tests stand for the user's own command (the CLI), which vouches for the folders it names.
setWorkspaceTrust(true);

const SAMPLE = 'fixtures/node-adserver';
/** The four generated files the sample's profile has frames in, as the warning lists them. */
const PROFILED_BUILD = ['dist/handler/ad-handler.js', 'dist/repository/v2-adapter.js', 'dist/main.js', 'dist/adselect/scorer.js'];
const FIRST_COMMIT = '2026-11-30T10:00:00Z';
const LATER_COMMIT = '2026-11-30T12:00:00Z';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function git(dir: string, args: string[], date = FIRST_COMMIT): void {
  execFileSync('git', ['-C', dir, '-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    stdio: 'ignore',
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
}

/** A copy of the Node sample (sources, build, the pprof profile); committed in one commit when `commit`. */
function sampleCopy(commit: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-committed-'));
  dirs.push(dir);
  cpSync(join(SAMPLE, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(SAMPLE, 'profiles/before-v2.pb.gz'), join(dir, 'before-v2.pb.gz'));
  if (commit) {
    git(dir, ['init', '-q']);
    git(dir, ['add', '.']);
    git(dir, ['commit', '-q', '-m', 'build and profile']);
  }
  return dir;
}

/** The generated files the analysis of the copy marks as changed after the profile. */
async function newerFiles(dir: string): Promise<string[]> {
  const profile = await readProfileFile(join(dir, 'before-v2.pb.gz'));
  const resolver = createPathResolver(await scanWorkspace(join(dir, 'src')), []);
  const { analysis } = analyzeWithSources(profile, { resolver });
  return (analysis.sourceMaps?.files ?? []).filter((f) => f.newerThanProfile).map((f) => f.generatedFile);
}

describe('generated files that git tracks unchanged', () => {
  it('dates a tracked, unchanged file by its last commit, and nothing else', () => {
    const dir = sampleCopy(true);
    assert.equal(gitCommittedMs(join(dir, 'src/dist/main.js')), Date.parse(FIRST_COMMIT));
    appendFileSync(join(dir, 'src/dist/main.js'), '\n// edited\n');
    assert.equal(gitCommittedMs(join(dir, 'src/dist/main.js')), undefined, 'modified since its commit');
    writeFileSync(join(dir, 'src/dist/extra.js'), 'module.exports = 1;\n');
    assert.equal(gitCommittedMs(join(dir, 'src/dist/extra.js')), undefined, 'untracked');
    writeFileSync(join(dir, '.gitignore'), 'ignored.js\n');
    writeFileSync(join(dir, 'src/dist/ignored.js'), 'module.exports = 2;\n');
    assert.equal(gitCommittedMs(join(dir, 'src/dist/ignored.js')), undefined, 'ignored');
    assert.equal(gitCommittedMs(join(dir, 'src/dist/gone.js')), undefined, 'no such file');
    assert.equal(gitCommittedMs(join(sampleCopy(false), 'src/dist/main.js')), undefined, 'outside a repository');
  });

  it('does not warn about a build committed with its profile, though a clone wrote it after the recording', async () => {
    const dir = sampleCopy(true);
    const profile = await readProfileFile(join(dir, 'before-v2.pb.gz'));
    assert.equal(new Date(profile.stampedMs!).toISOString().slice(0, 10), '2026-11-29', 'recorded the day before the commit');
    assert.deepEqual(await newerFiles(dir), []);
  });

  it('warns about the one file edited since its commit', async () => {
    const dir = sampleCopy(true);
    appendFileSync(join(dir, 'src/dist/main.js'), '\n// rebuilt\n');
    assert.deepEqual(await newerFiles(dir), ['dist/main.js']);
  });

  it('warns about a file committed again after the profile was committed', async () => {
    const dir = sampleCopy(true);
    appendFileSync(join(dir, 'src/dist/main.js'), '\n// rebuilt\n');
    git(dir, ['commit', '-q', '-am', 'rebuild'], LATER_COMMIT);
    assert.equal(gitCommittedMs(join(dir, 'src/dist/main.js')), Date.parse(LATER_COMMIT));
    assert.deepEqual(await newerFiles(dir), ['dist/main.js']);
  });

  it('keeps the modification-time rule outside git: a copy written after the recording is newer', async () => {
    assert.deepEqual((await newerFiles(sampleCopy(false))).sort(), [...PROFILED_BUILD].sort());
  });
});
