/**
 * The write step of `migrate --write` between the migration and {@link writeFileSet}: every
 * target taken at its real path and refused when that is outside the folder being migrated (a
 * link out of the project), each real file written once; then what the write did, in words.
 */
import { isInside, outsideReason, realPathOf } from '../core/migrate/linkedPaths';
import type { FileSetOutcome, PlannedWrite } from './fileSet';
import { shownPath } from './migrateReport';

/** Exit code of a write that failed (every file put back, or the message names those that are not). */
export const EXIT_WRITE_FAILED = 4;
/** Exit code after SIGINT/SIGTERM while writing, as shells report SIGINT. */
export const EXIT_INTERRUPTED = 130;

/**
 * The writes to make, at real paths inside their roots; `refused` has one line per other one;
 * `shown` maps a real path back to the path the migration named (for messages).
 */
export function checkedWrites(writes: readonly (PlannedWrite & { readonly root: string })[]): { writes: PlannedWrite[]; refused: string[]; shown: Map<string, string> } {
  const out: PlannedWrite[] = [];
  const refused: string[] = [];
  const shown = new Map<string, string>();
  const rootReals = new Map<string, string>();
  for (const w of writes) {
    const real = realPathOf(w.path);
    let rootReal = rootReals.get(w.root);
    if (rootReal === undefined) rootReals.set(w.root, (rootReal = realPathOf(w.root) ?? w.root));
    if (!real) refused.push(`${shownPath(w.path)}: not written: the file is gone or cannot be resolved`);
    else if (!isInside(real, rootReal)) refused.push(`${shownPath(w.path)}: not written: ${outsideReason(real, w.root)}`);
    else if (shown.has(real)) refused.push(`${shownPath(w.path)}: not written: it is the file ${shown.get(real)}, written once under that name`);
    else {
      shown.set(real, shownPath(w.path));
      out.push({ path: real, text: w.text });
    }
  }
  return { writes: out, refused, shown };
}

/** Prints what the write did; returns the exit code when it did not write the set, else undefined. */
export function reportWriteOutcome(outcome: FileSetOutcome, shown: ReadonlyMap<string, string>): number | undefined {
  const name = (path: string) => shown.get(path) ?? shownPath(path);
  if (outcome.kind === 'written') {
    for (const f of outcome.files) process.stderr.write(`changed: ${name(f)}\n`);
    return undefined;
  }
  const total = shown.size;
  const undone = outcome.restored.length === 0 ? 'nothing was written' : `the ${outcome.restored.length} file${outcome.restored.length === 1 ? '' : 's'} written ${outcome.restored.length === 1 ? 'was' : 'were'} restored`;
  const state = outcome.notRestored.length === 0 ? 'every file is as it was' : `these could not be put back: ${outcome.notRestored.join('; ')}`;
  if (outcome.kind === 'interrupted') {
    process.stderr.write(`interrupted (${outcome.signal}) while writing ${total} file${total === 1 ? '' : 's'}: ${undone}; ${state}\n`);
    return EXIT_INTERRUPTED;
  }
  process.stderr.write(`cannot write ${name(outcome.file)} (${outcome.error}) while writing ${total} file${total === 1 ? '' : 's'}: ${undone}; ${state}\n`);
  return EXIT_WRITE_FAILED;
}
