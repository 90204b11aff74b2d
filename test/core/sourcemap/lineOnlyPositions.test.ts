// pprof frames carry a line and no column. esbuild starts every line with a segment that
// continues the previous line, so a method's line looked up at column 0 maps to the member
// before it (its `};`); the mapper looks from the line's first non-blank column instead.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { createSourceMapper } from '../../../src/core/sourcemap/sourceMapper';
import { diskFiles } from '../../../src/core/sourcemap/diskFiles';
import { lineOf } from './buildWithTools';

const STORE_TS = `export class Store {
  private static readonly tableName = 'products';

  public getProduct = async (id: string): Promise<string> => {
    const params = { TableName: Store.tableName, Key: { id } };
    return JSON.stringify(params);
  };

  public deleteProduct = async (id: string): Promise<void> => {
    JSON.stringify({ id });
  };

  public async getProducts(): Promise<string> {
    const params = { TableName: Store.tableName, Limit: 20 };
    return JSON.stringify(params);
  }

  public async putProduct(name: string): Promise<string> {
    return JSON.stringify({ name });
  }
}
`;

describe('line-only positions in an esbuild bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dhp-line-only-'));
  writeFileSync(join(dir, 'store.ts'), STORE_TS);
  const outfile = join(dir, 'dist/store.js');
  buildSync({ entryPoints: [join(dir, 'store.ts')], bundle: true, platform: 'node', target: 'node18', outfile, sourcemap: true, logLevel: 'silent' });
  const generated = readFileSync(outfile, 'utf8');
  const mapper = createSourceMapper(diskFiles);

  for (const [member, jsNeedle, tsNeedle] of [
    ['a method after an arrow property', 'async getProducts()', 'async getProducts()'],
    ['a method after a method', 'async putProduct(', 'async putProduct('],
    ['an arrow property after an arrow property', 'deleteProduct = async', 'deleteProduct = async'],
  ] as const) {
    it(`maps ${member} to its own .ts line, not the member before`, () => {
      const jsLine = lineOf(generated, jsNeedle);
      assert.ok(jsLine > 0 && /^\s+/.test(generated.split('\n')[jsLine - 1]!), 'the generated line is indented');
      const hit = mapper.originalPosition(outfile, jsLine, 0);
      assert.equal(hit?.file, join(dir, 'store.ts'));
      assert.equal(hit?.line, lineOf(STORE_TS, tsNeedle));
    });
  }

  it('keeps column lookups as they were (V8 gives the column)', () => {
    const jsLine = lineOf(generated, 'async getProducts()');
    const column = generated.split('\n')[jsLine - 1]!.indexOf('getProducts') + 1;
    assert.equal(mapper.originalPosition(outfile, jsLine, column)?.line, lineOf(STORE_TS, 'async getProducts()'));
  });

  it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
});
