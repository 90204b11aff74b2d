import type { FileTextEdit, ProgramFinding } from './api';
import type { ProgramMigration } from './result';

/** What the editor shows and offers for one file of a migrated program. */
export interface DocumentMigration {
  /** The file's findings (offsets into its text); a fix may edit other files too (a client's uses elsewhere). */
  findings: ProgramFinding[];
  /**
   * "Fix all in this file": the program's fix-all edits of this file and of every other file the
   * subjects migrated by them also edit (transitively), so no client is left half migrated.
   */
  fixAll: FileTextEdit[];
  /** Files `fixAll` edits besides this one (absolute, `/`-separated, sorted). */
  otherFiles: string[];
}

/**
 * The part of a whole-program migration that concerns `fileName` (absolute, `/`-separated):
 * its findings (each fix is the whole subject's, across files) and the fix-all edits that keep
 * every client it touches consistent in all its files. Pure.
 */
export function documentMigration(result: ProgramMigration, fileName: string): DocumentMigration {
  const findings = result.findings.filter((f) => f.fileName === fileName);
  const touched = new Set<string>([fileName]);
  for (const f of findings) for (const e of f.fix?.edits ?? []) touched.add(e.fileName);
  // A file's fix-all also migrates its other subjects: take every file those edit too, to a fixed point.
  const fixes = [...result.subjectFixes.values()].map((fix) => new Set(fix.edits.map((e) => e.fileName)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const files of fixes) {
      if (![...files].some((f) => touched.has(f))) continue;
      for (const f of files) {
        if (touched.has(f)) continue;
        touched.add(f);
        grew = true;
      }
    }
  }
  const files = [...touched].filter((f) => result.fixAll.has(f)).sort();
  const fixAll = files.flatMap((file) => (result.fixAll.get(file) ?? []).map((e) => ({ fileName: file, ...e })));
  return { findings, fixAll, otherFiles: files.filter((f) => f !== fileName) };
}
