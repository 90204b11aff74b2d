// The steps of a pattern program (its exported functions) and, for each, the lines where a finding
// names a difference: `return` statements for what it returns, the DynamoDB write calls (and the
// client's creation, for option notes) for what it stores, the stack for what it throws.
import ts from 'typescript';

export interface Step {
  name: string;
  /** 1-based first and last line of the function. */
  from: number;
  to: number;
  returnLines: Set<number>;
  writeLines: Set<number>;
  callLines: Set<number>;
}

const writes = new Set(['put', 'update', 'delete', 'batchWrite', 'transactWrite', 'putItem', 'updateItem', 'deleteItem', 'batchWriteItem', 'transactWriteItems', 'marshall', 'input']);
const calls = new Set([...writes, 'get', 'query', 'scan', 'batchGet', 'transactGet', 'getItem', 'batchGetItem', 'createSet', 'unmarshall', 'output']);

function span(sf: ts.SourceFile, n: ts.Node, into: Set<number>): void {
  const a = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const b = sf.getLineAndCharacterOfPosition(n.end).line + 1;
  for (let l = a; l <= b; l++) into.add(l);
}

/** Every `exports.name = <function>` of a CommonJS pattern program, with its line sets. */
export function stepsOf(fileName: string, text: string): Step[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: Step[] = [];
  for (const st of sf.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression)) continue;
    const { left, right } = st.expression;
    if (!ts.isPropertyAccessExpression(left) || !ts.isIdentifier(left.expression) || left.expression.text !== 'exports') continue;
    if (!ts.isArrowFunction(right) && !ts.isFunctionExpression(right)) continue;
    const step: Step = {
      name: left.name.text,
      from: sf.getLineAndCharacterOfPosition(st.getStart(sf)).line + 1,
      to: sf.getLineAndCharacterOfPosition(st.end).line + 1,
      returnLines: new Set(), writeLines: new Set(), callLines: new Set(),
    };
    if (ts.isArrowFunction(right) && !ts.isBlock(right.body)) span(sf, right.body, step.returnLines);
    const visit = (n: ts.Node): void => {
      if (ts.isReturnStatement(n)) span(sf, n, step.returnLines);
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const m = n.expression.name.text;
        if (writes.has(m)) span(sf, n, step.writeLines);
        if (calls.has(m)) span(sf, n, step.callLines);
      }
      ts.forEachChild(n, visit);
    };
    visit(right);
    out.push(step);
  }
  return out;
}

/** 1-based lines of `new …DocumentClient(…)` creations (where client option notes are reported). */
export function creationLines(text: string): Set<number> {
  const lines = new Set<number>();
  text.split('\n').forEach((l, i) => {
    if (/new [\w.]*DocumentClient\(/.test(l)) lines.add(i + 1);
  });
  return lines;
}
