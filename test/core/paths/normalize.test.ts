import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { foldSegments, normalizeFsPath, normalizeProfilePath, percentDecode } from '../../../src/core/paths/normalize';
import { seededRandom } from '../../../src/core/seededRandom';

describe('normalizeProfilePath', () => {
  const cases: [string, { path: string; absolute: boolean; url: 'file' | 'other' | undefined; windows: boolean }][] = [
    ['/home/dev/adserver/internal/x.go', { path: '/home/dev/adserver/internal/x.go', absolute: true, url: undefined, windows: false }],
    ['file:///home/dev/node-adserver/dist/main.js', { path: '/home/dev/node-adserver/dist/main.js', absolute: true, url: 'file', windows: false }],
    ['file:///home/a%20b/x%2Bplus.js?v=3#top', { path: '/home/a b/x+plus.js', absolute: true, url: 'file', windows: false }],
    ['file://localhost/srv/app.js', { path: '/srv/app.js', absolute: true, url: 'file', windows: false }],
    ['file://server/share/app.js', { path: '//server/share/app.js', absolute: true, url: 'file', windows: true }],
    ['file:/opt/app.js', { path: '/opt/app.js', absolute: true, url: 'file', windows: false }],
    ['file:///C:/Users/dev/app.js', { path: 'C:/Users/dev/app.js', absolute: true, url: 'file', windows: true }],
    ['file:///c%3A/Users/dev/app.js', { path: 'C:/Users/dev/app.js', absolute: true, url: 'file', windows: true }],
    ['C:\\Users\\dev\\shop\\main.go', { path: 'C:/Users/dev/shop/main.go', absolute: true, url: undefined, windows: true }],
    ['c:/Users/dev/shop/main.go', { path: 'C:/Users/dev/shop/main.go', absolute: true, url: undefined, windows: true }],
    ['/C:/Users/dev/shop/main.go', { path: 'C:/Users/dev/shop/main.go', absolute: true, url: undefined, windows: true }],
    ['\\\\server\\share\\x.js', { path: '//server/share/x.js', absolute: true, url: undefined, windows: true }],
    ['/home//dev/./adserver/../adserver/x.go/', { path: '/home/dev/adserver/x.go', absolute: true, url: undefined, windows: false }],
    ['../lib/./x.js', { path: '../lib/x.js', absolute: false, url: undefined, windows: false }],
    ['github.com/example/adserver/internal/x.go', { path: 'github.com/example/adserver/internal/x.go', absolute: false, url: undefined, windows: false }],
    ['http://localhost:3000/static/js/main.js?x=1', { path: 'static/js/main.js', absolute: false, url: 'other', windows: false }],
    ['webpack:///./src/handler.ts', { path: 'src/handler.ts', absolute: false, url: 'other', windows: false }],
    ['node:internal/process/task_queues', { path: 'node:internal/process/task_queues', absolute: false, url: undefined, windows: false }],
    ['', { path: '', absolute: false, url: undefined, windows: false }],
    ['/a%20b/x.js', { path: '/a%20b/x.js', absolute: true, url: undefined, windows: false }],
  ];
  for (const [input, expected] of cases) {
    it(`normalizes ${JSON.stringify(input)}`, () => {
      assert.deepEqual(normalizeProfilePath(input), expected);
    });
  }
});

describe('normalizeFsPath and percentDecode', () => {
  it('normalizes roots', () => {
    assert.equal(normalizeFsPath('C:\\Users\\dev\\shop\\'), 'C:/Users/dev/shop');
    assert.equal(normalizeFsPath('/work/main/'), '/work/main');
    assert.equal(normalizeFsPath('/'), '/');
  });
  it('keeps malformed escapes', () => {
    assert.equal(percentDecode('/x/100%/a%zz.js'), '/x/100%/a%zz.js');
    assert.equal(percentDecode('/x/read%20me.js'), '/x/read me.js');
  });
});

describe('the canonical-path shortcut', () => {
  it('gives what folding the segments gives, for 20,000 random paths of awkward segments', () => {
    const random = seededRandom(29);
    const parts = ['', '.', '..', '...', 'a', 'b.go', '.git', 'x..y', 'C:', 'c:', 'z:x', '\\', 'a\\b', 'app@v1.2.3', '%41', ' '];
    let shortcut = 0;
    for (let i = 0; i < 20_000; i++) {
      const n = Math.floor(random() * 6);
      const segments = Array.from({ length: n }, () => parts[Math.floor(random() * parts.length)]!);
      const path = (random() < 0.5 ? '/' : '') + segments.join('/') + (random() < 0.1 ? '/' : '');
      const { path: folded, absolute, windows } = foldSegments(path);
      assert.deepEqual(normalizeProfilePath(path), { path: folded, absolute, windows, url: undefined }, JSON.stringify(path));
      if (folded === path) shortcut++;
    }
    assert.ok(shortcut > 2000, `paths already canonical: ${shortcut}`);
  });
});
