// The project's own type-check of a migration: its TypeScript (4.9.5), its tsconfig (no
// skipLibCheck) and its @types/node (14), on a real project under test/fixtures/migrate/tsc-project
// (installed by .ci/run with npm ci --prefix). The bundled TypeScript with skipLibCheck forced on
// saw 0 errors before and after; the project's tsc goes from 0 to 1, in the v3 types.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setWorkspaceTrust } from '../../../../src/core/exec/workspaceTrust';
import { migrationAnalyzers } from '../../../../src/core/migrate/program/analyzers';
import { migrateFolder } from '../../../../src/core/migrate/program/migrateFolder';
import { typesNodeSpec, verifyProject } from '../../../../src/core/migrate/program/verifyProject';
import { env } from './virtualProject';

const fixture = resolve(__dirname, '..', '..', '..', 'fixtures', 'migrate', 'tsc-project');

function copy(tsconfig?: (c: { compilerOptions: Record<string, unknown> }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsc-project-')).replace(/\\/g, '/');
  for (const f of ['package.json', 'tsconfig.json', 'src']) cpSync(join(fixture, f), join(dir, f), { recursive: true });
  symlinkSync(join(fixture, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (tsconfig) {
    const c = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    tsconfig(c);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(c, null, 2));
  }
  return dir;
}

function migrateAndVerify(dir: string) {
  const folder = migrateFolder({ root: dir }, { env, analyzers: migrationAnalyzers });
  assert.deepEqual([...folder.texts.keys()], [`${dir}/src/orders.ts`]);
  return verifyProject(dir, folder.texts, dir)!;
}

describe('verify with the project\'s own compiler and settings', () => {
  before(() => {
    assert.ok(existsSync(join(fixture, 'node_modules', 'typescript', 'package.json')), `the fixture project is not installed: npm ci --prefix ${fixture}`);
    // The project's compiler is workspace code: it runs where the CLI or a trusted workspace let it.
    setWorkspaceTrust(true);
  });
  after(() => setWorkspaceTrust(false));
  it('TypeScript 4.9.5, @types/node 14, skipLibCheck off: 0 errors before, 1 after, in the v3 types, with the @types/node that fixes it', () => {
    const dir = copy();
    const v = migrateAndVerify(dir);
    assert.equal(v.compiler.source, 'project');
    assert.equal(v.compiler.version, '4.9.5');
    assert.equal(v.skipLibCheck, false);
    assert.deepEqual([v.errorsBefore, v.errorsAfter, v.findings.length], [0, 1, 1]);
    const [f] = v.findings;
    assert.equal(f!.fileName, `${dir}/package.json`);
    assert.equal(readFileSync(join(dir, 'package.json'), 'utf8').slice(f!.start, f!.end), '"@types/node"');
    assert.equal(f!.message, 'after the migration `tsc` (TypeScript 4.9.5, skipLibCheck off) fails in the type definitions of @smithy/core (1 error, first at node_modules/@smithy/core/dist-types/submodules/serde/util-stream/stream-collector.d.ts:2): TS2307 Cannot find module \'node:stream/web\' or its corresponding type declarations: @types/node 14.18.63 declares no \'node:stream/web\', which the v3 type definitions import: install @types/node ≥ 16.6.0 (npm install -D @types/node@16.18.119: later releases need a newer TypeScript than 4.9.5), or set "skipLibCheck": true in tsconfig.json');
  });
  it('the same project with skipLibCheck on: nothing new', () => {
    const v = migrateAndVerify(copy((c) => { c.compilerOptions.skipLibCheck = true; }));
    assert.equal(v.skipLibCheck, true);
    assert.deepEqual([v.errorsBefore, v.errorsAfter, v.findings.length], [0, 0, 0]);
  });
  it('in an untrusted workspace (an agent\'s preview in the editor) the project\'s TypeScript is not loaded: the bundled one checks, with its tsconfig', () => {
    setWorkspaceTrust(false);
    try {
      const v = migrateAndVerify(copy());
      assert.equal(v.compiler.source, 'bundled');
      assert.equal(v.compiler.version, '5.9.3');
      assert.equal(v.skipLibCheck, false);
    } finally {
      setWorkspaceTrust(true);
    }
  });
});

describe('the @types/node to install reads with the project\'s TypeScript', () => {
  it('pins the last 16.x release each TypeScript reads (TypeScript below 4.5 counts as 4.5: the v3 types need it)', () => {
    assert.deepEqual(['3.8.3', '4.2.4', '4.5.5', '4.6.4', '4.7.4', '4.9.5', '5.0.4', '5.9.3'].map((v) => typesNodeSpec('16.6.0', v)), [
      '@types/node@16.18.65', '@types/node@16.18.65', '@types/node@16.18.65', '@types/node@16.18.87', '@types/node@16.18.101', '@types/node@16.18.119', '@types/node@16', '@types/node@16',
    ]);
  });
});
