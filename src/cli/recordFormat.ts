/**
 * Which format `record` writes, decided before the program starts: the pprof format needs
 * @datadog/pprof (native binaries) where the program runs, so its absence is found out first —
 * not after the whole program has run. Asked for by name (`--format pprof`), a missing module is
 * an error before anything starts; by default, `record` falls back to Node's own `.cpuprofile`
 * (the same call-site labels inside) and says so.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { DATADOG_PPROF_VERSION } from '../record/pprofRecorder';
import type { RecordFormat } from '../record/recordEnv';
import { CliUsageError } from './usage';

/**
 * The folders the recorder loads @datadog/pprof from (`pprofRecorder.ts`): the program's — the
 * folder of each command argument that is a file, like `server.js` in `node server.js` — the
 * working directory, and the recorder's own folder.
 */
export function pprofSearchFolders(command: readonly string[], cwd: string, recorderDir: string): string[] {
  const files = command.slice(1).map((a) => resolve(cwd, a)).filter((p) => existsSync(p) && statSync(p).isFile());
  return [...new Set([...files.map(dirname), cwd, recorderDir])];
}

/** True when @datadog/pprof resolves from one of `folders` (resolved only, never loaded). */
export function datadogPprofFound(folders: readonly string[]): boolean {
  return folders.some((dir) => {
    try {
      createRequire(join(dir, 'noop.js')).resolve('@datadog/pprof');
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The format to record: `requested` (`--format`), else pprof when @datadog/pprof is found in
 * `folders`, else cpuprofile with a `note` saying why and how to get pprof.
 * @throws CliUsageError when pprof is requested by name and @datadog/pprof is not found.
 */
export function chooseRecordFormat(requested: RecordFormat | undefined, folders: readonly string[]): { format: RecordFormat; note?: string } {
  if (requested === 'cpuprofile') return { format: 'cpuprofile' };
  if (datadogPprofFound(folders)) return { format: 'pprof' };
  const install = `npm install --save-dev @datadog/pprof@${DATADOG_PPROF_VERSION}`;
  if (requested === 'pprof') throw new CliUsageError(`--format pprof needs @datadog/pprof where the program runs, and it is not installed in ${folders.join(', ')}: run \`${install}\` there, or record with --format cpuprofile (nothing was started)`);
  return { format: 'cpuprofile', note: `@datadog/pprof is not installed where the program runs (${folders[0]}): recording a .cpuprofile (Node's own profiler, the same call-site labels) instead. For the pprof format: ${install}` };
}
