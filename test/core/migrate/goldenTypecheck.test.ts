// The golden after-files must compile against the real @aws-sdk/* packages installed in this repo:
// the TypeScript compiler API type-checks every *.after.ts (strict, Node16 modules) in one program.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const dir = join(__dirname, '..', '..', 'fixtures', 'migrate');

describe('golden after-files type-check', () => {
  it('tsc reports no error in any *.after.ts', () => {
    const files = readdirSync(dir).filter((f) => /\.after\.ts$/.test(f)).map((f) => join(dir, f));
    assert.ok(files.length >= 4, `only ${files.length} TypeScript after-files`);
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      esModuleInterop: true,
      skipLibCheck: true,
      types: ['node'],
      lib: ['lib.es2022.d.ts'],
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    assert.deepEqual(errors, []);
  });
});
