import ts from 'typescript';
import { calledFunction, type UserFunction } from './callTargets';
import { namingDeclaration } from './clientFlow';
import type { ReferenceIndex } from './referenceIndex';

/**
 * The calls of `fn` in the user's files: every `name(…)` / `x.name(…)` spelled like its name or an
 * import alias of it that `calledFunction` resolves to `fn`. Empty for an unnamed function
 * (a callback): its callers are not followed.
 */
export function callSitesOf(fn: UserFunction, checker: ts.TypeChecker, index: ReferenceIndex, userFiles: ReadonlySet<ts.SourceFile>): ts.CallExpression[] {
  const named = namingDeclaration(fn);
  if (!named) return [];
  const name = ts.isBinaryExpression(named) && ts.isPropertyAccessExpression(named.left) ? named.left.name : ts.getNameOfDeclaration(named as ts.Declaration);
  const texts = new Set<string>();
  if (name && ts.isIdentifier(name)) texts.add(name.text);
  for (const alias of index.aliasesOf(named)) texts.add(alias.text);
  const out: ts.CallExpression[] = [];
  for (const text of texts) {
    for (const id of index.named(text)) {
      const callee = ts.isPropertyAccessExpression(id.parent) && id.parent.name === id ? id.parent : id;
      const call = callee.parent;
      if (ts.isCallExpression(call) && call.expression === callee && calledFunction(call, checker, index, userFiles) === fn) out.push(call);
    }
  }
  return out;
}
