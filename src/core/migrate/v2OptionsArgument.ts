import ts from 'typescript';

/** The v2 option values a call passes, as source text (`'true'`, `'flag'`), or undefined if absent. */
export interface V2OptionTexts {
  convertEmptyValues?: string;
  wrapNumbers?: string;
  /** Properties other than the two above (e.g. `service`, `params`, `region`) for DocumentClient. */
  others: ts.ObjectLiteralElementLike[];
}

const simpleExpression = (e: ts.Expression): boolean =>
  ts.isIdentifier(e) || (ts.isPropertyAccessExpression(e) && simpleExpression(e.expression)) || e.kind === ts.SyntaxKind.ThisKeyword;

/**
 * Reads a v2 options argument. An object literal gives its property texts; a simple reference
 * `o` / `this.o` gives `o?.convertEmptyValues` and `o?.wrapNumbers`; anything else (spread,
 * call, computed key) returns undefined: the fix cannot know the values.
 */
export function readV2Options(arg: ts.Expression | undefined, sf: ts.SourceFile): V2OptionTexts | undefined {
  if (!arg) return { others: [] };
  if (ts.isObjectLiteralExpression(arg)) {
    const out: V2OptionTexts = { others: [] };
    for (const p of arg.properties) {
      const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
      if (key === 'convertEmptyValues' || key === 'wrapNumbers') {
        if (ts.isPropertyAssignment(p)) out[key] = p.initializer.getText(sf);
        else if (ts.isShorthandPropertyAssignment(p)) out[key] = p.name.text;
        else return undefined;
      } else if (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) {
        out.others.push(p);
      } else {
        return undefined;
      }
    }
    return out;
  }
  if (simpleExpression(arg)) {
    const t = arg.getText(sf);
    return { convertEmptyValues: `${t}?.convertEmptyValues`, wrapNumbers: `${t}?.wrapNumbers`, others: [] };
  }
  return undefined;
}

/** True for an identifier or a chain of property reads: safe to evaluate twice. */
export function isSimpleReference(e: ts.Expression): boolean {
  return simpleExpression(e);
}
