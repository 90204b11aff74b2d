/**
 * Issue 25, hole 1, CLI: `analyze` of a JavaScript profile whose build files are newer than the
 * profile asks git when their content was committed — in a folder whose own `.git/config` tries
 * every way of making git start a program (test/helpers/hostileRepo.ts). The CLI as shipped (the
 * dispatcher and the command in separate bundles, each with its own copy of the trust gate) runs
 * git, which dates the build by its commit, and nothing of the repository runs.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error -- a plain ES module of the build scripts, without type declarations
import { cliCommandBundles } from '../../scripts/cliBundles.mjs';
import { makeHostileRepo } from '../helpers/hostileRepo';

const STALE_BUILD = /changed after the profile was recorded/;

describe('the bundled CLI in a folder with a hostile .git/config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-cli-hostile-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('dates the build through git, and runs nothing of the repository', async () => {
    const bundles = join(dir, 'dist');
    await build({
      entryPoints: [{ in: 'src/cli/main.ts', out: 'cli' }, { in: 'src/cli/analyzeCommand.ts', out: 'cli-analyze' }],
      outdir: bundles, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', plugins: [cliCommandBundles],
    });
    const workspace = join(dir, 'workspace');
    mkdirSync(workspace);
    cpSync('fixtures/node-adserver/src', join(workspace, 'src'), { recursive: true });
    cpSync('fixtures/node-adserver/profiles/before-v2.pb.gz', join(workspace, 'before-v2.pb.gz'));
    const analyze = () => spawnSync(process.execPath, [join(bundles, 'cli.js'), 'analyze', 'before-v2.pb.gz', '--root', 'src'], { cwd: workspace, encoding: 'utf8' });
    // Outside git the copy's new modification times say the build changed after the recording…
    const plain = analyze();
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(plain.stdout + plain.stderr, STALE_BUILD);
    // …committed with its profile, git says it did not: the CLI asked git, and git ran nothing of the repository's.
    const repo = makeHostileRepo(workspace, dir);
    const inRepo = analyze();
    assert.equal(inRepo.status, 0, inRepo.stderr);
    assert.doesNotMatch(inRepo.stdout + inRepo.stderr, STALE_BUILD);
    assert.match(inRepo.stdout, /DynamoDB/);
    assert.deepEqual(repo.ran(), []);
  });
});
