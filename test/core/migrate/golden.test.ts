// Golden before/after pairs: "fix all in file" on test/fixtures/migrate/<name>.before.<ext> must give
// <name>.after.<ext> byte for byte. UPDATE_GOLDEN=1 rewrites the after-files (review the diff!).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateSource } from '../../../src/core/migrate/migrateSource';
import { applyEdits } from '../../../src/core/migrate/textEdits';

const dir = join(__dirname, '..', '..', 'fixtures', 'migrate');
/** The versions installed in this repository (package.json devDependencies). */
const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

describe('migration golden files', () => {
  const befores = readdirSync(dir).filter((f) => f.includes('.before.')).sort();
  it('has golden pairs', () => assert.ok(befores.length >= 7, `only ${befores.length} golden files`));
  for (const before of befores) {
    const after = before.replace('.before.', '.after.');
    it(`${before} → ${after}`, () => {
      const text = readFileSync(join(dir, before), 'utf8');
      const result = migrateSource(text, join(dir, after), env);
      const actual = applyEdits(text, result.fixAll);
      if (process.env.UPDATE_GOLDEN) writeFileSync(join(dir, after), actual);
      assert.equal(actual, readFileSync(join(dir, after), 'utf8'));
      assert.ok(result.findings.length > 0, 'no findings');
      // Idempotent: the after-file has nothing left to fix.
      const again = migrateSource(actual, join(dir, after), env);
      assert.deepEqual(again.fixAll, [], `after-file still has fixes: ${again.findings.map((f) => f.code).join(', ')}`);
    });
  }
});
