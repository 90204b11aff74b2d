// The test runner itself (scripts/runTests.mjs): files run in their own processes, several at a
// time; each ending file prints a line, a failing one its output, a quiet stretch a progress line;
// the exit code says whether every file passed; the slow tier is apart from `npm test`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SLOW_TEST_FILES } from '../../scripts/slowTests.mjs';

const repo = resolve(__dirname, '..', '..');
const runner = join(repo, 'scripts', 'runTests.mjs');

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'run-tests-'));
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const passing = (ms: number) => `import { it } from 'node:test';\nit('waits', () => new Promise((r) => setTimeout(r, ${ms})));\nit('adds', () => { if (1 + 1 !== 2) throw new Error('no'); });\n`;
const failing = `import { it } from 'node:test';\nit('fails on purpose', () => { throw new Error('the expected failure'); });\n`;

describe('scripts/runTests.mjs', () => {
  it('runs files at once, prints a line per file and progress while one is quiet, and fails when a file fails', () => {
    const dir = project({ 'test/a/slowish.test.ts': passing(2500), 'test/b/bad.test.ts': failing, 'test/fixtures/ignored.test.ts': failing });
    try {
      const t0 = Date.now();
      const r = spawnSync(process.execPath, [runner, '--concurrency', '2'], { cwd: dir, encoding: 'utf8', env: { ...process.env, TEST_PROGRESS_MS: '1000' } });
      const out = r.stdout;
      assert.equal(r.status, 1, out + r.stderr);
      assert.match(out, /^2 test files, 2 at a time \(tier: fast\)$/m);
      assert.match(out, /^ok .*test\/a\/slowish\.test\.ts \(2 tests\)/m);
      assert.match(out, /^FAIL .*test\/b\/bad\.test\.ts \(1 test\)/m);
      assert.match(out, /│ .*the expected failure/);
      assert.match(out, /^… .*: 1\/2 files done; running test\/a\/slowish\.test\.ts \(\d/m);
      assert.match(out, /^2 files, 3 tests in .*\n\n1 file failed:\n {2}test\/b\/bad\.test\.ts \(exit 1\)$/m);
      // Both at once: the run takes about as long as the slower file, not the sum.
      assert.ok(Date.now() - t0 < 2500 + 8000, `${Date.now() - t0} ms`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes when every file passes; a path filter picks files', () => {
    const dir = project({ 'test/one.test.ts': passing(0), 'test/two.test.ts': failing });
    try {
      const r = spawnSync(process.execPath, [runner, 'one'], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^1 test files, 1 at a time$/m);
      assert.doesNotMatch(r.stdout, /two\.test\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the slow tier lists existing test files, which npm test leaves to CI', () => {
    assert.ok(SLOW_TEST_FILES.length > 0);
    for (const file of SLOW_TEST_FILES) assert.ok(existsSync(join(repo, file)) && file.endsWith('.test.ts'), file);
    const scripts = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).scripts;
    assert.equal(scripts.test, 'node scripts/runTests.mjs');
    assert.equal(scripts['test:slow'], 'node scripts/runTests.mjs --tier slow');
    assert.match(readFileSync(join(repo, '.ci', 'run'), 'utf8'), /^npm run test:slow$/m);
  });
});
