/**
 * The set write of `migrate --write` on real files: all written, or on a failed write every file
 * put back byte for byte with its mode, and no temporary file left. The failure is made by
 * wrapping the real rename so that its third call fails (this test runs as root, for which no
 * permission makes a rename fail), and by a target whose folder is gone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSet } from '../../src/cli/fileSet';

function folder(n: number): { dir: string; paths: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'file-set-'));
  const paths = Array.from({ length: n }, (_, i) => join(dir, `f${i}.js`));
  paths.forEach((p, i) => writeFileSync(p, `before ${i}\n`));
  chmodSync(paths[0]!, 0o750);
  return { dir, paths };
}

describe('writing a set of files', () => {
  it('writes every file, keeps each mode, leaves no temporary file', async () => {
    const { dir, paths } = folder(5);
    const outcome = await writeFileSet(paths.map((path, i) => ({ path, text: `after ${i}\n` })));
    assert.deepEqual(outcome, { kind: 'written', files: paths });
    assert.deepEqual(paths.map((p) => readFileSync(p, 'utf8')), ['after 0\n', 'after 1\n', 'after 2\n', 'after 3\n', 'after 4\n']);
    assert.equal(statSync(paths[0]!).mode & 0o777, 0o750);
    assert.deepEqual(readdirSync(dir).sort(), ['f0.js', 'f1.js', 'f2.js', 'f3.js', 'f4.js']);
  });

  it('a rename that fails at the third file puts back the two written, byte for byte', async () => {
    const { dir, paths } = folder(5);
    let calls = 0;
    const failing = { rename: async (from: string, to: string) => (++calls === 3 ? Promise.reject(Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' })) : rename(from, to)) };
    const outcome = await writeFileSet(paths.map((path, i) => ({ path, text: `after ${i}\n` })), failing);
    assert.deepEqual(outcome, { kind: 'failed', file: paths[2], error: 'EIO: i/o error, rename', restored: paths.slice(0, 2), notRestored: [] });
    assert.deepEqual(paths.map((p) => readFileSync(p, 'utf8')), ['before 0\n', 'before 1\n', 'before 2\n', 'before 3\n', 'before 4\n']);
    assert.equal(statSync(paths[0]!).mode & 0o777, 0o750);
    assert.deepEqual(readdirSync(dir).sort(), ['f0.js', 'f1.js', 'f2.js', 'f3.js', 'f4.js']);
  });

  it('a file that is gone before the write changes nothing', async () => {
    const { dir, paths } = folder(3);
    rmSync(paths[1]!);
    const outcome = await writeFileSet(paths.map((path) => ({ path, text: 'after\n' })));
    assert.equal(outcome.kind, 'failed');
    assert.match(outcome.kind === 'failed' ? outcome.error : '', /^ENOENT: /);
    assert.deepEqual([readFileSync(paths[0]!, 'utf8'), readFileSync(paths[2]!, 'utf8')], ['before 0\n', 'before 2\n']);
    assert.deepEqual(readdirSync(dir).sort(), ['f0.js', 'f2.js']);
  });
});
