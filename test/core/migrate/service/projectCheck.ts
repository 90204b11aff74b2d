// Type-checking a project folder as `tsc -p` would, twice in a row cheaply: parsed source files are
// kept by path and text, so the second program (after a migration) binds only the files that changed.
import { dirname, join } from 'node:path';
import ts from 'typescript';

export const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

/** Parsed source files by path and text: a second program over mostly the same files binds only what changed. */
const parsed = new Map<string, ts.SourceFile>();

/** The program of `<dir>/tsconfig.json` (type-checkable as the project would be). */
export function projectProgram(dir: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } })!;
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language) => {
    const text = ts.sys.readFile(fileName);
    const key = `${fileName}\0${text}`;
    let sf = parsed.get(key);
    if (!sf && text !== undefined) {
      sf = read(fileName, language);
      if (sf) parsed.set(key, sf);
    }
    return sf;
  };
  return ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
}

/** `file:line TSnnnn` of every pre-emit diagnostic, relative to `dir`. */
export function typeErrors(program: ts.Program, dir: string): string[] {
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : 'global';
    return `${where} TS${d.code}`;
  });
}

export const fixtureDir = join(dirname(dirname(dirname(__dirname))), 'fixtures', 'migrate', 'service');
