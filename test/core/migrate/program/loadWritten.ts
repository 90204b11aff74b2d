// Loads every module a migration wrote, as Node would at start-up, with the real aws-sdk v2 and v3
// packages of this repository: a half-written file (a name whose import was removed) fails here.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { diskProject } from './diskProject';

/** Writes `files` (relative name → text) to a temp project and loads each script; returns `name: error` for those that fail. */
export async function loadFailures(files: Record<string, string>): Promise<string[]> {
  const root = diskProject(files);
  const failures: string[] = [];
  for (const name of Object.keys(files).filter((f) => /\.(c|m)?js$/.test(f)).sort()) {
    try {
      await import(pathToFileURL(join(root, name)).href);
    } catch (e) {
      failures.push(`${name}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    }
  }
  return failures;
}
