import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDeclaration } from '../../../src/core/source/functionHeads';

const GO = [
  'package repo',
  '',
  'func (a *Adapter) Get(ctx context.Context) error {',
  '\treturn nil',
  '}',
  '',
  'func (c *Cache) Get(ctx context.Context) error {',
  '\treturn nil',
  '}',
  'func helper() {}',
].join('\n');

const TS = [
  'export class Repo {',
  '  async getUser(id: string): Promise<User> {',
  '    return this.doc.get({ Key: { id } }).promise();',
  '  }',
  '}',
  'const load = async (id: string) => fetch(id);',
  'function load2() {}',
  'function load2(x) {}',
  'export class ChainState extends Base {',
].join('\n');

describe('findDeclaration: a profiled function found in its source by name', () => {
  it('tells Go methods of the same name apart by receiver type', () => {
    assert.deepEqual(findDeclaration(GO, 'example.com/x/repo.(*Adapter).Get'), { line: 3 });
    assert.deepEqual(findDeclaration(GO, 'example.com/x/repo.(*Cache).Get.func1'), { line: 7 });
    assert.deepEqual(findDeclaration(GO, 'example.com/x/repo.helper'), { line: 10 });
  });

  it('finds TypeScript methods and arrow functions; two equal declarations are ambiguous, never guessed', () => {
    assert.deepEqual(findDeclaration(TS, 'Repo.getUser'), { line: 2 });
    assert.deepEqual(findDeclaration(TS, 'load'), { line: 6 });
    assert.deepEqual(findDeclaration(TS, 'load2'), { line: undefined, reason: 'ambiguous', candidates: [7, 8] });
    assert.deepEqual(findDeclaration(TS, 'missing'), { line: undefined, reason: 'not-found' });
    assert.deepEqual(findDeclaration(TS, '(anonymous)'), { line: undefined, reason: 'anonymous' });
    assert.deepEqual(findDeclaration(TS, '(anonymous:L#6:C#14)'), { line: 6 });
    assert.deepEqual(findDeclaration(TS, 'ChainState'), { line: 9 });
    assert.deepEqual(findDeclaration(TS, '(anonymous:L#60)'), { line: undefined, reason: 'not-found' });
  });

  it('finds methods and arrow functions whose parameter list continues below the head line (electrodb), not calls written the same way', () => {
    const js = [
      'class Entity {',
      '  _makeKey(',
      '    { prefix, isCustom } = {},',
      '    facets = [],',
      '  ) {',
      '    return this.applyBulkGetResponseFormatting({',
      '      resultsAll,',
      '    });',
      '  }',
      '  applyBulkGetResponseFormatting({',
      '    resultsAll,',
      '    orderMaintainer = ")(",',
      '  }): Result {',
      '  }',
      '  static normalizeAttributes(',
      '    attributes = {},',
      '  ) {}',
      '  get scan() {',
      '    return this.query.scan;',
      '  }',
      '}',
      'const toKeys = async (',
      '  item,',
      ') => item;',
      'toKeys(',
      '  1,',
      ');',
    ].join('\n');
    assert.deepEqual(findDeclaration(js, 'Entity._makeKey'), { line: 2 });
    assert.deepEqual(findDeclaration(js, 'applyBulkGetResponseFormatting'), { line: 10 }, 'the call on line 6 is not a head');
    assert.deepEqual(findDeclaration(js, 'normalizeAttributes'), { line: 15 });
    assert.deepEqual(findDeclaration(js, 'get scan'), { line: 18 });
    assert.deepEqual(findDeclaration(js, 'toKeys'), { line: 22 }, 'the call on line 25 is not a head');
    assert.deepEqual(findDeclaration(js, 'set scan'), { line: undefined, reason: 'not-found' });
  });
});
