/**
 * Finds a program on PATH the way a shell would, minus the folders a workspace controls: only
 * absolute PATH entries are searched, so `.` or an empty entry (the current folder, often the
 * workspace) never supplies a `git` or `go` of its own.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * The first executable `name` (`name.exe` on Windows) in an absolute folder of `envPath` (a PATH
 * value; the process's by default), as an absolute path; undefined when there is none.
 */
export function findProgram(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  const file = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of envPath.split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, file);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
