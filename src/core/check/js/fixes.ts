/**
 * Text edits of the JavaScript/TypeScript quick fixes: a property set in an object literal, an
 * options argument added, an `https` import added in the file's own module style.
 */
import ts from 'typescript';
import type { CheckEdit } from '../types';
import { propertyOf, type ModuleBinding } from './bindings';

/** Edits of one file (absolute path), built against its source file. */
export class FileEdits {
  constructor(
    readonly file: string,
    readonly sf: ts.SourceFile,
  ) {}

  edit(start: number, end: number, newText: string): CheckEdit {
    return { file: this.file, start, end, newText };
  }

  replace(node: ts.Node, newText: string): CheckEdit {
    return this.edit(node.getStart(this.sf), node.getEnd(), newText);
  }

  /** Sets property `name` of `obj` to `value` (replacing its value, or adding it last). */
  setProperty(obj: ts.ObjectLiteralExpression, name: string, value: string): CheckEdit {
    const existing = propertyOf(obj, name);
    if (existing && ts.isPropertyAssignment(existing)) return this.replace(existing.initializer, value);
    if (existing) return this.replace(existing, `${name}: ${value}`);
    const last = obj.properties[obj.properties.length - 1];
    if (!last) return this.edit(obj.getStart(this.sf), obj.getEnd(), `{ ${name}: ${value} }`);
    return this.edit(last.getEnd(), last.getEnd(), `, ${name}: ${value}`);
  }

  /** Gives `call` (a `new` with no arguments) the options object `{ text }`. */
  addOptionsArgument(call: ts.NewExpression, objectText: string): CheckEdit {
    if (!call.arguments) return this.edit(call.getEnd(), call.getEnd(), `(${objectText})`);
    return this.edit(call.arguments.pos, call.arguments.end, objectText);
  }
}

/**
 * The name under which `https` is available in `sf`, and the edit importing it when it is not:
 * `import * as https from 'node:https';` in a module with imports, else
 * `const https = require('node:https');`, after the last import or require at the top.
 */
export function httpsImport(edits: FileEdits, bindings: ReadonlyMap<string, ModuleBinding>): { name: string; edit?: CheckEdit } {
  for (const [name, b] of bindings) if (b.module === 'https' && (b.exported === '*' || b.exported === 'default')) return { name };
  const taken = new Set<string>();
  const collect = (n: ts.Node): void => {
    if (ts.isIdentifier(n)) taken.add(n.text);
    ts.forEachChild(n, collect);
  };
  collect(edits.sf);
  const name = ['https', 'nodeHttps', 'httpsModule'].find((n) => !taken.has(n))!;
  const statements = edits.sf.statements;
  const esm = statements.some((s) => ts.isImportDeclaration(s));
  let after: ts.Statement | undefined;
  for (const s of statements) {
    const isImport = ts.isImportDeclaration(s) || ts.isImportEqualsDeclaration(s) || (ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => d.initializer && /\brequire\(/.test(d.initializer.getText(edits.sf))));
    if (isImport) after = s;
    else if (after || !ts.isExpressionStatement(s)) break; // 'use strict' may come first
  }
  const line = esm ? `import * as ${name} from 'node:https';` : `const ${name} = require('node:https');`;
  const at = after ? after.getEnd() : 0;
  return { name, edit: edits.edit(at, at, after ? `\n${line}` : `${line}\n`) };
}
