/**
 * What a migration means for the project's package.json: aws-sdk can go once no source file loads
 * it (removed with `--remove-aws-sdk`), the v3 packages the migrated code imports must be listed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type ts from 'typescript';
import { filesLoadingAwsSdk } from '../core/migrate/program/awsSdkLeft';
import { sectionsListing, withoutDependency } from '../core/migrate/packageManifest';
import { shownPath } from './migrateReport';

/** The package.json step of one migrated project: lines for stderr, and the new package.json text when it changes. */
export interface ManifestStep {
  lines: string[];
  change?: { file: string; before: string; after: string };
}

const v3Import = /(?:from\s+|require\(\s*|import\(\s*)['"](@aws-sdk\/(?:client-dynamodb|lib-dynamodb|util-dynamodb))['"]/g;

/** The nearest package.json at or above `root`. */
function manifestOf(root: string): string | undefined {
  for (let d = root; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return join(d, 'package.json').replace(/\\/g, '/');
    if (dirname(d) === d) return undefined;
  }
}

/**
 * The package.json step for a project whose sources are `files` and whose migrated texts are
 * `texts`: says whether aws-sdk is still loaded (by which files) or can be removed — removing it
 * when `remove` is set — and names the v3 packages the migrated code imports that package.json
 * does not list. Nothing when the project has no package.json; nothing about aws-sdk when `root`
 * is not the package.json's folder (only part of the package was read).
 */
export function manifestStep(root: string, files: readonly ts.SourceFile[], texts: ReadonlyMap<string, string>, remove: boolean): ManifestStep {
  const path = manifestOf(root);
  if (!path) return { lines: remove ? [`--remove-aws-sdk: no package.json at or above ${shownPath(root)}`] : [] };
  const text = readFileSync(path, 'utf8');
  const shown = shownPath(path);
  const lines: string[] = [];
  let change: ManifestStep['change'];
  const imported = new Set([...texts.values()].flatMap((t) => [...t.matchAll(v3Import)].map((m) => m[1]!)));
  const missing = [...imported].sort().filter((pkg) => sectionsListing(text, pkg).length === 0);
  if (missing.length) lines.push(`${shown}: the migrated code imports ${missing.join(', ')}, which ${shown} does not list: npm install ${missing.join(' ')}`);
  const listed = sectionsListing(text, 'aws-sdk');
  if (listed.length === 0) return { lines };
  const left = filesLoadingAwsSdk(files, texts);
  if (left.length) {
    if (texts.size || remove) lines.push(`${shown}: aws-sdk stays: ${left.length} file${left.length === 1 ? '' : 's'} still load${left.length === 1 ? 's' : ''} it (${left.slice(0, 5).map((f) => shownPath(f)).join(', ')}${left.length > 5 ? ', …' : ''})`);
    return { lines };
  }
  // That aws-sdk can go is a claim about every file of the package: only a migration of the
  // package's own folder has read them all (a subfolder, or a Go package inside it, has not).
  const packageDir = dirname(path);
  if (packageDir !== root.replace(/\\/g, '/').replace(/\/$/, '')) {
    if (remove) lines.push(`--remove-aws-sdk: ${shownPath(root)} is not the whole package of ${shown}: migrate ${dirname(shown)} to check every file that may load aws-sdk`);
    return { lines };
  }
  const after = remove ? withoutDependency(text, 'aws-sdk') : undefined;
  if (after) {
    change = { file: path, before: text, after };
    lines.push(`${shown}: aws-sdk removed from ${listed.join(', ')}: no source file loads it any more (run npm install to update the lock file)`);
  } else if (remove) {
    lines.push(`${shown}: aws-sdk could not be removed from ${listed.join(', ')} without rewriting the file: remove it by hand (npm uninstall aws-sdk)`);
  } else {
    lines.push(`${shown}: no source file loads aws-sdk any more: remove it from ${listed.join(', ')} (npm uninstall aws-sdk, or run again with --remove-aws-sdk)`);
  }
  return { lines, change };
}
