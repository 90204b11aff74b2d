/**
 * The quick fix of a client built per request: move its declaration to module scope, before the
 * top-level statement that holds it. Offered only when that keeps behaviour apart from building
 * it once: the declaration is `const x = new …(…)` alone in its statement, its arguments name
 * only module-level bindings or globals (nothing of the request), and the name is free at module
 * scope and never assigned again.
 */
import ts from 'typescript';
import type { CheckQuickFix } from '../types';
import { outermostFunction } from './context';
import type { FileEdits } from './fixes';

function declaredNames(scope: ts.Node, into: Set<string>, skipFunctions: boolean): void {
  const visit = (n: ts.Node): void => {
    if (n !== scope && skipFunctions && (ts.isFunctionLike(n) || ts.isClassLike(n))) {
      if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name) into.add(n.name.text);
      return;
    }
    if ((ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isBindingElement(n)) && ts.isIdentifier(n.name)) into.add(n.name.text);
    if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name) into.add(n.name.text);
    if (ts.isImportClause(n) && n.name) into.add(n.name.text);
    if (ts.isImportSpecifier(n) || ts.isNamespaceImport(n) || ts.isImportEqualsDeclaration(n)) into.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(scope);
}

/** Identifiers `node` reads (not property names). */
function readNames(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n)) {
      const p = n.parent;
      const isPropertyName = (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n);
      if (!isPropertyName) out.push(n.text);
    }
    if (ts.isShorthandPropertyAssignment(n)) out.push(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** The move-to-module-scope fix for the client made by `made`, when it is safe; else undefined. */
export function hoistFix(edits: FileEdits, made: ts.Expression, title: string): CheckQuickFix | undefined {
  const sf = edits.sf;
  const declaration = made.parent;
  if (!ts.isVariableDeclaration(declaration) || declaration.initializer !== made || !ts.isIdentifier(declaration.name)) return undefined;
  const list = declaration.parent;
  const statement = list.parent;
  if (!ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !ts.isVariableStatement(statement) || !(list.flags & ts.NodeFlags.Const)) return undefined;
  const fn = outermostFunction(made);
  if (ts.isSourceFile(fn)) return undefined;
  const top = sf.statements.find((s) => s.pos <= statement.pos && statement.end <= s.end);
  if (!top) return undefined;
  const moduleNames = new Set<string>();
  declaredNames(sf, moduleNames, true);
  const localNames = new Set<string>();
  declaredNames(fn, localNames, false);
  if (moduleNames.has(declaration.name.text)) return undefined;
  for (const name of readNames(made)) if (localNames.has(name)) return undefined;
  const start = statement.getStart(sf);
  const lineStart = sf.text.lastIndexOf('\n', start - 1) + 1;
  const onItsLine = /^[ \t]*$/.test(sf.text.slice(lineStart, start));
  const after = sf.text.indexOf('\n', statement.getEnd());
  const removeFrom = onItsLine ? lineStart : start;
  const removeTo = onItsLine && after >= 0 && /^[ \t]*$/.test(sf.text.slice(statement.getEnd(), after)) ? after + 1 : statement.getEnd();
  // Before the top-level statement's leading comments (its JSDoc stays with it).
  const topStart = ts.getLeadingCommentRanges(sf.text, top.pos)?.[0]?.pos ?? top.getStart(sf);
  const text = statement.getText(sf);
  return { title, edits: [edits.edit(topStart, topStart, `${text}\n\n`), edits.edit(removeFrom, removeTo, '')] };
}
