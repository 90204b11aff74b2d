// Differential test of the flow's lazy ReferenceIndex: for every identifier of a program, the
// references of the symbol it denotes equal those found by resolving every identifier of the
// program (the index's former, eager construction, kept here as the reference).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ReferenceIndex } from '../../../../src/core/migrate/checks/flow/references';
import { programOf } from './programView';

/** Every identifier by the symbol it resolves to, resolving each one through the checker. */
function eagerReferences(index: ReferenceIndex, files: readonly ts.SourceFile[]): Map<ts.Symbol, ts.Identifier[]> {
  const bySymbol = new Map<ts.Symbol, ts.Identifier[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const s = index.symbolOf(node);
      if (s) bySymbol.set(s, [...(bySymbol.get(s) ?? []), node]);
    }
    ts.forEachChild(node, visit);
  };
  for (const sf of files) visit(sf);
  return bySymbol;
}

const where = (ids: readonly ts.Identifier[]) => ids.map((id) => `${id.getSourceFile().fileName}:${id.getStart()}:${id.text}`);

/** Compares lazy and eager answers for every symbol of `files`; returns how many symbols and references were compared. */
function compare(files: Record<string, string>): { symbols: number; references: number } {
  const program = programOf(files);
  const sources = Object.keys(files).map((f) => program.getSourceFile(f)!);
  const lazy = new ReferenceIndex(program.getTypeChecker(), sources);
  const eager = eagerReferences(new ReferenceIndex(program.getTypeChecker(), sources), sources);
  let references = 0;
  for (const [symbol, ids] of eager) {
    assert.deepEqual(where(lazy.references(symbol)), where(ids), `references of ${symbol.name}`);
    references += ids.length;
  }
  return { symbols: eager.size, references };
}

function sourcesUnder(dir: string, root = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) sourcesUnder(path, root, out);
    else if (/\.(c|m)?[jt]s$/.test(name) && !name.endsWith('.d.ts')) out[`/p/${relative(root, path)}`] = readFileSync(path, 'utf8');
  }
  return out;
}

describe('ReferenceIndex (lazy) equals resolving every identifier', () => {
  it('on every alias form: renamed imports and requires, re-exports, namespaces, defaults, shorthand', () => {
    const files = {
      '/p/lib.ts': [
        'export function put(item: object) { return item; }',
        'export default function defaultGet(key: string) { return key; }',
        'const local = 1; export { local as renamed };',
        'export class Store { save() { return put({}); } }',
      ].join('\n'),
      '/p/barrel.ts': "export { put as write, Store } from './lib';\nexport * as all from './lib';",
      '/p/use.ts': [
        "import get, { put as store, renamed } from './lib';",
        "import * as lib from './lib';",
        "import { write, all } from './barrel';",
        'const item = { renamed };',
        'store(item); lib.put(item); write({ item }); all.put(item); get(String(renamed));',
        'new lib.Store().save(); const { save } = new all.Store(); save();',
      ].join('\n'),
      '/p/cjs.js': [
        'function scan(x) { return x; }',
        'module.exports = { scan, query: scan };',
      ].join('\n'),
      '/p/cjsUse.js': [
        "const { scan: read, query } = require('./cjs');",
        "const whole = require('./cjs');",
        'read(1); query(2); whole.scan(3); whole.query(4);',
      ].join('\n'),
    };
    const { symbols, references } = compare(files);
    assert.ok(symbols >= 15, `symbols compared: ${symbols}`);
    assert.ok(references >= 50, `references compared: ${references}`);
  });

  it('on the migration fixtures (service, tsc project, differential patterns, before files)', () => {
    const root = join(__dirname, '..', '..', '..', 'fixtures', 'migrate');
    const sets = [
      sourcesUnder(join(root, 'service')),
      sourcesUnder(join(root, 'tsc-project')),
      sourcesUnder(join(root, 'differential')),
      Object.fromEntries(readdirSync(root).filter((n) => n.includes('.before.')).map((n) => [`/p/${n}`, readFileSync(join(root, n), 'utf8')])),
    ];
    let total = 0;
    for (const files of sets) total += compare(files).references;
    assert.ok(total > 1000, `references compared: ${total}`);
  });

  it('answers a symbol with references in one file from that file only, in position order', () => {
    const program = programOf({ '/p/a.ts': 'let n = 1;\nn = n + 1;\nexport const m = n;', '/p/b.ts': 'const n = 2; export { n };' });
    const a = program.getSourceFile('/p/a.ts')!;
    const index = new ReferenceIndex(program.getTypeChecker(), [a, program.getSourceFile('/p/b.ts')!]);
    const first = (a.statements[0] as ts.VariableStatement).declarationList.declarations[0].name;
    assert.deepEqual(index.references(index.symbolOf(first)!).map((id) => a.getLineAndCharacterOfPosition(id.getStart()).line + 1), [1, 2, 2, 3]);
  });
});
