import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';

const files = ['main.go', 'cmd/api/main.go', 'internal/orders/store.go', 'internal/billing/store.go', 'src/Handler.js', 'dist/app.js'];
const index = createWorkspaceIndex('/repo', files, [{ dir: '', modulePath: 'example.com/repo' }]);
const resolver = createPathResolver(index, [{ from: '/ci/build', to: 'internal' }]);

const starts = fc.constantFrom('', '/', 'file://', 'file:///', '\\\\', 'C:\\', 'http://h/', 'example.com/repo/', '/ci/build/', '/repo/', 'file:///repo/');
const segment = fc.constantFrom('', '.', '..', 'internal', 'orders', 'store.go', 'main.go', 'cmd', 'api', 'node_modules', 'C:', 'c%3A', '%20', '%', 'x@v1.2.3', 'file:', 'repo', 'SRC', 'handler.js', '\\', 'runtime', 'orders/store.go');
const pathLike = fc
  .tuple(
    starts,
    fc.array(fc.tuple(segment, fc.constantFrom('/', '\\')), { maxLength: 8 }),
  )
  .map(([start, parts]) => start + parts.map(([name, separator]) => name + separator).join('').slice(0, -1));

const nearHit = fc
  .tuple(starts, fc.constantFrom('orders/store.go', 'main.go', 'api/main.go', 'store.go', 'SRC\\handler.js', 'internal/orders/store.go'))
  .map(([start, tail]) => start + tail);

describe('PathResolver.resolve on arbitrary input', () => {
  it('never throws and only ever names indexed files', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), pathLike, nearHit), (input) => {
        const result = resolver.resolve(input);
        seen.add(result.kind === 'resolved' ? result.by : result.reason);
        if (result.kind === 'resolved') {
          assert.ok(files.includes(result.relativePath), result.relativePath);
          assert.equal(result.absolutePath, `/repo/${result.relativePath}`);
        } else {
          assert.ok(['no-file', 'dependency', 'runtime', 'ambiguous', 'not-found'].includes(result.reason));
          if (result.reason === 'ambiguous') assert.ok(result.candidates!.length >= 2);
        }
      }),
      { numRuns: 3000, seed: 20261129 },
    );
    // The generator reaches most outcomes, so the property is not only checked on misses.
    for (const outcome of ['rule', 'exact', 'file-url', 'suffix', 'ambiguous', 'not-found', 'dependency', 'no-file']) {
      assert.ok(seen.has(outcome), `no input ended ${outcome}: ${[...seen].join(', ')}`);
    }
  });
});
