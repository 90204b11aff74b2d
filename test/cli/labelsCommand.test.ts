// `dynamo-hotpath labels go`: writes the Go call labels (snippets/go/ddblabels, the module the Go
// service test builds and runs) into the user's folder under the package name asked for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/runCli';

describe('labels go', () => {
  it('writes the common file and the SDK file in the package named after the folder, and says how to wire them in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-labels-'));
    try {
      writeFileSync(join(dir, 'go.mod'), 'module example.com/svc\n\ngo 1.21\n');
      const r = runCli(['labels', 'go', '--sdk', 'v1', '--out', join(dir, 'ddbcalls')]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /\(package ddbcalls, import "example\.com\/svc\/ddbcalls"\)/);
      assert.deepEqual(readdirSync(join(dir, 'ddbcalls')).sort(), ['labels.go', 'v1.go']);
      assert.match(readFileSync(join(dir, 'ddbcalls', 'v1.go'), 'utf8'), /^package ddbcalls\n/);
      assert.equal(readFileSync(join(dir, 'ddbcalls', 'labels.go'), 'utf8'), readFileSync('snippets/go/ddblabels/labels.go', 'utf8').replace('package ddblabels', 'package ddbcalls'));
      assert.match(r.stderr, /ddbcalls\.InstrumentV1\(svc\.Client\)/);
      assert.doesNotMatch(r.stderr, /WithV2/);
      const again = runCli(['labels', 'go', '--sdk', 'v1', '--out', join(dir, 'ddbcalls')]);
      assert.equal(again.code, 2);
      assert.match(again.stderr, /labels\.go.*already there; --force overwrites/);
      assert.equal(runCli(['labels', 'go', '--sdk', 'v1', '--out', join(dir, 'ddbcalls'), '--force']).code, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const sdk of ['v1', 'v2'] as const) {
    it(`the ${sdk} labels build on their own with the SDK versions the snippet module pins (go build)`, () => {
      const dir = mkdtempSync(join(tmpdir(), `dhp-labels-${sdk}-`));
      try {
        for (const f of ['go.mod', 'go.sum']) copyFileSync(join('snippets/go/ddblabels', f), join(dir, f));
        assert.equal(runCli(['labels', 'go', '--sdk', sdk, '--out', dir, '--package', 'ddblabels', '--force']).code, 0);
        const built = spawnSync('go', ['build', './...'], { cwd: dir, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local', GOWORK: 'off' } });
        assert.equal(built.status, 0, built.stderr);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('refuses a folder outside any Go module, writing nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-labels-nomod-'));
    try {
      mkdirSync(join(dir, 'app'));
      const r = runCli(['labels', 'go', '--out', join(dir, 'app', 'ddblabels')]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, new RegExp(`no go\\.mod at or above ${join(dir, 'app', 'ddblabels').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the labels are a package of your Go module`));
      assert.deepEqual(readdirSync(join(dir, 'app')), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown SDK, a package name that is not a Go identifier, and a language it has no labels for', () => {
    assert.match(runCli(['labels', 'go', '--sdk', 'v3']).stderr, /--sdk accepts v1, v2, both, got 'v3'/);
    assert.match(runCli(['labels', 'go', '--package', 'my-labels', '--out', join(tmpdir(), 'never')]).stderr, /'my-labels' is not a Go package name/);
    const js = runCli(['labels', 'js']);
    assert.equal(js.code, 2);
    assert.match(js.stderr, /expects the language: `labels go`/);
  });
});
