// `migrate` on Go modules end to end in a child process, on temporary copies: go.mod only when
// asked (--go-get: previewed on a copy without --write, run in the module with it, the go.mod diff
// shown), and --test's pass counts before and after. The go get cases resolve the aws-sdk-go-v2
// modules through the module proxy (as the user's go get does): they need it reachable (CI has it).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findGoBinary } from '../../src/core/bench/goSuite';

const repo = resolve(__dirname, '..', '..');
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function copyOf(fixture: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-go-cli-'));
  cpSync(join(repo, 'test', 'fixtures', fixture), dir, { recursive: true });
  return dir;
}

describe('dynamo-hotpath migrate on a Go module: go.mod only when asked', () => {
  it('without --go-get: go.mod and go.sum untouched, the go get the rewrite needs is printed', () => {
    const dir = copyOf('go-getmod');
    try {
      const goMod = readFileSync(join(dir, 'go.mod'), 'utf8');
      const r = cli(['--write', '.'], dir);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(readFileSync(join(dir, 'go.mod'), 'utf8'), goMod);
      assert.match(r.stderr, /^\.: go\.mod not changed; the rewrite needs: go get github\.com\/aws\/aws-sdk-go-v2\/aws github\.com\/aws\/aws-sdk-go-v2\/aws\/ratelimit github\.com\/aws\/aws-sdk-go-v2\/aws\/retry github\.com\/aws\/aws-sdk-go-v2\/config github\.com\/guregu\/dynamo\/v2 github\.com\/guregu\/dynamo@none github\.com\/aws\/aws-sdk-go@none \(run it, or migrate again with --go-get\)$/m);
      assert.match(readFileSync(join(dir, 'app.go'), 'utf8'), /^\t"github\.com\/guregu\/dynamo\/v2"$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--go-get without --write: previewed on a copy of go.mod, the diff shown, nothing written', () => {
    const dir = copyOf('go-getmod');
    try {
      const goMod = readFileSync(join(dir, 'go.mod'), 'utf8');
      const app = readFileSync(join(dir, 'app.go'), 'utf8');
      const r = cli(['--go-get', '.'], dir);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(readFileSync(join(dir, 'go.mod'), 'utf8'), goMod);
      assert.equal(readFileSync(join(dir, 'app.go'), 'utf8'), app);
      assert.match(r.stderr, /^\.: previewed on a copy of go\.mod \(--write writes it with the migration\): go get .* github\.com\/guregu\/dynamo@none github\.com\/aws\/aws-sdk-go@none; go\.sum \+\d+ −\d+ lines$/m);
      assert.match(r.stdout, /^--- a\/go\.mod\n\+\+\+ b\/go\.mod$/m);
      assert.match(r.stdout, /^-\tgithub\.com\/guregu\/dynamo v1\.23\.0$/m);
      assert.match(r.stdout, /^\+\tgithub\.com\/guregu\/dynamo\/v2 v2\.\d+\.\d+ \/\/ indirect$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--write --go-get: the user\'s go get runs in the module, v1 goes, and the module builds', () => {
    const dir = copyOf('go-getmod');
    try {
      const r = cli(['--write', '--go-get', '.'], dir);
      assert.equal(r.code, 1, r.stderr);
      const goMod = readFileSync(join(dir, 'go.mod'), 'utf8');
      assert.match(goMod, /^\tgithub\.com\/guregu\/dynamo\/v2 v2\./m);
      assert.match(goMod, /^\tgithub\.com\/aws\/aws-sdk-go-v2\/config v1\./m);
      assert.doesNotMatch(goMod, /github\.com\/guregu\/dynamo v1|github\.com\/aws\/aws-sdk-go v1/);
      assert.match(r.stderr, /^\.: ran on a copy of go\.mod, written with the migration's files: go get /m);
      const build = spawnSync(findGoBinary()!, ['vet', './...'], { cwd: dir, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=readonly' } });
      assert.equal(build.status, 0, build.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('dynamo-hotpath migrate --test', () => {
  it("prints the module's go test pass counts before and after", () => {
    const dir = copyOf('go-migrate');
    try {
      const r = cli(['--test', 'tagtest'], dir);
      assert.equal(r.code, 1, r.stderr);
      const m = /^\.: go test \.\/\.\.\.: (\d+) passed, 0 failed before; (\d+) passed, 0 failed after$/m.exec(r.stderr);
      assert.ok(m, r.stderr);
      assert.equal(m[1], m[2]);
      assert.ok(Number(m[1]) >= 6);
      assert.match(r.stderr, /^\.: the module builds with the rewrite \(go1\.\d+(\.\d+)?, go build \.\/\.\.\. and go vet \.\/\.\.\. through -overlay; vet findings 0 before, 0 after\)$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
