/**
 * Which projects `migrate` works on: each folder argument is a project; each file argument
 * belongs to the project of its nearest folder with a package.json / tsconfig.json / jsconfig.json
 * and restricts the changes to the files named. Go files are listed apart (per-file migration).
 */
import { existsSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { brokenLink, isInside, outsideReason, realPathOf, skippedLine } from '../core/migrate/linkedPaths';
import { isSkippedSourceFolder } from '../core/migrate/program/sourceFiles';
import { isMigratable } from '../core/migrate/migrateSource';
import { shownPath } from './migrateReport';
import { CliUsageError } from './usage';

/** One project to migrate. */
export interface MigrateTarget {
  /** Absolute, `/`-separated. */
  root: string;
  /** The JS/TS files that may change: `all`, the files named, or none (Go files only). */
  scripts: 'all' | string[] | 'none';
  /** Go files to migrate one by one. */
  goFiles: string[];
  /** One line per link the Go walk did not follow (dangling, a loop, or outside `root`). */
  skipped: string[];
}

const slash = (p: string) => p.replace(/\\/g, '/');

/** The folder of the project holding `file`: the nearest with a package.json, tsconfig.json or jsconfig.json (else the file's own folder). */
export function projectRootOf(file: string): string {
  for (let d = dirname(file); ; d = dirname(d)) {
    if (['package.json', 'tsconfig.json', 'jsconfig.json'].some((n) => existsSync(join(d, n)))) return d;
    if (dirname(d) === d) return dirname(file);
  }
}

/**
 * The `.go` files under `dir`, for the target rooted at `root`. Links to folders are not followed
 * (the real folder is walked when it is inside the root; one outside is named in `skipped`), nor
 * links that lead nowhere; a linked `.go` file counts when its real path is inside the root.
 */
function goFilesUnder(dir: string, root: string, rootReal: string, out: string[], skipped: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const link = lstatSync(path);
    let s: Stats = link;
    if (link.isSymbolicLink()) {
      const maybeGo = name.endsWith('.go') || extname(name) === '';
      try {
        s = statSync(path);
      } catch (err) {
        const why = maybeGo ? brokenLink(path, err) : undefined;
        if (why) skipped.push(skippedLine(shownPath(path), why));
        continue;
      }
      const real = realPathOf(path)!;
      if (!isInside(real, rootReal)) {
        if (s.isDirectory() || name.endsWith('.go')) skipped.push(skippedLine(shownPath(path), outsideReason(real, root)));
        continue;
      }
      if (s.isDirectory()) continue;
    }
    if (s.isDirectory() && !isSkippedSourceFolder(name)) goFilesUnder(path, root, rootReal, out, skipped);
    else if (s.isFile() && name.endsWith('.go')) out.push(slash(path));
  }
}

/**
 * The targets of the path arguments, in argument order.
 * @throws CliUsageError naming a path that does not exist or is not a JS/TS/Go file.
 */
export function migrateTargets(paths: readonly string[]): MigrateTarget[] {
  const byRoot = new Map<string, MigrateTarget>();
  const target = (root: string): MigrateTarget => {
    let t = byRoot.get(root);
    if (!t) byRoot.set(root, (t = { root, scripts: 'none', goFiles: [], skipped: [] }));
    return t;
  };
  for (const p of paths) {
    const abs = resolve(p);
    const s = existsSync(abs) ? statSync(abs) : undefined;
    if (!s) throw new CliUsageError(`cannot read '${p}': no such file or directory`);
    if (s.isDirectory()) {
      const t = target(slash(abs));
      t.scripts = 'all';
      goFilesUnder(abs, abs, realPathOf(abs) ?? abs, t.goFiles, t.skipped);
      continue;
    }
    if (!isMigratable(abs)) throw new CliUsageError(`'${p}' is not a JavaScript, TypeScript or Go file`);
    if (abs.endsWith('.go')) {
      target(slash(dirname(abs))).goFiles.push(slash(abs));
      continue;
    }
    const t = target(slash(projectRootOf(abs)));
    if (t.scripts !== 'all') t.scripts = [...(t.scripts === 'none' ? [] : t.scripts), slash(abs)];
  }
  return [...byRoot.values()];
}
