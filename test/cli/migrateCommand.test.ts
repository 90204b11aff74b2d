// The `migrate` subcommand end to end in a child process, on copies of the golden before-files.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(__dirname, '..', '..');
const golden = join(repo, 'test', 'fixtures', 'migrate');
/** tsx by absolute URL: the child runs in a temp dir that has no node_modules. */
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, ['--import', tsx, join(repo, 'src', 'cli', 'main.ts'), 'migrate', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
  mkdirSync(join(dir, 'src'));
  copyFileSync(join(golden, 'converter-cjs-require.before.js'), join(dir, 'src', 'store.js'));
  copyFileSync(join(golden, 'docclient-esm-named.before.ts'), join(dir, 'src', 'ads.ts'));
  return dir;
}

describe('dynamo-hotpath migrate', () => {
  it('prints a unified diff, exits 1 and writes nothing without --write', () => {
    const dir = workspace();
    const r = cli(['src'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^--- a\/src\/ads\.ts\n\+\+\+ b\/src\/ads\.ts\n@@ -1,/m);
    assert.match(r.stdout, /^-const AWS = require\('aws-sdk'\);\n\+const \{ marshall, unmarshall \} = require\('@aws-sdk\/util-dynamodb'\);$/m);
    assert.match(r.stderr, /2 of 2 files would change/);
    assert.match(r.stderr, /^src\/ads\.ts:4:13 warning v3-empty-set-values convertEmptyValues: /m);
    assert.match(r.stderr, /^src\/ads\.ts:7:21 information v2-document-client aws-sdk v2 DocumentClient get\(\)/m);
    assert.match(r.stderr, /^src\/ads\.ts: migrated\nsrc\/store\.js: migrated$/m);
    assert.equal(readFileSync(join(dir, 'src', 'store.js'), 'utf8'), readFileSync(join(golden, 'converter-cjs-require.before.js'), 'utf8'));
  });
  it('--write applies the golden result, and a second run finds nothing (exit 0)', () => {
    const dir = workspace();
    const r = cli(['src', '--write'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(readFileSync(join(dir, 'src', 'store.js'), 'utf8'), readFileSync(join(golden, 'converter-cjs-require.after.js'), 'utf8'));
    assert.equal(readFileSync(join(dir, 'src', 'ads.ts'), 'utf8'), readFileSync(join(golden, 'docclient-esm-named.after.ts'), 'utf8'));
    const again = cli(['src/store.js', 'src/ads.ts'], dir);
    assert.equal(again.code, 0);
    assert.equal(again.stderr, '0 of 0 files would change\n');
  });
  it('exits 2 on bad input, naming the problem', () => {
    const dir = workspace();
    const missing = cli(['nope.ts'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read 'nope\.ts': no such file or directory/);
    assert.equal(cli(['src', '--dry'], dir).code, 2);
    assert.equal(cli([], dir).code, 2);
  });
});
