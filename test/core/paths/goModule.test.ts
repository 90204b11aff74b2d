import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDependencyCopy, matchGoModule, parseGoModulePath } from '../../../src/core/paths/goModule';

const goAdserver = join(__dirname, '../../../fixtures/go-adserver/src');

describe('parseGoModulePath', () => {
  it('reads the fixture go.mod files', () => {
    assert.equal(parseGoModulePath(readFileSync(join(goAdserver, 'go.mod'), 'utf8')), 'github.com/example/adserver');
    assert.equal(parseGoModulePath(readFileSync(join(__dirname, '../../../test/fixtures/go-migrate/go.mod'), 'utf8')), 'example.com/migratecheck');
  });
  it('accepts quotes, comments, CRLF and the block form', () => {
    assert.equal(parseGoModulePath('// Deprecated: use v2\r\nmodule "example.com/a" // old\r\n'), 'example.com/a');
    assert.equal(parseGoModulePath('module `example.com/b`\n'), 'example.com/b');
    assert.equal(parseGoModulePath('module (\n\texample.com/c\n)\n'), 'example.com/c');
    assert.equal(parseGoModulePath('go 1.21\nrequire example.com/d v1.0.0\n'), undefined);
    assert.equal(parseGoModulePath('modulex example.com/e\n'), undefined);
  });
});

describe('isDependencyCopy', () => {
  it('tells copied dependencies from the user’s modules', () => {
    assert.equal(isDependencyCopy({ dir: 'offline/github.com/pkg/errors', modulePath: 'github.com/pkg/errors' }), true);
    assert.equal(isDependencyCopy({ dir: 'third_party/golang.org/x/term', modulePath: 'golang.org/x/term' }), true);
    assert.equal(isDependencyCopy({ dir: '', modulePath: 'github.com/example/adserver' }), false);
    assert.equal(isDependencyCopy({ dir: 'src/github.com/acme/svc', modulePath: 'github.com/acme/svc' }), false);
    assert.equal(isDependencyCopy({ dir: 'github.com/acme/svc', modulePath: 'github.com/acme/svc' }), false);
    assert.equal(isDependencyCopy({ dir: 'services/adserver', modulePath: 'adserver' }), false);
    assert.equal(isDependencyCopy({ dir: 'tools', modulePath: 'github.com/example/adserver/tools' }), false);
  });
});

describe('matchGoModule', () => {
  const modules = [
    { dir: '', modulePath: 'example.com/shop' },
    { dir: 'tools', modulePath: 'example.com/shop/tools' },
  ];
  it('takes the longest module path', () => {
    assert.deepEqual(matchGoModule(modules, 'example.com/shop/tools/gen/main.go'), {
      module: modules[1],
      rest: 'gen/main.go',
      version: undefined,
    });
    assert.deepEqual(matchGoModule(modules, 'example.com/shop/internal/x.go'), {
      module: modules[0],
      rest: 'internal/x.go',
      version: undefined,
    });
  });
  it('splits off an @version and needs a segment boundary', () => {
    assert.deepEqual(matchGoModule(modules, 'example.com/shop@v1.2.0/internal/x.go'), {
      module: modules[0],
      rest: 'internal/x.go',
      version: 'v1.2.0',
    });
    assert.equal(matchGoModule(modules, 'example.com/shopping/x.go'), undefined);
    assert.equal(matchGoModule(modules, 'example.com/other/x.go'), undefined);
  });
});
