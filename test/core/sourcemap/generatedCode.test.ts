// Generated JavaScript with a source map, seen through frames the map does not place directly:
// line-0 frames (Pyroscope-style profiles) of a tsc build go to the .ts declaration, and code
// the compiler or bundler wrote (tsc's `__awaiter`, esbuild's `__export`) is not the user's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import type { Frame, Profile } from '../../../src/core/profile/model';
import { lineOf } from './buildWithTools';

const STORE_TS = `import { helper } from './helper';

export class Store {
  private readonly table = 'products';

  async getProduct(id: string): Promise<string> {
    return JSON.stringify({ TableName: this.table, Key: { id } }) + helper();
  }
}
`;

function profileOf(frames: Frame[]): Profile {
  const samples = [{ stack: Uint32Array.from(frames.map((_, i) => i)), weight: 100, count: 1 }];
  return {
    sourcePath: 'test.pb.gz', format: 'pprof', sampleType: { type: 'cpu', unit: 'nanoseconds' }, sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
    durationNs: undefined, frames, samples, totalWeight: 100, idleWeight: 0, warnings: [],
  };
}

describe('generated code of tsc and esbuild outputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-generated-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'src/store.ts'), STORE_TS);
  writeFileSync(join(dir, 'src/helper.ts'), 'export const helper = (): string => "!";\n');

  it('places a line-0 frame of a tsc build on the .ts declaration and leaves tsc helpers out', () => {
    const out = ts.transpileModule(STORE_TS, { fileName: join(dir, 'src/store.ts'), compilerOptions: { target: ts.ScriptTarget.ES2015, module: ts.ModuleKind.CommonJS, inlineSourceMap: true, sourceRoot: '../src/' } });
    writeFileSync(join(dir, 'dist/store.js'), out.outputText);
    assert.match(out.outputText, /var __awaiter = /, 'tsc wrote its helper');
    const js = join(dir, 'dist/store.js');
    const profile = profileOf([
      { name: 'stringify', file: '', line: 0, inlined: false },
      { name: '__awaiter', file: js, line: 0, inlined: false },
      { name: 'getProduct', file: js, line: 0, inlined: false },
    ]);
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts', 'src/helper.ts', 'dist/store.js']));
    const { profile: seen, analysis } = analyzeWithSources(profile, { resolver });
    assert.deepEqual([seen.frames[2]!.file, seen.frames[2]!.line], [join(dir, 'src/store.ts'), lineOf(STORE_TS, 'async getProduct(')]);
    assert.equal(seen.frames[1]!.file, '', '__awaiter is not the user\'s code');
    assert.deepEqual(analysis.functionLevel, { functions: 1, placed: 1, unplaced: [] });
  });

  it('takes esbuild runtime lines (__export) for the bundler\'s code, not a user file', () => {
    const outfile = join(dir, 'dist/bundle.js');
    buildSync({ entryPoints: [join(dir, 'src/store.ts')], bundle: true, platform: 'node', target: 'node18', outfile, sourcemap: true, logLevel: 'silent' });
    const generated = readFileSync(outfile, 'utf8');
    const exportLine = lineOf(generated, 'var __export = ');
    const methodLine = lineOf(generated, 'async getProduct(');
    assert.ok(exportLine > 0 && methodLine > 0);
    const pastEnd = generated.split('\n').length + 5;
    const profile = profileOf([
      { name: '__export', file: outfile, line: exportLine, inlined: false },
      { name: 'getProduct', file: outfile, line: methodLine, inlined: false },
      { name: 'handle', file: outfile, line: pastEnd, inlined: false },
    ]);
    const resolver = createPathResolver(createWorkspaceIndex(dir, ['src/store.ts', 'src/helper.ts', 'dist/bundle.js']));
    const { profile: seen, analysis } = analyzeWithSources(profile, { resolver });
    assert.deepEqual([seen.frames[0]!.name, seen.frames[0]!.file], ['__export', '']);
    assert.deepEqual([seen.frames[1]!.file, seen.frames[1]!.line], [join(dir, 'src/store.ts'), lineOf(STORE_TS, 'async getProduct(')]);
    assert.deepEqual([seen.frames[2]!.file, seen.frames[2]!.line], [outfile, pastEnd], 'a line past the end (an older build) stays on the JavaScript');
    const file = analysis.sourceMaps?.files.find((f) => f.generatedFile === 'dist/bundle.js');
    assert.deepEqual([file?.unmappedFrames, file?.generatedCodeFrames], [1, 1]);
  });

  it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
});
