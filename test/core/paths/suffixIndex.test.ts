import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSuffixIndex } from '../../../src/core/paths/suffixIndex';

const index = createSuffixIndex([
  'main.go',
  'cmd/api/main.go',
  'cmd/worker/main.go',
  'internal/orders/store.go',
  'internal/billing/store.go',
  'services/users/handler.go',
  'src/Handler.js',
]);

describe('createSuffixIndex', () => {
  it('picks the longest unique run of trailing segments', () => {
    assert.deepEqual(index.match('/ci/build/cmd/api/main.go', false), { kind: 'unique', file: 'cmd/api/main.go', matchedSegments: 3 });
    assert.deepEqual(index.match('/elsewhere/orders/store.go', false), { kind: 'unique', file: 'internal/orders/store.go', matchedSegments: 2 });
  });
  it('needs the parent folder when the profile names one, except for a file at the root', () => {
    assert.deepEqual(index.match('/elsewhere/other/store.go', false), { kind: 'none' });
    assert.deepEqual(index.match('/elsewhere/other/main.go', false), { kind: 'unique', file: 'main.go', matchedSegments: 1 });
  });
  it('accepts a bare file name only when it is unique', () => {
    assert.deepEqual(index.match('handler.go', false), { kind: 'unique', file: 'services/users/handler.go', matchedSegments: 1 });
    assert.deepEqual(index.match('store.go', false), {
      kind: 'ambiguous',
      files: ['internal/billing/store.go', 'internal/orders/store.go'],
      matchedSegments: 1,
    });
  });
  it('compares case-insensitively only when asked', () => {
    assert.deepEqual(index.match('C:/build/SRC/handler.js', false), { kind: 'none' });
    assert.deepEqual(index.match('C:/build/SRC/handler.js', true), { kind: 'unique', file: 'src/Handler.js', matchedSegments: 2 });
  });
});
