/**
 * Go modules of the workspace: reading the `module` line of a `go.mod`, telling the user's
 * modules from copied dependencies, and matching `-trimpath` paths (`module/dir/file.go`,
 * `module@version/dir/file.go`) against them.
 */
import type { WorkspaceIndex } from './types';

/** One `go.mod` of the workspace: its folder relative to the root (`''` for the root) and its module path. */
export type GoModule = WorkspaceIndex['goModules'][number];

/**
 * The module path declared by a `go.mod` text (`module github.com/example/adserver`), or
 * `undefined` when there is no `module` directive. Accepts quoted (`"…"`, `` `…` ``) paths,
 * trailing `//` comments and the block form `module ( … )`, as the `go.mod` grammar does.
 */
export function parseGoModulePath(goModText: string): string | undefined {
  const lines = goModText.split(/\r?\n/).map((line) => line.replace(/\/\/.*$/, '').trim());
  for (let i = 0; i < lines.length; i++) {
    const match = /^module(\s+(.*)|\s*\(\s*)$/.exec(lines[i]!);
    if (!match) continue;
    let value = match[2]?.trim() ?? '';
    if (value === '' || value === '(') value = lines.slice(i + 1).find((line) => line !== '') ?? '';
    value = value.replace(/\)$/, '').trim().replace(/^(["`])(.*)\1$/, '$2');
    return value === '' || value === ')' ? undefined : value;
  }
  return undefined;
}

/**
 * True when a workspace module is a copy of someone else's module rather than the user's own:
 * it is not at the root, its folder ends with its own module path
 * (`offline/github.com/pkg/errors` declaring `module github.com/pkg/errors`, `third_party/…`),
 * that module path starts with a domain (has a dot in its first element, as every fetchable
 * module does), and the folder above is not a GOPATH `src` (where `src/github.com/acme/svc` is
 * the user's own code). Such folders hold `replace` targets and hand-vendored sources.
 */
export function isDependencyCopy(module: GoModule): boolean {
  const { dir, modulePath } = module;
  if (dir === '' || !modulePath.split('/', 1)[0]!.includes('.')) return false;
  if (!dir.endsWith(`/${modulePath}`)) return false;
  const above = dir.slice(0, dir.length - modulePath.length - 1);
  return above.split('/').pop() !== 'src';
}

/** A `-trimpath` path split into its workspace module and the rest. */
export interface GoModuleMatch {
  readonly module: GoModule;
  /** Path inside the module (`internal/x/y.go`). */
  readonly rest: string;
  /** The `@version` the path carried (`v1.2.3`), if any. */
  readonly version: string | undefined;
}

/**
 * Finds the workspace module a relative Go path belongs to: the longest module path `M` such
 * that the path is `M/rest` or `M@version/rest` (Go's `-trimpath` spelling, see `go help build`).
 * Returns `undefined` when no workspace module matches.
 */
export function matchGoModule(modules: readonly GoModule[], path: string): GoModuleMatch | undefined {
  let best: GoModuleMatch | undefined;
  for (const module of modules) {
    const prefix = module.modulePath;
    if (best && best.module.modulePath.length >= prefix.length) continue;
    if (!path.startsWith(prefix)) continue;
    const after = path.slice(prefix.length);
    if (after.startsWith('/')) {
      best = { module, rest: after.slice(1), version: undefined };
    } else if (after.startsWith('@')) {
      const slash = after.indexOf('/');
      if (slash > 1) best = { module, rest: after.slice(slash + 1), version: after.slice(1, slash) };
    }
  }
  return best;
}
