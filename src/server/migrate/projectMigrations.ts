/**
 * The editor's whole-program migrations: one program per project (the nearest folder with a
 * package.json / tsconfig.json / jsconfig.json inside a workspace folder) over its files on disk
 * and the open documents' texts, built when a document asks and kept while nothing open changes.
 */
import { statSync } from 'node:fs';
import { projectRootOf } from './projectRoot';
import { ProjectSourceFiles } from './sourceFileStore';
import { migrationAnalyzers } from '../../core/migrate/program/analyzers';
import { migrateProgram } from '../../core/migrate/program/migrateProgram';
import { createMigrationProject, type MigrationProject } from '../../core/migrate/program/project';
import type { ProgramMigration } from '../../core/migrate/program/result';
import { listSourceFiles } from '../../core/migrate/program/sourceFiles';
import type { MigrationEnvironment } from '../../core/migrate/types';

/** A project's migration and the texts its offsets refer to. */
export interface ProjectMigration {
  root: string;
  result: ProgramMigration;
  /** The text the program holds for a file (open document or disk), undefined outside it. */
  textOf: (fileName: string) => string | undefined;
}

/** What the cache reads from the server. */
export interface ProjectSources {
  /** Workspace folder paths (absolute, `/`-separated); files outside them get no project. */
  folders: () => readonly string[];
  /** Open documents: absolute `/` path → version and text. */
  openDocuments: () => ReadonlyMap<string, { version: number; text: string }>;
  /** A project with more sources than this is not built (the editor falls back to one file at a time). */
  maxFiles?: number;
}

interface Entry {
  key: string;
  disk: string;
  checkedAt: number;
  project: MigrationProject;
  migration: ProjectMigration;
  sourceFiles: ProjectSourceFiles;
}

/** How long a cached program is trusted before the disk is looked at again (ms). */
const diskRecheckMs = 5000;

/** The sources under `root` with their modification times: changes when a file is added, removed or written. */
function diskSignature(files: readonly string[]): string {
  return files.map((f) => `${f}@${statSafe(f)}`).join('\n');
}

function statSafe(f: string): number {
  try {
    return statSync(f).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * A cache of whole-program migrations, one per project root (the last 4 used). `get(fileName,
 * env)` returns the migration of the file's project, rebuilt (reusing the previous program's
 * unchanged files: their parsed and bound sources, see `ProjectSourceFiles`) when an open document of the project changed or, looked at after 5 s, a
 * source on disk was added, removed or written; undefined when the file is
 * outside the workspace folders or its project exceeds `maxFiles` (default 2000) sources.
 * `peek` is `get` without building: the cached migration when it is current, else undefined.
 * `forget(root?)` drops cached programs (all when no root), e.g. after files change on disk.
 */
export function createProjectMigrations(sources: ProjectSources) {
  const cache = new Map<string, Entry>();
  const maxFiles = sources.maxFiles ?? 2000;
  const get = (fileName: string, env: MigrationEnvironment): ProjectMigration | undefined => {
    const root = projectRootOf(fileName, sources.folders());
    if (!root) return undefined;
    const open = [...sources.openDocuments()].filter(([f]) => f.startsWith(`${root}/`));
    const key = JSON.stringify([env, open.map(([f, d]) => [f, d.version])]);
    const cached = cache.get(root);
    const now = Date.now();
    if (cached?.key === key && now - cached.checkedAt < diskRecheckMs) return cached.migration;
    const listed = listSourceFiles(root);
    if (listed.files.length > maxFiles) return undefined;
    const disk = diskSignature(listed.files);
    if (cached?.key === key && cached.disk === disk) {
      cached.checkedAt = now;
      return cached.migration;
    }
    const overlay = new Map(open.map(([f, d]) => [f, d.text]));
    const sourceFiles = cached?.sourceFiles ?? new ProjectSourceFiles();
    const project = createMigrationProject({ root, files: listed.files, overlay, oldProgram: cached?.project.program, store: sourceFiles });
    sourceFiles.retain(project.program.getSourceFiles().map((sf) => sf.fileName));
    const result = migrateProgram(project, { env, analyzers: migrationAnalyzers });
    const migration: ProjectMigration = { root, result, textOf: (f) => project.program.getSourceFile(f)?.text };
    cache.delete(root);
    cache.set(root, { key, disk, checkedAt: now, project, migration, sourceFiles });
    if (cache.size > 4) cache.delete(cache.keys().next().value!);
    return migration;
  };
  /** The cached migration of the file's project when it is current (same open versions, disk unchanged); never builds. */
  const peek = (fileName: string, env: MigrationEnvironment): ProjectMigration | undefined => {
    const root = projectRootOf(fileName, sources.folders());
    const cached = root ? cache.get(root) : undefined;
    if (!root || !cached) return undefined;
    const open = [...sources.openDocuments()].filter(([f]) => f.startsWith(`${root}/`));
    if (cached.key !== JSON.stringify([env, open.map(([f, d]) => [f, d.version])])) return undefined;
    const now = Date.now();
    if (now - cached.checkedAt < diskRecheckMs) return cached.migration;
    if (cached.disk !== diskSignature(listSourceFiles(root).files)) return undefined;
    cached.checkedAt = now;
    return cached.migration;
  };
  const forget = (root?: string): void => {
    if (root) cache.delete(root);
    else cache.clear();
  };
  return { get, peek, forget, rootOf: (fileName: string) => projectRootOf(fileName, sources.folders()) };
}

/** The cache {@link createProjectMigrations} returns. */
export type ProjectMigrations = ReturnType<typeof createProjectMigrations>;
