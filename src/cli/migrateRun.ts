/**
 * One `migrate` run collected, nothing printed and nothing written: the changed files (before and
 * after), every finding with its 1-based line and column, each file's outcome, the verify and Go
 * build notes, and the report lines in the order `migrate` prints them. The CLI prints or writes
 * it (migrateCommand.ts); `--json` and the agents' `preview_migration` tool serialise it
 * (migrateJson.ts).
 */
import { readFileSync } from 'node:fs';
import { readInstalledVersions } from '../core/migrate/installedVersions';
import { migrationAnalyzers } from '../core/migrate/program/analyzers';
import { migrateFolder } from '../core/migrate/program/migrateFolder';
import { verifyByDefault } from '../core/migrate/program/verifyByDefault';
import { listSourceFiles } from '../core/migrate/program/sourceFiles';
import { linksOutside } from '../core/migrate/linkedPaths';
import type { FileOutcome } from '../core/migrate/program/result';
import { migrateGoFiles, type GoMigrateOptions } from './migrateGo';
import { manifestStep } from './migrateManifest';
import { findingLine, lineCol, outcomeLine, shownPath } from './migrateReport';
import { migrateTargets, type MigrateTarget } from './migrateTargets';
import { typeCheck, type VerifyRecord } from './migrateVerify';

/** Whether the migrated code is type-checked (see `migrate --help`). */
export type VerifyMode = 'always' | 'never' | 'by default';

/** One finding, positions 1-based as editors count them (UTF-16 columns). */
export interface MigrationFindingRecord {
  /** Absolute, `/`-separated. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning' | 'information';
  readonly code: string;
  readonly message: string;
  /** The client family or Converter call it is about (JavaScript/TypeScript engine findings), see {@link SubjectRecord}. */
  readonly subjectId?: string;
}

/** What the JavaScript/TypeScript engine migrates as one (a client with all its uses, or a Converter call), and where its v2 calls are. */
export interface SubjectRecord {
  readonly id: string;
  readonly migrated: boolean;
  /** Its legacy calls, 1-based lines of absolute files. */
  readonly calls: readonly { readonly file: string; readonly line: number }[];
}

/** A file the migration rewrites: its text now and after. */
export interface FileChange {
  /** Absolute, `/`-separated. */
  readonly file: string;
  readonly before: string;
  readonly after: string;
}

/** A source file or package.json the migration rewrites, with the folder being migrated: `--write` changes it only when its real path is inside (migrateWrites.ts). */
export interface MigratedFile extends FileChange {
  readonly root: string;
}

export type { VerifyRecord } from './migrateVerify';

/** Everything one run found; see the module comment. */
export interface MigrationRun {
  readonly changes: MigratedFile[];
  readonly findings: MigrationFindingRecord[];
  readonly subjects: SubjectRecord[];
  /** Every JS/TS file that uses aws-sdk (or that the migration edits), and every Go file considered that uses a legacy package. */
  readonly outcomes: FileOutcome[];
  readonly verify: VerifyRecord[];
  /** Lines that are neither findings nor outcomes: project problems, verify and Go build results, next steps. */
  readonly notes: string[];
  /** The report as `migrate` prints it on stderr (findings, notes, outcomes), without the closing count. */
  readonly log: string[];
  /** go.mod as `--go-get` changed it (shown in the diff; written only through {@link moduleWrites}). */
  readonly goMod: FileChange[];
  /** go.mod and go.sum that `--go-get --write` worked out on a copy: written in the same set as {@link changes}, not counted as migrated files. */
  readonly moduleWrites: MigratedFile[];
  /** Files considered (JS/TS files that use aws-sdk, and Go files). */
  considered: number;
  /** Findings at error level: something is not migrated. */
  errors: number;
}

/** Options of {@link collectMigration}. */
export interface CollectOptions {
  readonly verify: VerifyMode;
  /** Stops the Go part (go list, go build) when aborted; the JS/TS part stops between projects. */
  readonly signal?: AbortSignal;
  /** Called as each project starts. */
  readonly onProject?: (root: string, index: number, count: number) => void;
  /** The folder messages name files relative to, when a project is inside it (default: the current folder). */
  readonly base?: string;
  /** The Go part's own options (`migrate --test`, `--go-get`, `--write`, its progress lines). */
  readonly go?: Omit<GoMigrateOptions, 'signal'>;
  /** Remove aws-sdk from package.json once no source file loads it (`--remove-aws-sdk`): a change like the others. */
  readonly removeAwsSdk?: boolean;
}

