/**
 * The npm package (`npm pack`): the command line and nothing else, installable without the
 * registry. The full install-and-run check is `npm run check:package` (in CI).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));

const SHIPPED = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|bin\/dynamo-hotpath\.js|dist\/cli(-\w+)?\.js|dist\/benchWorker\.js|dist\/record\.js|dist\/typescript-lib\/lib(\.[\w.-]+)?\.d\.ts|schemas\/\w+\.schema\.json|gohelper\/(go\.mod|(?!\w+_test\.go)\w+\.go)|snippets\/go\/ddblabels\/\w+\.go|docs\/connections\.md)$/;

describe('npm package', () => {
  it('needs no runtime dependency: every bundle is self-contained', () => {
    assert.equal(manifest.dependencies, undefined);
    assert.equal(manifest.bin['dynamo-hotpath'], './bin/dynamo-hotpath.js');
    assert.equal(manifest.scripts.prepack, 'node scripts/build.mjs --production');
    // vsce refuses a "files" list next to .vscodeignore: the npm allow-list is .npmignore.
    assert.equal(manifest.files, undefined);
  });

  it('packs the CLI bundles, TypeScript\'s lib files, the bench worker, the recorder, the Go helper sources, the schemas and the docs only', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files: string[] = JSON.parse(r.stdout.slice(r.stdout.indexOf('[')))[0].files.map((f: { path: string }) => f.path);
    assert.deepEqual(files.filter((f) => !SHIPPED.test(f)), []);
    for (const f of ['bin/dynamo-hotpath.js', 'gohelper/go.mod', 'gohelper/main.go', 'README.md', 'CHANGELOG.md', 'schemas/analyze.schema.json', 'schemas/compare.schema.json', 'schemas/check.schema.json', 'snippets/go/ddblabels/labels.go', 'gohelper/check.go', 'docs/connections.md', 'dist/typescript-lib/lib.d.ts', 'dist/typescript-lib/lib.es2022.d.ts']) assert.ok(files.includes(f), f);
  });
});
