import ts from 'typescript';
import type { ReferenceIndex } from '../flow/references';

/** How a function leaves its module, if it does. */
export interface ExportInfo {
  /** The name callers know it by (`getUser`, `UserRepository.find`, `default`, `handler`). */
  name: string;
  /** True for a Lambda entry point (`handler`): its result is serialised by the runtime. */
  lambda: boolean;
}

function hasModifier(n: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === kind);
}

/** `module.exports`, `module.exports.x`, `exports.x` (the assignment target of a CommonJS export). */
function isCommonJsExportTarget(e: ts.Expression): boolean {
  if (ts.isIdentifier(e)) return e.text === 'exports';
  if (!ts.isPropertyAccessExpression(e)) return false;
  const o = e.expression;
  if (ts.isIdentifier(o) && o.text === 'module' && e.name.text === 'exports') return true;
  return isCommonJsExportTarget(o);
}

/** The CommonJS export name when `n` is assigned to `exports.x` / `module.exports.x` / `module.exports`. */
function commonJsExportName(n: ts.Node): string | undefined {
  const p = n.parent;
  if (ts.isBinaryExpression(p) && p.right === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && isCommonJsExportTarget(p.left)) {
    return ts.isPropertyAccessExpression(p.left) && p.left.name.text !== 'exports' ? p.left.name.text : 'default';
  }
  if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isObjectLiteralExpression(p.parent)) {
    const owner = p.parent.parent;
    if (ts.isBinaryExpression(owner) && owner.right === p.parent && isCommonJsExportTarget(owner.left)) return p.name.getText();
  }
  return undefined;
}

function nameNodeOf(fn: ts.Node): ts.Node | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isClassDeclaration(fn)) && fn.name) return fn.name;
  const p = fn.parent;
  if (ts.isVariableDeclaration(p) && p.initializer === fn) return p.name;
  return undefined;
}

/** True when a reference to the function's name exports it (`export { f }`, `module.exports = { f }`). */
function exportedByReference(refs: ReferenceIndex, name: ts.Node): string | undefined {
  const s = refs.symbolOf(name);
  for (const ref of s ? refs.references(s) : []) {
    if (ts.isExportSpecifier(ref.parent)) return ref.parent.name.text;
    if (ts.isExportAssignment(ref.parent)) return 'default';
    const cjs = commonJsExportName(ref);
    if (cjs) return cjs;
  }
  return undefined;
}

function declarationExport(n: ts.Node, refs: ReferenceIndex): string | undefined {
  const name = nameNodeOf(n);
  const statement = ts.isVariableDeclaration(n.parent) ? n.parent.parent.parent : n;
  if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) return hasModifier(statement, ts.SyntaxKind.DefaultKeyword) ? 'default' : name?.getText();
  return commonJsExportName(n) ?? (name ? exportedByReference(refs, name) : undefined);
}

/**
 * How `fn` is visible outside its module: exported itself (ESM `export`, `export { f }`,
 * `export default`, CommonJS `exports.f =`, `module.exports = { f }`), or a non-private method of
 * an exported class. Undefined when the module keeps it to itself.
 */
export function exportOf(fn: ts.Node, refs: ReferenceIndex): ExportInfo | undefined {
  if (ts.isExportAssignment(fn)) return { name: 'default', lambda: false };
  if (ts.isMethodDeclaration(fn) && ts.isClassLike(fn.parent)) {
    if (hasModifier(fn, ts.SyntaxKind.PrivateKeyword) || ts.isPrivateIdentifier(fn.name)) return undefined;
    const cls = declarationExport(fn.parent, refs);
    return cls ? { name: `${cls}.${fn.name.getText()}`, lambda: false } : undefined;
  }
  const name = declarationExport(fn, refs);
  return name ? { name, lambda: name === 'handler' } : undefined;
}
