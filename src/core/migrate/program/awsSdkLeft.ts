import ts from 'typescript';

const v2Module = /^aws-sdk(\/.*)?$/;

/**
 * Does a module load aws-sdk v2 (`import … from 'aws-sdk'`, `import 'aws-sdk/global'`,
 * `import x = require(…)`, `require('aws-sdk/clients/s3')`, `import('aws-sdk')`)? Type-only
 * imports count too: the package must stay installed for them.
 */
export function loadsAwsSdk(sf: ts.SourceFile): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteralLike(n.moduleSpecifier) && v2Module.test(n.moduleSpecifier.text)) found = true;
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference) && ts.isStringLiteralLike(n.moduleReference.expression) && v2Module.test(n.moduleReference.expression.text)) found = true;
    else if (ts.isCallExpression(n) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require')) && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]) && v2Module.test(n.arguments[0].text)) found = true;
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteralLike(n.argument.literal) && v2Module.test(n.argument.literal.text)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/**
 * The user files that still load aws-sdk v2 once `texts` (file → migrated text) replace them:
 * empty when the project no longer needs the package. `files` are the program's own sources.
 */
export function filesLoadingAwsSdk(files: readonly ts.SourceFile[], texts: ReadonlyMap<string, string>): string[] {
  return files
    .filter((sf) => {
      const text = texts.get(sf.fileName);
      return loadsAwsSdk(text === undefined ? sf : ts.createSourceFile(sf.fileName, text, ts.ScriptTarget.Latest, true));
    })
    .map((sf) => sf.fileName);
}
