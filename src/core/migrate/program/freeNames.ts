import ts from 'typescript';

/** One file compiled alone: the binder resolves every local declaration, nothing else. */
const alone: ts.CompilerOptions = { noLib: true, noResolve: true, allowJs: true, checkJs: false, noEmit: true, types: [] };

/** A value name a file reads without declaring it, at its first read (UTF-16 offset). */
export interface FreeName {
  name: string;
  start: number;
}

/** The value reads of a module: those nothing in it declares (`free`, first read each) and the names of those it declares (`bound`). */
function readsOf(fileName: string, text: string): { free: FreeName[]; bound: Set<string> } {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const host = ts.createCompilerHost(alone, true);
  host.getSourceFile = (f) => (f === fileName ? sf : undefined);
  host.fileExists = (f) => f === fileName;
  host.readFile = (f) => (f === fileName ? text : undefined);
  const checker = ts.createProgram({ rootNames: [fileName], options: alone, host }).getTypeChecker();
  const free = new Map<string, number>();
  const bound = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isIdentifier(node) && isValueRead(node)) {
      if (symbolRead(node, checker) !== undefined) bound.add(node.text);
      else if (!free.has(node.text)) free.set(node.text, node.getStart(sf));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { free: [...free].map(([name, start]) => ({ name, start })), bound };
}

/**
 * Names the module declared and read before the edits that it reads without declaring after them:
 * what a set of edits left undefined (an import removed while code still uses it). Globals the
 * edits start to use (`Number`, `Set`) are not. Empty when the edited module still defines
 * everything of its own that it reads.
 */
export function namesLeftUndefined(fileName: string, before: string, after: string): FreeName[] {
  const was = readsOf(fileName, before);
  const wasFree = new Set(was.free.map((f) => f.name));
  return readsOf(fileName, after).free.filter((f) => was.bound.has(f.name) && !wasFree.has(f.name));
}

/** The symbol a read denotes: for `{ x }`, the variable `x`, not the property. */
function symbolRead(id: ts.Identifier, checker: ts.TypeChecker): ts.Symbol | undefined {
  const p = id.parent;
  if (ts.isShorthandPropertyAssignment(p) && p.name === id) return checker.getShorthandAssignmentValueSymbol(p);
  if (ts.isExportSpecifier(p)) return checker.getExportSpecifierLocalTargetSymbol(p);
  return checker.getSymbolAtLocation(id);
}

function isValueRead(id: ts.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) && (p as { name?: ts.Node; right?: ts.Node }).name === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p) ||
    ts.isMethodSignature(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) || ts.isEnumMember(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if (ts.isImportSpecifier(p)) return false;
  if (ts.isExportSpecifier(p)) return !p.parent.parent.moduleSpecifier && (p.propertyName ?? p.name) === id;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return false;
  if (ts.isMetaProperty(p)) return false;
  if (ts.isJsxAttribute(p)) return false;
  if (ts.isJsxOpeningElement(p) || ts.isJsxSelfClosingElement(p) || ts.isJsxClosingElement(p)) return /^[A-Z]/.test(id.text);
  // Declaration names are not reads (the binder gives them a symbol anyway, except in a few spots).
  const named = (p as { name?: ts.Node }).name === id;
  if (named && (ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) ||
    ts.isClassDeclaration(p) || ts.isClassExpression(p) || ts.isBindingElement(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) ||
    ts.isImportSpecifier(p) || ts.isImportEqualsDeclaration(p) || ts.isEnumDeclaration(p) || ts.isModuleDeclaration(p) || ts.isTypeParameterDeclaration(p))) return false;
  return true;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.(c|m)?tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.(c|m)?ts$/.test(fileName)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}
