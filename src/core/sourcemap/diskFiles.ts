import { existsSync, readFileSync, statSync } from 'node:fs';
import { gitCommittedMs } from './gitCommitTimes';
import type { SourceMapFiles } from './sourceMapper';

/** Generated files and maps larger than this are not read (a bundle's map is rarely above 50 MB). */
const MAX_BYTES = 256 * 1024 * 1024;

/** {@link SourceMapFiles} on the local file system (synchronous: a few reads per generated file). */
export const diskFiles: SourceMapFiles = {
  readText(absolutePath: string): string | undefined {
    try {
      if (statSync(absolutePath).size > MAX_BYTES) return undefined;
      return readFileSync(absolutePath, 'utf8');
    } catch {
      return undefined;
    }
  },
  exists(absolutePath: string): boolean {
    return existsSync(absolutePath);
  },
  modifiedMs(absolutePath: string): number | undefined {
    try {
      return statSync(absolutePath).mtimeMs;
    } catch {
      return undefined;
    }
  },
  committedMs: gitCommittedMs,
};
