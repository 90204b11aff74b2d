/**
 * `migrate --write` writes inside the project only, and all or nothing (issue 25, hole 3): links
 * to files and folders outside the folder being migrated are refused and named, loops and
 * dangling links are skipped with one line (no stack trace), and the set of files is written as
 * one: a real SIGINT during the write leaves every file migrated or every file as it was, and
 * says which. Real child processes of the CLI on real folders with real symbolic links.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(__dirname, '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const converterBefore = readFileSync(join(repo, 'test/fixtures/migrate/converter-cjs-require.before.js'), 'utf8');
const converterAfter = readFileSync(join(repo, 'test/fixtures/migrate/converter-cjs-require.after.js'), 'utf8');
const cliArgs = (args: string[]) => ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', ...args];

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, cliArgs(args), { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `<tmp>/project/src/store.js` to migrate, and `<tmp>/outside/` beside the project. */
function layout(): { base: string; project: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'migrate-write-'));
  const project = join(base, 'project');
  const outside = join(base, 'outside');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(project, 'src', 'store.js'), converterBefore);
  return { base, project, outside };
}

describe('migrate --write: inside the project only', () => {
  it('refuses a linked file whose real path is outside the folder, names it, and leaves the target as it was', () => {
    const { project, outside } = layout();
    writeFileSync(join(outside, 'shared.js'), converterBefore);
    symlinkSync(join(outside, 'shared.js'), join(project, 'src', 'shared.js'));
    const r = cli(['src', '--write'], project);
    assert.equal(readFileSync(join(outside, 'shared.js'), 'utf8'), converterBefore, 'the file outside was rewritten');
    assert.equal(readFileSync(join(project, 'src', 'store.js'), 'utf8'), converterAfter);
    assert.match(r.stderr, new RegExp(`^src/shared\\.js: a link to ${join(outside, 'shared.js')}, outside the folder being migrated \\(${join(project, 'src')}\\): it is not changed$`, 'm'));
    assert.match(r.stderr, /^src\/shared\.js:\d+:\d+ error v2-not-migrated .*: it is used in src\/shared\.js, a link to \S+\/outside\/shared\.js, outside the folder being migrated \(\S+\/project\/src\), which is not changed$/m);
    assert.match(r.stderr, /^changed: src\/store\.js$/m);
    assert.equal(r.code, 3, r.stderr);
  });

  it('skips dangling links and link loops with one line each, JavaScript and Go, without a stack trace', () => {
    const { project } = layout();
    symlinkSync('missing.js', join(project, 'src', 'gone.js'));
    symlinkSync('loop.js', join(project, 'src', 'loop.js'));
    symlinkSync('missing.go', join(project, 'src', 'gone.go'));
    symlinkSync('.', join(project, 'src', 'again'));
    symlinkSync('b', join(project, 'src', 'a'));
    symlinkSync('a', join(project, 'src', 'b'));
    const r = cli(['src', '--write'], project);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'a stack trace');
    assert.match(r.stderr, /^skipped src\/gone\.js: a link to a file that does not exist \(missing\.js\)$/m);
    assert.match(r.stderr, /^skipped src\/loop\.js: a loop of symbolic links$/m);
    assert.match(r.stderr, /^skipped src\/gone\.go: a link to a file that does not exist \(missing\.go\)$/m);
    assert.match(r.stderr, /^skipped src\/a: a loop of symbolic links$/m);
    assert.equal(readFileSync(join(project, 'src', 'store.js'), 'utf8'), converterAfter);
    assert.equal(r.code, 1, r.stderr);
  });

  it('does not follow a linked Go package folder outside the folder being migrated, and says so', () => {
    const { project, outside } = layout();
    mkdirSync(join(outside, 'pkg'));
    const goFile = 'package pkg\n\nimport "github.com/guregu/dynamo"\n\nvar DB *dynamo.DB\n';
    writeFileSync(join(outside, 'pkg', 'db.go'), goFile);
    symlinkSync(join(outside, 'pkg'), join(project, 'src', 'pkg'));
    const r = cli(['src', '--write'], project);
    assert.match(r.stderr, new RegExp(`^skipped src/pkg: a link to ${join(outside, 'pkg')}, outside the folder being migrated \\(${join(project, 'src')}\\)$`, 'm'));
    assert.doesNotMatch(r.stderr, /db\.go/);
    assert.equal(readFileSync(join(outside, 'pkg', 'db.go'), 'utf8'), goFile);
  });
});

