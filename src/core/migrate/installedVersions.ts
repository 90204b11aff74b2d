import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MigrationEnvironment } from './types';

/**
 * First util-dynamodb release with `allowImpreciseNumbers` and a function-valued `wrapNumbers`
 * (both are emitted by the fixes): aws/aws-sdk-js-v3 PR #6644 (merged 2024-11-08), released in
 * 3.689.0 per the shared migration notes.
 */
export const MIN_UTIL_DYNAMODB = '3.689.0';

/** Compares dotted numeric versions (`3.996.9`); pre-release suffixes are ignored. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).slice(0, 3).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.+-]/).slice(0, 3).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < 3; i++) if (pa[i]! !== pb[i]!) return pa[i]! - pb[i]!;
  return 0;
}

/** The finding code of a {@link versionProblem}: the package is missing, or older than the fix needs. */
export function versionProblemCode(version: string | undefined): 'v3-not-installed' | 'v3-version-too-old' {
  return version ? 'v3-version-too-old' : 'v3-not-installed';
}

/**
 * Why the emitted options would not work with `version` of `pkg`, or undefined when they do.
 * Missing and older-than-{@link MIN_UTIL_DYNAMODB} versions both get a message.
 */
export function versionProblem(pkg: string, version: string | undefined): string | undefined {
  if (!version) return `${pkg} is not installed in this workspace: add ${pkg}@>=${MIN_UTIL_DYNAMODB}`;
  if (compareVersions(version, MIN_UTIL_DYNAMODB) < 0) {
    return `${pkg} ${version} is older than ${MIN_UTIL_DYNAMODB}, which the fix needs (allowImpreciseNumbers, function wrapNumbers): upgrade it`;
  }
  return undefined;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function lowestOfRange(range: unknown): string | undefined {
  if (typeof range !== 'string') return undefined;
  const m = /(\d+\.\d+\.\d+)/.exec(range);
  return m?.[1];
}

async function versionFrom(dir: string, pkg: string): Promise<string | undefined> {
  const installed = (await readJson(join(dir, 'node_modules', pkg, 'package.json'))) as { version?: string } | undefined;
  if (installed?.version) return installed.version;
  const lock = (await readJson(join(dir, 'package-lock.json'))) as { packages?: Record<string, { version?: string }> } | undefined;
  const locked = lock?.packages?.[`node_modules/${pkg}`]?.version;
  if (locked) return locked;
  const manifest = (await readJson(join(dir, 'package.json'))) as Record<string, Record<string, string> | undefined> | undefined;
  return lowestOfRange(manifest?.dependencies?.[pkg] ?? manifest?.devDependencies?.[pkg]);
}

/**
 * The installed `@aws-sdk/util-dynamodb` and `@aws-sdk/lib-dynamodb` versions for code in
 * directory `dir`: looks in `node_modules/<pkg>/package.json`, then `package-lock.json`, then the
 * lowest version named by the `package.json` range, walking up to the filesystem root.
 * Never throws; unreadable files count as absent.
 */
export async function readInstalledVersions(dir: string): Promise<MigrationEnvironment> {
  const env: MigrationEnvironment = {};
  for (let d = dir; ; d = dirname(d)) {
    env.utilDynamodbVersion ??= await versionFrom(d, '@aws-sdk/util-dynamodb');
    env.libDynamodbVersion ??= await versionFrom(d, '@aws-sdk/lib-dynamodb');
    if ((env.utilDynamodbVersion && env.libDynamodbVersion) || dirname(d) === d) break;
  }
  return env;
}
