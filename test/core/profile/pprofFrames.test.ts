import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { functionFile, functionName, lineNumber } from '../../../src/core/profile/pprofFrames';
import { chooseColumn, countColumn } from '../../../src/core/profile/pprofColumns';
import { detectFormat } from '../../../src/core/profile/detectFormat';

describe('pprof frame details (profile-formats.md §1.4, §5)', () => {
  it('names: Go as is, Pyroscope Node raw system_name, Python/Ruby prefix stripped, C++ demangled kept', () => {
    assert.equal(functionName('main.(*T).Run', 'main.(*T).Run', '/src/main.go'), 'main.(*T).Run');
    assert.equal(functionName('./build/index.js:bikeSearchHandler:26', 'bikeSearchHandler', './build/index.js'), 'bikeSearchHandler');
    assert.equal(functionName('lib/utility/utility.py:-1 - find_nearest_vehicle', '', 'lib/utility/utility.py'), 'find_nearest_vehicle');
    assert.equal(functionName('std::vector<int>::push_back', '_ZNSt6vectorIiE9push_backEv', 'vector.h'), 'std::vector<int>::push_back');
    assert.equal(functionName('', 'runtime.main', ''), 'runtime.main');
  });

  it('lines: packed (column << 32) | line keeps the line; line <= 0 falls back to start_line, else 0', () => {
    assert.equal(lineNumber(20 * 2 ** 32 + 7, 0), 7);
    assert.equal(lineNumber(42, 10), 42);
    assert.equal(lineNumber(0, 10), 10);
    assert.equal(lineNumber(-1, 0), 0);
  });

  it('files: file:// URLs (ESM producers) are decoded, other paths kept', () => {
    assert.equal(functionFile('file:///home/user/my%20app/work.mjs'), '/home/user/my app/work.mjs');
    assert.equal(functionFile('node:internal/timers'), 'node:internal/timers');
    assert.equal(functionFile('github.com/acme/svc/x.go'), 'github.com/acme/svc/x.go');
  });

  it('columns: default_sample_type, then cpu, then a time unit, then the last; samples/sample count column', () => {
    const go = [{ type: 'samples', unit: 'count' }, { type: 'cpu', unit: 'nanoseconds' }];
    const heap = [{ type: 'alloc_objects', unit: 'count' }, { type: 'alloc_space', unit: 'bytes' }, { type: 'inuse_space', unit: 'bytes' }];
    const wallOnly = [{ type: 'sample', unit: 'count' }, { type: 'wall', unit: 'microseconds' }];
    assert.equal(chooseColumn(go, '', undefined, 'f'), 1);
    assert.equal(chooseColumn(go, 'samples', undefined, 'f'), 0);
    assert.equal(chooseColumn(heap, '', undefined, 'f'), 2);
    assert.equal(chooseColumn(heap, 'alloc_space', undefined, 'f'), 1);
    assert.equal(chooseColumn(wallOnly, '', undefined, 'f'), 1);
    assert.equal(chooseColumn(go, '', 'samples/count', 'f'), 0);
    assert.equal(countColumn(go), 0);
    assert.equal(countColumn(wallOnly), 0);
    assert.equal(countColumn(heap), -1);
  });

  it('detectFormat sniffs content, not names', () => {
    assert.equal(detectFormat(Uint8Array.of(0x1f, 0x8b, 8, 0)), 'gzip');
    assert.equal(detectFormat(new TextEncoder().encode(' \n{"nodes":[]}')), 'json');
    assert.equal(detectFormat(new TextEncoder().encode('a;b 1\n')), 'text');
    assert.equal(detectFormat(Uint8Array.of(0x0a, 0x04, 0x08, 0x01, 0x10, 0x02)), 'pprof');
    assert.equal(detectFormat(new Uint8Array(0)), 'blank');
    assert.equal(detectFormat(Uint8Array.of(0xff, 0x00)), 'unknown');
  });
});
