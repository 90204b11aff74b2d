import ts from 'typescript';
import type { V2Binding, V2Resolver } from './awsSdkBindings';
import type { SingleFile } from './singleFileProgram';
import { lineSpan, normalizeEdits } from './textEdits';
import type { TextEdit } from './types';

/** The v3 packages a fix may import from. */
export type V3Module = '@aws-sdk/util-dynamodb' | '@aws-sdk/lib-dynamodb' | '@aws-sdk/client-dynamodb';

/** A named export of a v3 package that a fix's code refers to. */
export interface V3Import {
  module: V3Module;
  name: string;
}

/** Resolves a v3 import to the local name the file uses for it (may be an alias). */
export type NameOf = (imp: V3Import) => string;

/** An edit whose text depends on the local names chosen for v3 imports. */
export interface PendingEdit {
  start: number;
  end: number;
  render: (nameOf: NameOf) => string;
}

/** What one fix changes in the file body, before imports are planned. */
export interface ChangeSet {
  edits: PendingEdit[];
  imports: V3Import[];
  /** aws-sdk is leaving the project: v2 imports that nothing refers to even before the edits go too. */
  dropIdleV2Imports?: boolean;
}

/** A fixed-text pending edit. */
export function literalEdit(start: number, end: number, text: string): PendingEdit {
  return { start, end, render: () => text };
}

interface Style {
  esm: boolean;
  quote: string;
  semi: string;
}

function detectStyle(file: SingleFile, resolver: V2Resolver): Style {
  const sf = file.sourceFile;
  const hasImport = sf.statements.some((s) => ts.isImportDeclaration(s) || ts.isImportEqualsDeclaration(s));
  const hasRequire = /\brequire\s*\(/.test(sf.text);
  const esm = hasImport || (!hasRequire && /\.(m?ts|tsx|mjs)$/.test(sf.fileName));
  const first = resolver.bindings[0];
  const sample = (first?.partOf ?? first?.node)?.getText(sf) ?? sf.statements[0]?.getText(sf) ?? '';
  const quote = /"/.test(sample) && !/'/.test(sample) ? '"' : "'";
  const semi = sample === '' || /;\s*$/.test(sample) ? ';' : '';
  return { esm, quote, semi };
}

interface ExistingImport {
  module: V3Module;
  locals: Map<string, string>;
  /** Offset after the last named element, where `, name` merges in. */
  mergeAt: number;
}

const v3Modules: ReadonlySet<string> = new Set(['@aws-sdk/util-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb']);

function existingV3Imports(sf: ts.SourceFile): ExistingImport[] {
  const out: ExistingImport[] = [];
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier) && v3Modules.has(stmt.moduleSpecifier.text)) {
      const nb = stmt.importClause?.namedBindings;
      if (!nb || !ts.isNamedImports(nb) || stmt.importClause?.isTypeOnly || nb.elements.length === 0) continue;
      const locals = new Map(nb.elements.map((e) => [(e.propertyName ?? e.name).text, e.name.text]));
      out.push({ module: stmt.moduleSpecifier.text as V3Module, locals, mergeAt: nb.elements[nb.elements.length - 1]!.end });
    } else if (ts.isVariableStatement(stmt) && stmt.declarationList.declarations.length === 1) {
      const d = stmt.declarationList.declarations[0]!;
      const init = d.initializer;
      if (
        init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' &&
        init.arguments[0] && ts.isStringLiteralLike(init.arguments[0]) && v3Modules.has(init.arguments[0].text) &&
        ts.isObjectBindingPattern(d.name) && d.name.elements.length > 0
      ) {
        const locals = new Map<string, string>();
        for (const el of d.name.elements) {
          const key = el.propertyName ?? el.name;
          if (ts.isIdentifier(key) && ts.isIdentifier(el.name)) locals.set(key.text, el.name.text);
        }
        out.push({ module: init.arguments[0].text as V3Module, locals, mergeAt: d.name.elements[d.name.elements.length - 1]!.end });
      }
    }
  }
  return out;
}

