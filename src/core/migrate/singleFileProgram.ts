import type ts from 'typescript';

/** A parsed file with a type checker (of a one-file program or of a whole project). */
export interface SingleFile {
  sourceFile: ts.SourceFile;
  checker: ts.TypeChecker;
}