/** Messages name files as the finding lines do: relative to `base` (the current folder) when the project is inside it. */
function displayRootFor(root: string, base = process.cwd()): string {
  const folder = base.replace(/\\/g, '/');
  return root === folder || root.startsWith(`${folder}/`) ? folder : root;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Migrates `paths` (folders: whole projects; files: only them, in their project) in memory.
 * @throws CliUsageError naming a path that does not exist or is not a JS/TS/Go file
 * @throws Error with the signal's reason when aborted
 */
export function collectMigration(paths: readonly string[], options: CollectOptions): Promise<MigrationRun> {
  return collectTargets(migrateTargets(paths), options);
}

/** Migrates `targets` (see migrateTargets.ts) in memory. @throws Error with the signal's reason when aborted */
export async function collectTargets(targets: readonly MigrateTarget[], options: CollectOptions): Promise<MigrationRun> {
  const run: MigrationRun = { changes: [], findings: [], subjects: [], outcomes: [], verify: [], notes: [], log: [], goMod: [], moduleWrites: [], considered: 0, errors: 0 };
  const note = (line: string) => {
    run.notes.push(line);
    run.log.push(line);
  };
  for (const [index, target] of targets.entries()) {
    options.signal?.throwIfAborted();
    for (const line of target.skipped) note(line);
    if (target.scripts === 'none') continue;
    options.onProject?.(target.root, index, targets.length);
    const env = await readInstalledVersions(target.root);
    const only = target.scripts === 'all' ? undefined : target.scripts;
    const notWritable = linksOutside(listSourceFiles(target.root).files, target.root);
    for (const [file, why] of notWritable) note(`${shownPath(file, options.base)}: ${why}: it is not changed`);
    const displayRoot = displayRootFor(target.root, options.base);
    const folder = migrateFolder({ root: target.root, only, displayRoot, notWritable }, { env, analyzers: migrationAnalyzers });
    // Findings outside the program (package.json of a too-old jest) are placed in the file on disk.
    const textOf = (f: string) => folder.project.program.getSourceFile(f)?.text ?? readText(f);
    for (const p of folder.project.problems) note(p);
    const byDefault = options.verify === 'by default' && folder.texts.size ? verifyByDefault(target.root, folder.texts.keys()) : undefined;
    const checked = folder.texts.size && (options.verify === 'always' || byDefault?.check) ? typeCheck(target.root, folder.texts, displayRoot) : undefined;
    const findings = [...folder.result.findings, ...(checked?.findings ?? [])].sort((a, b) => (a.fileName === b.fileName ? a.start - b.start : a.fileName < b.fileName ? -1 : 1));
    const position = (file: string, offset: number) => lineCol(textOf(file), offset).split(':').map(Number) as [number, number];
    for (const f of findings) {
      const [line, column] = position(f.fileName, f.start);
      run.findings.push({ file: f.fileName, line, column, severity: f.severity, code: f.code, message: f.message, ...(f.subjectId ? { subjectId: f.subjectId } : {}) });
      run.log.push(findingLine(f, textOf));
    }
    for (const subject of folder.result.subjects) {
      const calls = folder.result.spots.filter((s) => s.subjectId === subject.id).map((s) => ({ file: s.fileName, line: position(s.fileName, s.start)[0] }));
      run.subjects.push({ id: subject.id, migrated: subject.migrated, calls });
    }
    run.errors += findings.filter((f) => f.severity === 'error').length;
    if (byDefault && !byDefault.check) note(`verify: not run (${byDefault.reason}; --verify type-checks it with checkJs)`);
    if (checked) {
      run.verify.push(...checked.records);
      for (const line of checked.summary) note(`verify: ${line}`);
    }
    const outcomes = folder.result.files.filter((o) => !only || only.includes(o.fileName));
    for (const o of outcomes) {
      run.outcomes.push(o);
      run.log.push(outcomeLine(o));
    }
    run.considered += outcomes.length;
    for (const [file, text] of [...folder.texts].sort(([a], [b]) => (a < b ? -1 : 1))) run.changes.push({ file, before: textOf(file), after: text, root: target.root });
    const manifest = manifestStep(target.root, folder.project.userFiles, folder.texts, options.removeAwsSdk === true);
    for (const line of manifest.lines) note(line);
    if (manifest.change) {
      run.considered++;
      run.changes.push({ ...manifest.change, root: target.root });
    }
  }
  const goFiles = targets.flatMap((t) => t.goFiles);
  if (goFiles.length) {
    options.signal?.throwIfAborted();
    options.onProject?.('Go', targets.length, targets.length + 1);
    const go = await migrateGoFiles(goFiles, { ...options.go, ...(options.signal ? { signal: options.signal } : {}) });
    const rootOf = new Map(targets.flatMap((t) => t.goFiles.map((f) => [f, t.root] as const)));
    run.changes.push(...go.changes.map((c) => ({ ...c, root: rootOf.get(c.file) ?? c.file })));
    run.findings.push(...go.findings);
    run.outcomes.push(...go.outcomes);
    run.log.push(...go.log);
    run.notes.push(...go.notes);
    run.goMod.push(...go.goMod);
    // go.mod may lie above the folders named: it is checked as itself (its real path), as main's set does.
    run.moduleWrites.push(...go.moduleWrites.map((c) => ({ ...c, root: c.file })));
    run.errors += go.errors;
    run.considered += goFiles.length;
  }
  return run;
}
