/**
 * The .vsix as the Marketplace and VS Code's extension page show it: `vsce ls` lists only what
 * should ship, the user-facing README (docs/marketplace/README.md, packaged with --readme-path)
 * links only images that are packaged, and the manifest has an icon, categories and keywords.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const README = 'docs/marketplace/README.md';
const SHIPS = /^(package\.json|LICENSE|CHANGELOG\.md|dist\/(client|server|profileWorker|migrationWorker|benchWorker)\.js|dist\/typescript-lib\/lib(\.[\w.-]+)?\.d\.ts|media\/[\w-]+\.(css|png)|media\/dist\/\w+\.(js|css)|docs\/screenshots\/[\w-]+\.png|docs\/marketplace\/README\.md|gohelper\/(go\.mod|(?!\w+_test\.go)\w+\.go))$/;

describe('the .vsix', () => {
  it('packages the user-facing README, and vsce ls lists only what should ship', () => {
    assert.match(manifest.scripts.package, new RegExp(`--readme-path ${README.replace(/[./]/g, '\\$&')}`));
    const r = spawnSync(process.execPath, ['node_modules/@vscode/vsce/vsce', 'ls', '--no-dependencies', '--readme-path', README], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout.trim().split('\n');
    assert.deepEqual(files.filter((f) => !SHIPS.test(f)), []);
    for (const f of ['package.json', 'CHANGELOG.md', 'LICENSE', 'media/icon.png', 'docs/screenshots/lenses.png', 'dist/typescript-lib/lib.es2022.d.ts']) assert.ok(files.includes(f), f);
    assert.ok(!files.includes('README.md'), 'the developer README stays out');
    assert.equal(files.includes('dist/profileWorker.js'), files.includes('dist/server.js'), 'the language server ships with its profile worker');
    assert.equal(files.includes('dist/migrationWorker.js'), files.includes('dist/server.js'), 'the language server ships with its migration worker');
  });

  it('links in its README only images that are packaged', () => {
    const images = [...readFileSync(README, 'utf8').matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    assert.ok(images.length >= 3);
    const listed = spawnSync(process.execPath, ['node_modules/@vscode/vsce/vsce', 'ls', '--no-dependencies', '--readme-path', README], { encoding: 'utf8' }).stdout;
    for (const image of images) {
      assert.doesNotMatch(image, /^(https?:|\/|\.\.)/, image);
      assert.ok(listed.split('\n').includes(image), `${image} is not packaged`);
    }
  });

  it('has a 128×128 PNG icon, categories and keywords', () => {
    const png = readFileSync(manifest.icon);
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    assert.ok(manifest.categories.includes('Visualization'));
    assert.ok(manifest.keywords.includes('dynamodb') && manifest.keywords.includes('pprof'));
    assert.ok(manifest.keywords.length <= 30);
  });
});
