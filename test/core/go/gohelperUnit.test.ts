// The Go helper's own unit tests (gohelper/*_test.go: the minimal-edit apply, import grouping,
// the line diff against a dynamic-programming reference), run with the machine's go.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGoBinary } from '../../../src/core/bench/goSuite';
import { helperSourceHash } from '../../../src/core/go/helper';

const HELPER = join(process.cwd(), 'gohelper');

describe('gohelper unit tests (go test)', () => {
  it('pass, each of them run', () => {
    const r = spawnSync(findGoBinary()!, ['test', '-count=1', '-v', '.'], { cwd: HELPER, encoding: 'utf8', env: { ...process.env, GOWORK: 'off', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' } });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const passed = [...r.stdout.matchAll(/^--- PASS: (Test\w+)/gm)].map((m) => m[1]);
    for (const name of ['TestApplyKeepsUntouchedLinesOfAFileGofmtWouldChange', 'TestApplyRealignsGofmtCleanNeighboursOfAnEditedLine', 'TestApplyKeepsCRLFLineEndings', 'TestAddImportsGroupsAsGoimports', 'TestDiffLinesIsAMinimalAlignment']) {
      assert.ok(passed.includes(name), `${name} did not pass:\n${r.stdout}`);
    }
    assert.doesNotMatch(r.stdout, /--- (FAIL|SKIP)/);
  });

  it('is gofmt-clean and vet-clean', () => {
    const fmt = spawnSync(join(findGoBinary()!, '..', 'gofmt'), ['-l', '.'], { cwd: HELPER, encoding: 'utf8' });
    assert.equal(fmt.status, 0, fmt.stderr);
    assert.equal(fmt.stdout, '');
    const vet = spawnSync(findGoBinary()!, ['vet', '.'], { cwd: HELPER, encoding: 'utf8', env: { ...process.env, GOWORK: 'off', GOTOOLCHAIN: 'local' } });
    assert.equal(vet.status, 0, vet.stderr);
  });

  it('leaves the tests out of the helper binary key (they are not built into it)', () => {
    const before = helperSourceHash(HELPER);
    assert.match(before, /^[0-9a-f]{16}$/);
    // The key is over go.mod and the non-test .go files only: a copy without the tests has the same key.
    const copy = mkdtempSync(join(tmpdir(), 'dhp-gohelper-'));
    try {
      cpSync(HELPER, copy, { recursive: true });
      for (const n of readdirSync(copy)) if (n.endsWith('_test.go')) rmSync(join(copy, n));
      assert.equal(helperSourceHash(copy), before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
