import { applyEdits } from '../textEdits';
import { migrateProgram, type MigrateProgramOptions } from './migrateProgram';
import { createMigrationProject, type MigrationProject } from './project';
import type { ProgramMigration } from './result';

/** A project migrated to a fixed point: the first pass's result and the final texts. */
export interface FolderMigration {
  project: MigrationProject;
  /** The first pass: its findings and offsets refer to the files as they are on disk. */
  result: ProgramMigration;
  /** The migrated text of every file that changes (absolute path → text). */
  texts: Map<string, string>;
  passes: number;
}

/** What to migrate: a folder, optionally only some of its files. */
export interface FolderInput {
  root: string;
  /** Only these files may change (absolute paths); default: every source under `root`. */
  only?: readonly string[];
  /** The folder messages name files relative to (default: `root`). */
  displayRoot?: string;
  /** Files that may not change whatever `only` says, each with why (a link whose real path is outside the folder). */
  notWritable?: ReadonlyMap<string, string>;
}

const maxPasses = 3;

/**
 * Migrates a folder: one program over all its sources (see `createMigrationProject`), the
 * engine's fix-all applied in memory, and again over the migrated texts while fixes were
 * deferred (a Converter call inside a rewritten `eachPage` lands in the second pass), at most
 * three passes. Reads files; never writes them.
 */
export function migrateFolder(input: FolderInput, options: MigrateProgramOptions): FolderMigration {
  const only = input.only && new Set(input.only);
  const locked = input.notWritable?.size ? input.notWritable : undefined;
  const opts: MigrateProgramOptions =
    only || locked ? { ...options, scope: (f) => (!only || only.has(f)) && !locked?.has(f), ...(locked ? { outOfScopeWhy: (f: string) => locked.get(f) } : {}) } : options;
  const project = createMigrationProject({ root: input.root, displayRoot: input.displayRoot });
  const result = migrateProgram(project, opts);
  const texts = new Map<string, string>();
  const apply = (p: MigrationProject, r: ProgramMigration): void => {
    for (const [file, edits] of r.fixAll) texts.set(file, applyEdits(texts.get(file) ?? p.program.getSourceFile(file)!.text, edits));
  };
  apply(project, result);
  let passes = 1;
  for (let deferred = result.deferred, previous = project; deferred > 0 && passes < maxPasses; passes++) {
    const next = createMigrationProject({ root: input.root, displayRoot: input.displayRoot, overlay: texts, oldProgram: previous.program });
    const again = migrateProgram(next, opts);
    apply(next, again);
    deferred = again.deferred;
    previous = next;
  }
  for (const [file, text] of texts) if (text === project.program.getSourceFile(file)?.text) texts.delete(file);
  // A file whose only fix landed on a later pass is migrated too.
  for (const o of result.files) if (o.status === 'not migrated' && o.reasons.length === 0 && texts.has(o.fileName)) o.status = 'migrated';
  return { project, result, texts, passes };
}
