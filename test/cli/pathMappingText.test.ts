// The path-mapping lines of `analyze`: the resolved percent and each unresolved path's part are on
// one base (they add up to 100 %), the path's stack share is stated apart, and a path that exists
// on this machine outside the root gets that reason instead of "add --map" (trial6 F14).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';
import { renderAnalysisText } from '../../src/cli/analyzeText';

describe('analyze text: path mapping', () => {
  it('puts resolved and unresolved parts on one base and says a file outside the root exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-pathmap-'));
    try {
      mkdirSync(join(dir, 'app'));
      writeFileSync(join(dir, 'driver.js'), 'a\nb\nc\n');
      writeFileSync(join(dir, 'app', 'db.js'), '1\n2\n3\n4\n5\n6\n7\nawait client.send(cmd)\n');
      const sdk = join(dir, 'app/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js');
      const folded = [
        `main (${dir}/driver.js:3:1);handler (${dir}/app/db.js:8:3);marshall (${sdk}:10:5) 10`,
        `main (${dir}/driver.js:3:1);work (${dir}/app/db.js:2:3) 30`,
        `main (${dir}/gone.js:1:1);idle (${dir}/app/db.js:4:1) 40`,
      ].join('\n');
      writeFileSync(join(dir, 'p.folded'), folded);
      const root = join(dir, 'app');
      const { analysis } = await analyzeFile(join(dir, 'p.folded'), { root });
      const lines = renderAnalysisText(analysis, { root, top: 10 }).split('\n');
      // db.js is on every stack (80), driver.js on 40, gone.js on 40: 80 of 160 resolved.
      assert.ok(lines.includes("Path mapping: 50.0% of the weight in your code's files (each file's samples, summed over the files) resolved to the workspace (1 file resolved; 1 dependency, 0 runtime paths)"), lines.join('\n'));
      const unresolved = lines.filter((l) => l.startsWith('  unresolved'));
      assert.deepEqual(unresolved, [
        `  unresolved (not-found): ${dir}/driver.js  25.0% of that weight, on the stack in 50.0% of the profile  → the file exists outside the analysed root: analyse with a root that contains it, or ignore it if it is not your code`,
        `  unresolved (not-found): ${dir}/gone.js  25.0% of that weight, on the stack in 50.0% of the profile  → add --map FROM=TO`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
