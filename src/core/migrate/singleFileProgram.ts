import ts from 'typescript';

/** A parsed file with a type checker (of a one-file program or of a whole project). */
export interface SingleFile {
  sourceFile: ts.SourceFile;
  checker: ts.TypeChecker;
}

/** Script kind from the file name: `.ts`/`.mts`/`.cts` → TS, `.tsx` → TSX, `.jsx` → JSX, else JS. */
export function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.(c|m)?ts$/.test(fileName)) return ts.ScriptKind.TS;
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}
