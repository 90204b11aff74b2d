import ts from 'typescript';

/** A parsed file with a type checker that resolves local bindings (imports stay unresolved). */
export interface SingleFile {
  sourceFile: ts.SourceFile;
  checker: ts.TypeChecker;
  program: ts.Program;
}

/** Script kind from the file name: `.ts`/`.mts`/`.cts` → TS, `.tsx` → TSX, `.jsx` → JSX, else JS. */
export function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.(c|m)?ts$/.test(fileName)) return ts.ScriptKind.TS;
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/**
 * Parses `text` and binds it in a one-file program (no lib, no module resolution), so
 * `checker.getSymbolAtLocation` follows variables, destructuring, `this.x` properties and import
 * aliases inside the file in a few milliseconds. Never throws on syntax errors (TS recovers).
 */
export function bindSingleFile(text: string, fileName: string): SingleFile {
  const name = fileName.replace(/\\/g, '/');
  const sourceFile = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, scriptKindOf(name));
  const options: ts.CompilerOptions = { noResolve: true, noLib: true, allowJs: true, checkJs: false, types: [] };
  const host: ts.CompilerHost = {
    getSourceFile: (f) => (f === name ? sourceFile : undefined),
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => f === name,
    readFile: (f) => (f === name ? text : undefined),
  };
  const program = ts.createProgram({ rootNames: [name], options, host });
  return { sourceFile, checker: program.getTypeChecker(), program };
}
