// A small throwaway workspace on disk for the synthetic path-mapping cases.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Relative path → content. */
export const shopFiles: Record<string, string> = {
  'go.mod': 'module example.com/shop\n\ngo 1.21\n',
  'main.go': 'package main\n',
  'cmd/api/main.go': 'package main\n',
  'cmd/worker/main.go': 'package main\n',
  'internal/orders/store.go': 'package orders\n',
  'internal/billing/store.go': 'package billing\n',
  'generated/extra.go': 'package generated\n',
  'util/strings.go': 'package util\n',
  'pkg/a/util/strings.go': 'package util\n',
  'pkg/b/util/strings.go': 'package util\n',
  'services/users/handler.go': 'package users\n',
  'tools/go.mod': 'module example.com/shop/tools\n',
  'tools/gen.go': 'package tools\n',
  'third_party/github.com/google/uuid/go.mod': 'module github.com/google/uuid\n',
  'third_party/github.com/google/uuid/uuid.go': 'package uuid\n',
  'my docs/read me.js': '',
  'docs/100%25.txt': '',
  'src/Handler.js': '',
  'dist/app.js': '',
  'node_modules/left-pad/index.js': '',
  'vendor/github.com/pkg/errors/errors.go': '',
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.cache/x.json': '{}',
};

/** Files {@link shopFiles} should index: everything outside node_modules, vendor and dot-folders, sorted. */
export const shopIndexedFiles = Object.keys(shopFiles)
  .filter((f) => !/^(node_modules|vendor|\.git|\.cache)\//.test(f))
  .concat(['linked.go'])
  .sort();

/** Creates the shop workspace (plus a file symlink and a folder symlink loop); returns its real path and a cleanup. */
export function createShopWorkspace(): { root: string; remove(): void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'hotpath-paths-')));
  for (const [relative, content] of Object.entries(shopFiles)) {
    mkdirSync(dirname(join(root, relative)), { recursive: true });
    writeFileSync(join(root, relative), content);
  }
  symlinkSync(join(root, 'main.go'), join(root, 'linked.go'));
  symlinkSync(root, join(root, 'loop'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Dependency modules copied into a workspace (as a vendoring or offline set-up does), added to a
 * copy of the Go sample by {@link createAdserverWithDependencyCopies}: go.mod-only stubs and a
 * module with sources; `internal/testify` shares the main module's `internal/` segment.
 */
export const dependencyCopies: Record<string, string> = {
  'offline/github.com/jmespath/go-jmespath/internal/testify/go.mod': 'module github.com/jmespath/go-jmespath/internal/testify\n',
  'offline/github.com/pkg/errors/go.mod': 'module github.com/pkg/errors\n',
  'offline/github.com/pkg/errors/errors.go': 'package errors\n',
  'offline/github.com/pkg/errors/stack.go': 'package errors\n',
  'offline/golang.org/x/mod/go.mod': 'module golang.org/x/mod\n',
};

/** Copies fixtures/go-adserver/src into a temporary folder and adds {@link dependencyCopies}; returns its real path and a cleanup. */
export function createAdserverWithDependencyCopies(): { root: string; remove(): void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'hotpath-adserver-')));
  cpSync(join(__dirname, '../../../fixtures/go-adserver/src'), root, { recursive: true });
  for (const [relative, content] of Object.entries(dependencyCopies)) {
    mkdirSync(dirname(join(root, relative)), { recursive: true });
    writeFileSync(join(root, relative), content);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
