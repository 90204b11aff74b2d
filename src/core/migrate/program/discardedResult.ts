import ts from 'typescript';

/**
 * Is the value of `call` provably unused although it is not a statement? True for the expression
 * body of an arrow passed straight to a function of the same file that uses that parameter only
 * as a called statement (`const promisify = (foo) => new Promise((res, rej) => { foo(cb); })`,
 * then `promisify((cb) => doc.get(p, cb))`): the AWS.Request v2 returned there was dropped, so
 * v3 returning nothing changes nothing. Anything less certain (another file, a shadowing name,
 * the parameter stored or returned) is false.
 */
export function arrowResultDiscarded(call: ts.CallExpression): boolean {
  const arrow = call.parent;
  if (!ts.isArrowFunction(arrow) || arrow.body !== call) return false;
  const host = arrow.parent;
  if (!ts.isCallExpression(host) || !ts.isIdentifier(host.expression)) return false;
  const fn = localFunction(host.expression.text, arrow.getSourceFile());
  const param = fn?.parameters[host.arguments.indexOf(arrow)];
  if (!fn?.body || !param || !ts.isIdentifier(param.name) || param.dotDotDotToken) return false;
  return onlyCalledAsStatement(param.name.text, fn.body);
}

/** A top-level `function name(…)` or `const name = (…) => …` / `function (…)` of the file. */
function localFunction(name: string, sf: ts.SourceFile): ts.FunctionLikeDeclaration | undefined {
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name?.text === name) return st;
    if (ts.isVariableStatement(st) && st.declarationList.flags & ts.NodeFlags.Const) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) return d.initializer;
      }
    }
  }
  return undefined;
}

/** Every occurrence of `name` in `body` is `name(…);` (a call whose value is dropped). */
function onlyCalledAsStatement(name: string, body: ts.Node): boolean {
  let ok = true;
  const visit = (n: ts.Node): void => {
    if (!ok) return;
    if (ts.isIdentifier(n) && n.text === name) {
      const p = n.parent;
      ok = ts.isCallExpression(p) && p.expression === n && ts.isExpressionStatement(p.parent);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(body);
  return ok;
}