/** A project of `n` files (store.js and n − 1 copies), each with its own Converter use (each migrates on its own). */
function manyFiles(n: number): string {
  const { project } = layout();
  for (let i = 1; i < n; i++) writeFileSync(join(project, 'src', `store${String(i).padStart(3, '0')}.js`), converterBefore);
  return project;
}

const states = (project: string): { migrated: number; original: number; other: number } => {
  const out = { migrated: 0, original: 0, other: 0 };
  for (const name of readdirSync(join(project, 'src'))) {
    const text = readFileSync(join(project, 'src', name), 'utf8');
    if (text === converterAfter) out.migrated++;
    else if (text === converterBefore) out.original++;
    else out.other++;
  }
  return out;
};

/** The end of a run's stderr (the diagnostics before it run to 500 KB), with its exit code, for assertion messages. */
const tail = (r: { code: number | null; stderr: string }) => `exit ${r.code}; stderr ends:\n${r.stderr.slice(-1500)}`;

/** True when `file` holds the migrated text (a file event alone may be an attribute change of a file being read). */
function isMigrated(file: string): boolean {
  try {
    return readFileSync(file, 'utf8') === converterAfter;
  } catch {
    return false;
  }
}

/** Runs `migrate src --write` and sends SIGINT when `trigger(file name)` first holds for a file event in src/. */
function interrupted(project: string, trigger: (name: string) => boolean): Promise<{ code: number | null; stderr: string; signalled: boolean }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, cliArgs(['src', '--write']), { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const watcher = watch(join(project, 'src'), (_event, name) => {
      if (!signalled && name && trigger(name)) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    child.on('close', (code) => {
      watcher.close();
      done({ code, stderr, signalled });
    });
  });
}

describe('migrate --write: all files or none', () => {
  it('Ctrl+C (a real SIGINT) while the first files are being written: no file changed, said so, exit 130', async () => {
    const project = manyFiles(300);
    const r = await interrupted(project, (name) => name.includes('.dynamo-hotpath-'));
    assert.ok(r.signalled, 'no temporary file was ever seen');
    assert.deepEqual(states(project), { migrated: 0, original: 300, other: 0 }, tail(r));
    assert.match(tail(r), /^interrupted \(SIGINT\) while writing 300 files: (nothing was written|the 1 file written was restored|the \d+ files written were restored); every file is as it was$/m);
    assert.equal(r.code, 130, tail(r));
  });

  it('Ctrl+C at the first migrated file on disk: the set is restored or completed, never cut, and the files changed are listed', async () => {
    const project = manyFiles(300);
    const r = await interrupted(project, (name) => name.startsWith('store') && !name.includes('.dynamo-hotpath-') && isMigrated(join(project, 'src', name)));
    assert.ok(r.signalled, 'no migrated file was ever seen');
    const s = states(project);
    assert.equal(s.other, 0, tail(r));
    assert.ok(s.migrated === 300 || s.original === 300, `a cut set: ${JSON.stringify(s)}\n${tail(r)}`);
    if (s.migrated === 300) {
      assert.equal((r.stderr.match(/^changed: src\/store(\d{3})?\.js$/gm) ?? []).length, 300, tail(r));
      assert.equal(r.code, 1, tail(r));
    } else {
      assert.match(tail(r), /^interrupted \(SIGINT\) while writing 300 files: (the 1 file written was|the \d+ files written were) restored; every file is as it was$/m);
      assert.equal(r.code, 130, tail(r));
    }
  });
});
