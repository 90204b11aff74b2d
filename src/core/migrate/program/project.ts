import ts from 'typescript';
import { readProjectOptions } from './compilerOptions';
import { createMigrationHost, wordsOf, type HostMode, type SourceFileStore, type TextOverlay } from './compilerHost';
import { skippedLine } from '../linkedPaths';
import { isScriptFile, listSourceFiles } from './sourceFiles';
import { typescriptLibFolder } from './typescriptLib';

/** One TypeScript program over a folder's JavaScript/TypeScript sources. */
export interface MigrationProject {
  /** The folder (absolute, `/`-separated). */
  root: string;
  /** The folder messages name files relative to (`db.js:3`); the root unless set. */
  displayRoot: string;
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The user's sources in the program (under `root`, no `.d.ts`, nothing under node_modules), sorted by name. */
  userFiles: ts.SourceFile[];
  /** The tsconfig.json / jsconfig.json used, if any. */
  configFile?: string;
  /** Problems met while loading (unreadable folders, config errors), one line each. */
  problems: string[];
}

/** How to build a {@link MigrationProject}. */
export interface ProjectInput {
  root: string;
  /** The source files; default: every source under `root` (see `listSourceFiles`). */
  files?: readonly string[];
  /** Texts that replace files on disk (editor buffers, migrated texts); may add files. */
  overlay?: TextOverlay;
  mode?: HostMode;
  /** A previous program of the same project: unchanged files are reused. */
  oldProgram?: ts.Program;
  /** The folder messages name files relative to (default: `root`). */
  displayRoot?: string;
  /** Compiler options to use as they are, instead of the project's tsconfig (see `readProjectOptions`). */
  compilerOptions?: ts.CompilerOptions;
  /** Parsed files kept across this project's programs (the editor's, see `SourceFileStore`). */
  store?: SourceFileStore;
}

const slash = (p: string) => p.replace(/\\/g, '/');

/**
 * Builds one program over the project: its tsconfig/jsconfig options (see `readProjectOptions`)
 * with JavaScript allowed, and as root files every source under `root` (tests and scripts too,
 * whether or not the config includes them), so a client is followed through every file that
 * can use it. Never throws for syntax or type errors (they stay in the program's diagnostics).
 */
export function createMigrationProject(input: ProjectInput): MigrationProject {
  const root = slash(input.root).replace(/\/$/, '');
  const { options, configFile, problems } = input.compilerOptions ? { options: input.compilerOptions, configFile: undefined, problems: [] } : readProjectOptions(root, input.mode);
  const listed = input.files ? { files: input.files.map(slash), unreadable: [], brokenLinks: [] } : listSourceFiles(root);
  const overlay = input.overlay ?? new Map<string, string>();
  const overlaid = [...overlay.keys()].filter((f) => f.startsWith(`${root}/`) && !f.includes('/node_modules/') && isScriptFile(f));
  const rootNames = [...new Set([...listed.files, ...overlaid])].sort();
  const readText = (f: string): string => overlay.get(f) ?? ts.sys.readFile(f) ?? '';
  const host = createMigrationHost(options, overlay, input.mode ?? 'analysis', wordsOf(rootNames.map(readText)), input.store);
  const program = ts.createProgram({ rootNames, options, host, oldProgram: input.oldProgram });
  const inProject = new Set(rootNames);
  const userFiles = program.getSourceFiles().filter((sf) => inProject.has(sf.fileName)).sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
  const displayRoot = input.displayRoot ? slash(input.displayRoot).replace(/\/$/, '') : root;
  const shown = (f: string) => (f.startsWith(`${displayRoot}/`) ? f.slice(displayRoot.length + 1) : f);
  return {
    root,
    displayRoot,
    program,
    checker: program.getTypeChecker(),
    userFiles,
    configFile,
    problems: [...problems, ...listed.unreadable.map((d) => `${d}: folder cannot be read`), ...listed.brokenLinks.map((l) => skippedLine(shown(l.path), l.why)), ...missingLib()],
  };
}

function missingLib(): string[] {
  if (typescriptLibFolder()) return [];
  return [`TypeScript's lib files (lib.d.ts) are missing beside ${ts.sys.getExecutingFilePath()}: Promise, Record and other built-in types are unknown to this analysis (reinstall dynamo-hotpath)`];
}
