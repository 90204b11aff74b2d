/**
 * The packages of a Go module as the Go helper reads them, from `go list -test -deps -export`:
 * each package with its internal `_test.go` files (type-checked together, as go test compiles
 * them), its external `p_test` package on its own (importing the test variant of `p`), the
 * compiler export data of every dependency, and the import graph among the module's packages.
 */
import { resolve } from 'node:path';
import type { ListedPackage } from '../../go/goList';

/** One package for the helper: absolute files; `importOverrides` maps an import path to the export data to use for it. */
export interface HelperPackage {
  importPath: string;
  dir: string;
  files: string[];
  importOverrides?: Record<string, string>;
}

/** The module's packages, their dependencies' export data and their imports among themselves. */
export interface ModulePackages {
  packages: HelperPackage[];
  /** Import path → export data file, for every listed package that has one (test variants excluded). */
  exports: Record<string, string>;
  /** Package (an external test package as `p_test`) → the module packages it imports, its tests' imports included. */
  imports: Map<string, Set<string>>;
}

const isTestVariant = (p: ListedPackage) => p.ForTest !== undefined || p.ImportPath.includes(' ') || p.ImportPath.endsWith('.test');

/** Reads `go list` output (see the module comment). */
export function modulePackages(listed: readonly ListedPackage[]): ModulePackages {
  const own = listed.filter((p) => !p.DepOnly && !isTestVariant(p));
  const names = new Set(own.map((p) => p.ImportPath));
  const exports = Object.fromEntries(listed.filter((p) => p.Export && !isTestVariant(p)).map((p) => [p.ImportPath, p.Export!]));
  const testVariantExport = new Map(listed.filter((p) => p.ForTest && p.ImportPath === `${p.ForTest} [${p.ForTest}.test]` && p.Export).map((p) => [p.ForTest!, p.Export!]));
  const inModule = (paths: string[] | undefined) => new Set((paths ?? []).filter((i) => names.has(i)));
  const packages: HelperPackage[] = [];
  const imports = new Map<string, Set<string>>();
  for (const p of own) {
    const files = [...(p.GoFiles ?? []), ...(p.CgoFiles ?? []), ...(p.TestGoFiles ?? [])].map((f) => resolve(p.Dir, f));
    if (files.length) packages.push({ importPath: p.ImportPath, dir: p.Dir, files });
    imports.set(p.ImportPath, inModule([...(p.Imports ?? []), ...(p.TestImports ?? [])]));
    if (p.XTestGoFiles?.length) {
      const xtest = `${p.ImportPath}_test`;
      const variant = testVariantExport.get(p.ImportPath);
      packages.push({ importPath: xtest, dir: p.Dir, files: p.XTestGoFiles.map((f) => resolve(p.Dir, f)), importOverrides: variant ? { [p.ImportPath]: variant } : undefined });
      imports.set(xtest, new Set([...inModule(p.XTestImports), p.ImportPath]));
    }
  }
  return { packages, exports, imports };
}

/**
 * The groups of packages that move together: each group is the `touched` packages (ones the helper
 * changes or blocks) connected through imports among touched packages, in either direction (a
 * package passing guregu values to another must move with it), that holds a named package (its
 * external test package `p_test` counts as named with it). Sorted import paths, groups in order.
 */
export function packagesMovingTogether(touched: ReadonlySet<string>, named: ReadonlySet<string>, imports: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!touched.has(a) || !touched.has(b)) return;
    neighbours.set(a, (neighbours.get(a) ?? new Set()).add(b));
    neighbours.set(b, (neighbours.get(b) ?? new Set()).add(a));
  };
  for (const [from, tos] of imports) for (const to of tos) link(from, to);
  const groups: string[][] = [];
  const placed = new Set<string>();
  for (const start of [...touched].sort()) {
    if (placed.has(start) || !(named.has(start) || named.has(start.replace(/_test$/, '')))) continue;
    const group = new Set([start]);
    for (let queue = [start]; queue.length; ) {
      const next: string[] = [];
      for (const p of queue) for (const n of neighbours.get(p) ?? []) if (!group.has(n)) (group.add(n), next.push(n));
      queue = next;
    }
    for (const p of group) placed.add(p);
    groups.push([...group].sort());
  }
  return groups;
}