function declaredNames(sf: ts.SourceFile, skip: ReadonlySet<ts.Node>): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (skip.has(node)) return;
    const name = (node as { name?: ts.Node }).name;
    if (name && ts.isIdentifier(name) && (ts.isVariableDeclaration(node) || ts.isBindingElement(node) ||
      ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isParameter(node) ||
      ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node) ||
      ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node) ||
      ts.isImportEqualsDeclaration(node))) {
      names.add(name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

function within(pos: number, end: number, ranges: ReadonlyArray<{ start: number; end: number }>): boolean {
  return ranges.some((r) => r.start <= pos && end <= r.end && r.end > r.start);
}

/**
 * The aws-sdk bindings left without any reference once `consumed` ranges are rewritten, to a fixed
 * point (removing `const { Converter } = AWS.DynamoDB` frees `AWS`). A binding that had no
 * reference to begin with is left alone: its removal would not be the fix's doing.
 */
function unusedBindings(file: SingleFile, resolver: V2Resolver, consumed: Array<{ start: number; end: number }>, dropIdle: boolean): Set<V2Binding> {
  const sf = file.sourceFile;
  const refs = new Map<V2Binding, ts.Identifier[]>();
  const symbols = new Map<ts.Symbol, V2Binding>();
  for (const b of resolver.bindings) {
    refs.set(b, []);
    for (const n of b.names) {
      const s = resolver.symbolOf(n);
      if (s) symbols.set(s, b);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const s = resolver.symbolOf(node);
      const b = s && symbols.get(s);
      if (b && !b.names.includes(node)) refs.get(b)!.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const removed = new Set<V2Binding>();
  const ranges = [...consumed];
  for (let changed = true; changed;) {
    changed = false;
    for (const b of resolver.bindings) {
      if (removed.has(b)) continue;
      const all = refs.get(b)!;
      if (all.length === 0 && !dropIdle) continue;
      if (all.every((id) => within(id.getStart(sf), id.end, ranges))) {
        removed.add(b);
        ranges.push({ start: b.node.getStart(sf), end: b.node.end });
        changed = true;
      }
    }
  }
  return removed;
}

function removalEdits(text: string, sf: ts.SourceFile, removed: Set<V2Binding>): TextEdit[] {
  const edits: TextEdit[] = [];
  const partial = new Map<ts.ImportDeclaration, V2Binding[]>();
  for (const b of removed) {
    if (b.partOf) partial.set(b.partOf, [...(partial.get(b.partOf) ?? []), b]);
    else edits.push({ ...lineSpan(text, b.node.getStart(sf), b.node.end), newText: '' });
  }
  for (const [decl, parts] of partial) {
    const nb = decl.importClause!.namedBindings as ts.NamedImports;
    if (parts.length === nb.elements.length) {
      edits.push({ ...lineSpan(text, decl.getStart(sf), decl.end), newText: '' });
      continue;
    }
    for (const p of parts) {
      const i = nb.elements.indexOf(p.node as ts.ImportSpecifier);
      const el = nb.elements[i]!;
      const next = nb.elements[i + 1];
      if (next) edits.push({ start: el.getStart(sf), end: next.getStart(sf), newText: '' });
      else edits.push({ start: nb.elements[i - 1]!.end, end: el.end, newText: '' });
    }
  }
  return edits;
}

function insertionPoint(text: string, sf: ts.SourceFile, resolver: V2Resolver): number {
  const anchor = resolver.bindings.find((b) => !b.partOf && b.node.parent === sf)?.node
    ?? resolver.bindings.find((b) => b.partOf)?.partOf;
  if (anchor) return lineSpan(text, anchor.getStart(sf), anchor.end).start;
  const firstCode = sf.statements.find((s) => !(ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression)));
  return firstCode ? lineSpan(text, firstCode.getStart(sf), firstCode.end).start : text.length;
}

/**
 * Turns the change sets of one or more fixes into final text edits: chooses local names for the
 * v3 imports (reusing existing imports, aliasing `NameV3` on a clash), merges new names into an
 * existing v3 import or adds an import in the file's own style (ESM or `require`, its quotes and
 * semicolons), and removes aws-sdk v2 imports and aliases nothing refers to any more.
 * @throws Error when two fixes edit overlapping text (not expected from the detectors).
 */
export function renderChanges(file: SingleFile, resolver: V2Resolver, changes: readonly ChangeSet[]): TextEdit[] {
  const sf = file.sourceFile;
  const text = sf.text;
  const pending = changes.flatMap((c) => c.edits);
  const removed = unusedBindings(file, resolver, pending.map((e) => ({ start: e.start, end: e.end })), changes.some((c) => c.dropIdleV2Imports === true));
  const existing = existingV3Imports(sf);
  const taken = declaredNames(sf, new Set([...removed].flatMap((b) => [b.node, ...b.names])));
  const style = detectStyle(file, resolver);

  const chosen = new Map<string, string>();
  const toAdd = new Map<V3Module, string[]>();
  const nameOf: NameOf = (imp) => {
    const key = `${imp.module}#${imp.name}`;
    const known = chosen.get(key);
    if (known) return known;
    const local = existing.find((x) => x.module === imp.module)?.locals.get(imp.name);
    if (local) {
      chosen.set(key, local);
      return local;
    }
    let name = imp.name;
    if (taken.has(name)) name = `${imp.name}V3`;
    taken.add(name);
    chosen.set(key, name);
    toAdd.set(imp.module, [...(toAdd.get(imp.module) ?? []), name === imp.name ? name : `${imp.name}${style.esm ? ' as ' : ': '}${name}`]);
    return name;
  };
  for (const c of changes) for (const imp of c.imports) nameOf(imp);

  const edits: TextEdit[] = pending.map((e) => ({ start: e.start, end: e.end, newText: e.render(nameOf) }));
  edits.push(...removalEdits(text, sf, removed));
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const order: V3Module[] = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb'];
  let block = '';
  for (const module of order) {
    const names = toAdd.get(module);
    if (!names) continue;
    const merge = existing.find((x) => x.module === module);
    if (merge) {
      edits.push({ start: merge.mergeAt, end: merge.mergeAt, newText: names.map((n) => `, ${n}`).join('') });
    } else if (style.esm) {
      block += `import { ${names.join(', ')} } from ${style.quote}${module}${style.quote}${style.semi}${nl}`;
    } else {
      block += `const { ${names.join(', ')} } = require(${style.quote}${module}${style.quote})${style.semi}${nl}`;
    }
  }
  if (block) edits.push({ start: insertionPoint(text, sf, resolver), end: insertionPoint(text, sf, resolver), newText: block });
  return normalizeEdits(edits);
}
