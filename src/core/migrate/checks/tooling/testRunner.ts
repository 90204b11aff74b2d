import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MigrationView, ProgramFinding } from '../../program/api';
import { compareVersions } from '../../installedVersions';

/**
 * First jest that loads current v3 packages, which require `node:crypto`, `node:fs`, `node:stream`…
 * (@smithy/core, @smithy/node-http-handler, @aws-sdk/core 3.1169.0). Measured on Node 20.20 with
 * a suite that requires @aws-sdk/lib-dynamodb 3.1169.0: jest 26.6.3 fails ("ENOENT: no such file
 * or directory, open 'node:crypto'", also with a `^node:(.*)$` moduleNameMapper), 27.0.0 / 27.0.6 /
 * 27.1.0 load it. On Node versions whose `require` lacks `node:` jest needs 27.1.0 (jest CHANGELOG
 * 27.1.0, "[jest-resolver] Support `node:` prefix when importing Node core modules", #11331).
 */
export const MIN_JEST = '27.0.0';

/** Where a jest version was read, relative to the folder holding package.json. */
export interface FoundVersion {
  version: string;
  source: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function json(path: string): Record<string, unknown> | undefined {
  const text = read(path);
  try {
    return text === undefined ? undefined : JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The jest version a project runs: `node_modules/jest` (or `jest-cli`), else `package-lock.json`
 * (v2/v3 `packages`, v1 `dependencies`), `yarn.lock`, `pnpm-lock.yaml`, else the lowest version
 * of the package.json range. Undefined when the project does not use jest.
 */
export function jestVersionIn(dir: string): FoundVersion | undefined {
  for (const pkg of ['jest', 'jest-cli']) {
    const v = json(join(dir, 'node_modules', pkg, 'package.json'))?.version;
    if (typeof v === 'string') return { version: v, source: `node_modules/${pkg}/package.json` };
  }
  const lock = json(join(dir, 'package-lock.json')) as { packages?: Record<string, { version?: string }>; dependencies?: Record<string, { version?: string }> } | undefined;
  const locked = lock?.packages?.['node_modules/jest']?.version ?? lock?.dependencies?.jest?.version;
  if (locked) return { version: locked, source: 'package-lock.json' };
  const yarn = read(join(dir, 'yarn.lock'));
  const y = yarn && /^"?jest@[^\n]*:\n\s+version:? "?(\d+\.\d+\.\d+)/m.exec(yarn);
  if (y) return { version: y[1]!, source: 'yarn.lock' };
  const pnpm = read(join(dir, 'pnpm-lock.yaml'));
  const p = pnpm && (/^\s+\/?jest@(\d+\.\d+\.\d+)/m.exec(pnpm) ?? /^\s+jest:\n\s+specifier: [^\n]*\n\s+version: (\d+\.\d+\.\d+)/m.exec(pnpm));
  if (p) return { version: p[1]!, source: 'pnpm-lock.yaml' };
  const manifest = json(join(dir, 'package.json')) as Record<string, Record<string, string> | undefined> | undefined;
  const range = manifest?.devDependencies?.jest ?? manifest?.dependencies?.jest;
  const lowest = range && /(\d+\.\d+\.\d+)/.exec(range);
  return lowest ? { version: lowest[1]!, source: 'package.json range' } : undefined;
}

/** Offset of the `"jest"` (or `"jest-cli"`) key inside `dependencies`/`devDependencies`, -1 if none (not a script named jest). */
function dependencyKeyOffset(text: string): number {
  for (const section of text.matchAll(/"(dev)?[dD]ependencies"\s*:\s*\{[^}]*\}/g)) {
    const inner = section[0].search(/"jest(-cli)?"\s*:/);
    if (inner >= 0) return section.index! + inner;
  }
  return -1;
}

/**
 * Item 7, test runner: walks up from the project root to the package.json that uses jest and
 * reports (`v3-test-runner`, at package.json's `"jest"` entry) a jest older than {@link MIN_JEST},
 * naming the version and where it was read. A warning, not an error: the code is migrated (an error
 * means "not migrated", CLI exit 3); what changes is that the project's tests no longer load.
 * Nothing when no jest is found or the version is recent enough.
 */
export function checkTestRunner(view: MigrationView): ProgramFinding[] {
  if (!view.projectRoot || view.migratedFiles.size === 0) return [];
  for (let dir = view.projectRoot; ; dir = dirname(dir)) {
    const manifestPath = join(dir, 'package.json');
    const found = existsSync(manifestPath) ? jestVersionIn(dir) : undefined;
    if (found) {
      if (compareVersions(found.version, MIN_JEST) >= 0) return [];
      const text = read(manifestPath) ?? '';
      const at = dependencyKeyOffset(text);
      return [{
        fileName: manifestPath.replace(/\\/g, '/'),
        start: Math.max(at, 0),
        end: at >= 0 ? at + text.slice(at).indexOf(':') : 0,
        code: 'v3-test-runner',
        severity: 'warning',
        message: `jest ${found.version} (${found.source}) cannot load the v3 SDK: @aws-sdk/* and @smithy/* require node:-prefixed core modules (node:fs, node:stream…), which jest loads only from ${MIN_JEST} (27.1.0 on Node < 16; jest #11331): every suite importing migrated code fails to run ("Cannot find module 'node:crypto'" or "ENOENT: no such file or directory, open 'node:crypto'"; a moduleNameMapper for node: does not help). Upgrade jest (and ts-jest/babel-jest with it) to ≥ ${MIN_JEST}`,
      }];
    }
    if (dirname(dir) === dir) return [];
  }
}
