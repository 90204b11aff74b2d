/**
 * The editor's parsed sources, kept from one program of a project to the next (what a TypeScript
 * document registry does for a language service): after an edit, every file whose text, compiler
 * options and parse settings are unchanged comes back as the same `ts.SourceFile`, already bound,
 * so the new program parses and binds only the edited file and TypeScript reuses the old
 * program's structure (module resolutions included).
 */
import ts from 'typescript';
import type { SourceFileStore } from '../../core/migrate/program/compilerHost';

interface Kept {
  readonly text: string;
  readonly key: string;
  readonly sourceFile: ts.SourceFile;
}

function parseKey(settings: string, version: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  if (typeof version !== 'object') return `${settings}#${version}`;
  return `${settings}#${version.languageVersion}#${version.impliedNodeFormat ?? ''}#${version.jsDocParsingMode ?? ''}`;
}

/** A {@link SourceFileStore} with `retain(names)`: drops the files a program no longer holds. */
export class ProjectSourceFiles implements SourceFileStore {
  private readonly kept = new Map<string, Kept>();
  /** Files handed back unparsed / parsed, since the store was made (for tests and logs). */
  reused = 0;
  parsed = 0;

  sourceFile(fileName: string, text: string, settings: string, version: ts.ScriptTarget | ts.CreateSourceFileOptions, parse: () => ts.SourceFile): ts.SourceFile {
    const key = parseKey(settings, version);
    const old = this.kept.get(fileName);
    if (old && old.key === key && old.text === text) {
      this.reused++;
      return old.sourceFile;
    }
    const sourceFile = parse();
    this.parsed++;
    this.kept.set(fileName, { text, key, sourceFile });
    return sourceFile;
  }

  /** Keeps only `fileNames` (the files of the latest program). */
  retain(fileNames: Iterable<string>): void {
    const keep = new Set(fileNames);
    for (const name of this.kept.keys()) if (!keep.has(name)) this.kept.delete(name);
  }
}
