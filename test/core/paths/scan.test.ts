import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createWorkspaceIndex, scanWorkspace } from '../../../src/core/paths/scan';
import { dependencyCopyFolders, isUserFile } from '../../../src/core/paths/workspaceIndex';
import { createAdserverWithDependencyCopies, createShopWorkspace, shopIndexedFiles } from './tempWorkspace';

const fixtures = join(__dirname, '../../../fixtures');

describe('scanWorkspace on the fixtures', () => {
  it('lists go-adserver with its main module and the dependency modules copied into it', async (t) => {
    const workspace = createAdserverWithDependencyCopies();
    t.after(() => workspace.remove());
    const index = await scanWorkspace(workspace.root);
    assert.equal(index.root, workspace.root);
    assert.equal(index.files.length, 23);
    assert.ok(index.files.includes('internal/repository/ddbv1/adapter.go'));
    assert.ok(index.files.includes('offline/github.com/pkg/errors/errors.go'));
    assert.deepEqual(index.goModules, [
      { dir: '', modulePath: 'github.com/example/adserver' },
      { dir: 'offline/github.com/jmespath/go-jmespath/internal/testify', modulePath: 'github.com/jmespath/go-jmespath/internal/testify' },
      { dir: 'offline/github.com/pkg/errors', modulePath: 'github.com/pkg/errors' },
      { dir: 'offline/golang.org/x/mod', modulePath: 'golang.org/x/mod' },
    ]);
    assert.equal(index.warnings, undefined);
    assert.deepEqual(dependencyCopyFolders(index), index.goModules.slice(1).map((m) => m.dir));
    assert.equal(isUserFile(index, 'internal/repository/ddbv1/adapter.go'), true);
    assert.equal(isUserFile(index, 'offline/github.com/pkg/errors/errors.go'), false);
    assert.equal(isUserFile(index, 'internal/nope.go'), false);
  });

  it('keeps dist/ of node-adserver (where Node profiles point)', async () => {
    const index = await scanWorkspace(join(fixtures, 'node-adserver/src'));
    assert.equal(index.files.length, 30);
    assert.ok(index.files.includes('dist/repository/v2-adapter.js'));
    assert.ok(index.files.includes('src/repository/v2-adapter.ts'));
    assert.deepEqual(index.goModules, []);
  });
});

describe('scanWorkspace on a temporary workspace', () => {
  let workspace: ReturnType<typeof createShopWorkspace>;
  before(() => {
    workspace = createShopWorkspace();
  });
  after(() => workspace.remove());

  it('skips node_modules, vendor and dot-folders, lists file symlinks, does not follow folder symlinks', async () => {
    const index = await scanWorkspace(workspace.root);
    assert.deepEqual(index.files, shopIndexedFiles);
    assert.deepEqual(index.goModules, [
      { dir: '', modulePath: 'example.com/shop' },
      { dir: 'third_party/github.com/google/uuid', modulePath: 'github.com/google/uuid' },
      { dir: 'tools', modulePath: 'example.com/shop/tools' },
    ]);
  });

  it('stops at maxFiles and says so', async () => {
    const index = await scanWorkspace(workspace.root, { maxFiles: 3 });
    assert.equal(index.files.length, 3);
    assert.deepEqual(index.warnings, [
      'Stopped listing the workspace at 3 files; profile paths to files not listed will not resolve.',
    ]);
  });

  it('rejects a missing root and a file as root with the path in the message', async () => {
    await assert.rejects(scanWorkspace(join(workspace.root, 'nope')), {
      message: `Workspace root "${join(workspace.root, 'nope')}" cannot be read: ENOENT.`,
    });
    await assert.rejects(scanWorkspace(join(workspace.root, 'main.go')), {
      message: `Workspace root "${join(workspace.root, 'main.go')}" is not a folder.`,
    });
  });
});

describe('createWorkspaceIndex', () => {
  it('normalizes a Windows root and file list, drops skipped folders and duplicates', () => {
    const index = createWorkspaceIndex(
      'C:\\Users\\dev\\shop\\',
      ['src\\b.ts', './src/a.ts', 'src/a.ts', 'node_modules\\x\\index.js', '.git/HEAD', 'vendor/y/z.go'],
      [{ dir: '', modulePath: 'example.com/shop' }],
    );
    assert.deepEqual(index, {
      root: 'C:/Users/dev/shop',
      files: ['src/a.ts', 'src/b.ts'],
      goModules: [{ dir: '', modulePath: 'example.com/shop' }],
    });
  });
  it('refuses a relative root', () => {
    assert.throws(() => createWorkspaceIndex('shop', []), { message: 'Workspace root "shop" is not an absolute path.' });
  });
});
