/**
 * The folders an agent tool may read: relative paths against the first, links followed before the
 * check, missing roots dropped, every refusal naming the input, the folders and the fix.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PathScope } from '../../src/agent/pathScope';

const HINT = "add its folder to your MCP client's roots";

function tree() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'scope-')));
  for (const d of ['a/inner', 'b', 'outside']) mkdirSync(join(base, d), { recursive: true });
  writeFileSync(join(base, 'a/p.pb.gz'), 'x');
  writeFileSync(join(base, 'a/inner/q.pb.gz'), 'x');
  writeFileSync(join(base, 'outside/secret'), 'x');
  symlinkSync(join(base, 'outside/secret'), join(base, 'a/link'));
  symlinkSync(join(base, 'a'), join(base, 'b/to-a'));
  return base;
}

describe('PathScope', () => {
  it('resolves relative paths against the first folder and follows links into another folder of the scope', async () => {
    const base = tree();
    const scope = await PathScope.of([join(base, 'a'), join(base, 'b'), join(base, 'gone')], HINT);
    assert.deepEqual(scope.folders, [join(base, 'a'), join(base, 'b')], 'a root that does not exist gives no access');
    assert.equal(await scope.resolve('p.pb.gz', 'profile'), join(base, 'a/p.pb.gz'));
    assert.equal(await scope.resolve(join(base, 'b/to-a/inner/q.pb.gz'), 'profile'), join(base, 'a/inner/q.pb.gz'));
    assert.equal(scope.folderOf(join(base, 'a/inner/q.pb.gz')), join(base, 'a'));
  });

  it('refuses a link to a file outside, a file outside and a missing file, each in one line with the fix', async () => {
    const base = tree();
    const scope = await PathScope.of([join(base, 'a')], HINT);
    await assert.rejects(scope.resolve('link', 'profile'), { name: 'AgentToolError', message: `profile 'link' is outside the folders this tool may read (it leads to ${base}/outside/secret): pass a path inside ${base}/a, or ${HINT}` });
    await assert.rejects(scope.resolve('../outside/secret', 'items'), { message: `items '../outside/secret' is outside the folders this tool may read: pass a path inside ${base}/a, or ${HINT}` });
    await assert.rejects(scope.resolve('nope.pb.gz', 'profile'), { message: `profile 'nope.pb.gz' does not exist (looked for ${base}/a/nope.pb.gz): pass an existing path inside ${base}/a` });
    await assert.rejects(PathScope.of([join(base, 'gone')], HINT), { message: `no folder to read: none of ${base}/gone exists; ${HINT}` });
  });

  it("reads the tools' own folders (downloads) without naming them, and never as the first folder", async () => {
    const base = tree();
    const scope = await PathScope.of([join(base, 'a'), join(base, 'gone')], HINT, [join(base, 'b')]);
    assert.equal(scope.first, join(base, 'a'));
    assert.equal(await scope.resolve(join(base, 'b/to-a/p.pb.gz'), 'profile'), join(base, 'a/p.pb.gz'));
    writeFileSync(join(base, 'b/download.pb.gz'), 'x');
    assert.equal(await scope.resolve(join(base, 'b/download.pb.gz'), 'profile'), join(base, 'b/download.pb.gz'));
    await assert.rejects(scope.resolve('../outside/secret', 'profile'), { message: `profile '../outside/secret' is outside the folders this tool may read: pass a path inside ${base}/a, or ${HINT}` });
    await assert.rejects(PathScope.of([join(base, 'gone')], HINT, [join(base, 'b')]), { message: `no folder to read: none of ${base}/gone exists; ${HINT}` });
  });
});
