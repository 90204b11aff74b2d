/**
 * Clean-up of the profiles the fleet commands download into the extension's global storage
 * (Open Profile from Pyroscope…, Compare Around Deploy…). A fetched profile is removed only when
 * all of these hold: it is not one of the `keepLast` newest, it is older than `keepDays` days,
 * and it is not in use (loaded or compared in this window). Downloads a crashed window left
 * half-written (`*.pb.gz.partial-<pid>`) go once they are a day old. Nothing else in the folder
 * is touched. No `vscode` import: it runs on a plain folder in the unit tests.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** How many fetched profiles to keep, and for how long (days); 0 turns that rule off. */
export interface RetentionPolicy {
  readonly keepLast: number;
  readonly keepDays: number;
}

/** The defaults of `dynamoHotpath.pyroscope.keepProfiles` / `keepDays` (package.json). */
export const DEFAULT_RETENTION: RetentionPolicy = { keepLast: 10, keepDays: 7 };

/** A file in the storage folder: name, last modification (ms since the epoch), size in bytes. */
export interface StoredFile {
  readonly name: string;
  readonly mtimeMs: number;
  readonly bytes: number;
}

const DAY_MS = 86_400_000;
const PROFILE = /\.pb\.gz$/;
const PARTIAL = /\.pb\.gz\.partial-\d+$/;

/**
 * The files of `files` to remove under `policy` at `nowMs` (ms since the epoch); `inUse` holds
 * the names that must stay (the loaded and compared profiles). "Newest" is by mtime, which a
 * download sets; equal mtimes are ordered by name.
 */
export function filesToRemove(files: readonly StoredFile[], policy: RetentionPolicy, inUse: ReadonlySet<string>, nowMs: number): StoredFile[] {
  const profiles = files.filter((f) => PROFILE.test(f.name)).sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name));
  const expired = (f: StoredFile, days: number) => nowMs - f.mtimeMs > days * DAY_MS;
  const oldProfiles = profiles.slice(Math.max(0, policy.keepLast)).filter((f) => expired(f, Math.max(0, policy.keepDays)) && !inUse.has(f.name));
  const oldPartials = files.filter((f) => PARTIAL.test(f.name) && expired(f, 1));
  return [...oldProfiles, ...oldPartials];
}

/** What a clean-up did: the names removed, the bytes freed, the names that could not be removed and why. */
export interface CleanupResult {
  readonly removed: readonly string[];
  readonly freedBytes: number;
  readonly failed: readonly string[];
}

/**
 * Applies {@link filesToRemove} to the folder `dir`. `inUse` are paths (any of them outside `dir`
 * is ignored). A file that cannot be removed is reported in `failed`, never thrown; a folder that
 * does not exist holds nothing to remove.
 */
export async function cleanFetchedProfiles(dir: string, policy: RetentionPolicy, inUse: readonly string[], nowMs = Date.now()): Promise<CleanupResult> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  const files: StoredFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(dir, entry.name)).catch(() => undefined);
    if (info) files.push({ name: entry.name, mtimeMs: info.mtimeMs, bytes: info.size });
  }
  const root = resolve(dir);
  const keep = new Set(inUse.map((p) => resolve(p)).filter((p) => resolve(p, '..') === root).map((p) => p.slice(root.length + 1)));
  const removed: string[] = [];
  const failed: string[] = [];
  let freedBytes = 0;
  for (const f of filesToRemove(files, policy, keep, nowMs)) {
    try {
      await rm(join(dir, f.name));
      removed.push(f.name);
      freedBytes += f.bytes;
    } catch (e) {
      failed.push(`${f.name}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
  return { removed, freedBytes, failed };
}
