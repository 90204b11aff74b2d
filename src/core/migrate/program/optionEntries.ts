import ts from 'typescript';

/** One option a v2 constructor receives: its key, how to read its value at the call, and the value's node when known. */
export interface OptionEntry {
  key: string;
  /** Source text that evaluates to the value where the options are passed (`'eu-west-1'`, `cfg.region`). */
  text: string;
  /** The value expression when it is written in the program (for nested options and `new AWS.Credentials(…)`). */
  node?: ts.Expression;
  /** Nested entries when the value is itself a known object (`httpOptions: { timeout }`). */
  nested?: OptionEntry[];
}

/** The options of a call, or why the tool cannot know them. */
export type OptionsRead = { entries: OptionEntry[] } | { why: string };

const short = (t: string) => (t.length > 40 ? `${t.slice(0, 37)}…` : t);

/**
 * Reads the options object a v2 client constructor receives: an object literal (spreads of
 * readable objects included); a `const`/never-reassigned variable initialised with one (values
 * read as `cfg.key`); a variable only ever given object literals (see `fromLiterals`); or a reference whose declared type is the user's own interface (its
 * properties read as `opts.key`). Anything else — a call result, aws-sdk's own option types, a
 * computed key — gives the reason the options cannot be known.
 */
export function readOptionEntries(arg: ts.Expression | undefined, checker: ts.TypeChecker): OptionsRead {
  if (!arg) return { entries: [] };
  return fromExpression(arg, undefined, checker, 0);
}

function fromExpression(e: ts.Expression, via: string | undefined, checker: ts.TypeChecker, depth: number): OptionsRead {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  if (depth > 4) return { why: 'its options are nested too deeply to follow' };
  if (ts.isObjectLiteralExpression(e)) return fromLiteral(e, via, checker, depth);
  // `new AWS.Config({ … })` as a client's options: its argument holds them.
  if (ts.isNewExpression(e) && /(^|\.)Config$/.test(e.expression.getText()) && e.arguments?.length === 1 && !via) {
    return fromExpression(e.arguments[0]!, undefined, checker, depth + 1);
  }
  const ref = e.getText();
  if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
    const symbol = checker.getSymbolAtLocation(ts.isIdentifier(e) ? e : e.name);
    const decl = symbol?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && isConstant(decl, checker)) {
      const init = decl.initializer;
      if (ts.isObjectLiteralExpression(init)) return fromLiteral(init, via ?? ref, checker, depth + 1);
    }
    const literals = decl && ts.isVariableDeclaration(decl) ? everyValueLiteral(decl, checker) : undefined;
    if (literals) return fromLiterals(literals, via ?? ref, checker, depth + 1);
    const type = checker.getTypeAtLocation(e);
    const declared = type.getSymbol()?.declarations?.[0];
    if (declared && !declared.getSourceFile().isDeclarationFile && (ts.isInterfaceDeclaration(declared) || ts.isTypeLiteralNode(declared))) {
      return { entries: checker.getPropertiesOfType(type).map((p) => ({ key: p.name, text: `${via ?? ref}.${p.name}` })) };
    }
    return { why: `its options come from ${short(ref)}, whose keys the tool cannot see` };
  }
  return { why: `its options (${short(ref)}) are computed: the tool cannot see their keys` };
}

function fromLiteral(lit: ts.ObjectLiteralExpression, via: string | undefined, checker: ts.TypeChecker, depth: number): OptionsRead {
  const entries: OptionEntry[] = [];
  for (const p of lit.properties) {
    if (ts.isSpreadAssignment(p)) {
      const spread = fromExpression(p.expression, undefined, checker, depth + 1);
      if ('why' in spread) return spread;
      entries.push(...spread.entries);
      continue;
    }
    const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    if (!key || !(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) {
      return { why: `its options have ${p.name ? `a computed or method member (${short(p.getText())})` : 'a member'} the tool cannot read` };
    }
    const node = ts.isPropertyAssignment(p) ? p.initializer : p.name;
    const text = via ? `${via}.${key}` : node.getText();
    const entry: OptionEntry = { key, text, node };
    if (ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(p.initializer)) {
      const inner = fromLiteral(p.initializer, via ? `${via}.${key}` : undefined, checker, depth + 1);
      if ('entries' in inner) entry.nested = inner.entries;
    }
    entries.push(entry);
  }
  // Later keys win, as in the object they build.
  const last = new Map(entries.map((en) => [en.key, en]));
  return { entries: [...last.values()] };
}

/**
 * `let o = {}; if (offline) o = { region: 'localhost', endpoint: '…' }` (serverless-offline's
 * idiom): every value the variable gets is an object literal, so its keys are known. The
 * literals, or undefined when any value is something else.
 */
function everyValueLiteral(decl: ts.VariableDeclaration, checker: ts.TypeChecker): ts.ObjectLiteralExpression[] | undefined {
  if (!decl.initializer || !ts.isObjectLiteralExpression(decl.initializer)) return undefined;
  const symbol = checker.getSymbolAtLocation(decl.name);
  const out = [decl.initializer];
  let other = false;
  const visit = (n: ts.Node): void => {
    if (other) return;
    if (ts.isBinaryExpression(n) && ts.isIdentifier(n.left) && checker.getSymbolAtLocation(n.left) === symbol && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      if (n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isObjectLiteralExpression(n.right)) out.push(n.right);
      else other = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(decl.getSourceFile());
  return other ? undefined : out;
}

/** v2 options whose absence and `undefined` mean the same to v3 (its config falls back with `??`). */
const optionalAsUndefined = new Set(['region', 'endpoint']);

/**
 * The options a variable holding one of several literals gives, read as `o.key`: a key every
 * literal has reads as it would from one; a key only some have must be one v3 takes as absent
 * when undefined (region, endpoint), else the options cannot be carried.
 */
function fromLiterals(literals: ts.ObjectLiteralExpression[], via: string, checker: ts.TypeChecker, depth: number): OptionsRead {
  const reads = literals.map((l) => fromLiteral(l, via, checker, depth));
  const failed = reads.find((r): r is { why: string } => 'why' in r);
  if (failed) return failed;
  const all = reads.map((r) => (r as { entries: OptionEntry[] }).entries);
  const keys = new Map<string, OptionEntry>();
  for (const entries of all) for (const e of entries) if (!keys.has(e.key)) keys.set(e.key, { key: e.key, text: e.text });
  for (const key of keys.keys()) {
    const everywhere = all.every((entries) => entries.some((e) => e.key === key));
    if (!everywhere && !optionalAsUndefined.has(key)) return { why: `its options come from ${short(via)}, which has ${key} in some assignments only: the tool cannot carry it` };
  }
  return { entries: [...keys.values()] };
}

/** A `const`, or a `let`/`var` never assigned after its declaration. */
function isConstant(decl: ts.VariableDeclaration, checker: ts.TypeChecker): boolean {
  if (decl.parent.flags & ts.NodeFlags.Const) return true;
  const symbol = checker.getSymbolAtLocation(decl.name);
  let assigned = false;
  const visit = (n: ts.Node): void => {
    if (assigned) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(n.left) && checker.getSymbolAtLocation(n.left) === symbol) assigned = true;
    ts.forEachChild(n, visit);
  };
  visit(decl.getSourceFile());
  return !assigned;
}

/** A client creation's options, with its bound `params` object when it has one. */
export interface CreationOptions {
  entries: OptionEntry[];
  bound?: ts.ObjectLiteralExpression;
}

/**
 * Reads the options of `new DocumentClient(o)` / `new AWS.DynamoDB(o)` (see
 * {@link readOptionEntries}); reports through `block` why they cannot be read, or why bound
 * `params` that are not an object literal cannot be carried (v3 has none; each call gets them).
 */
export function readCreationOptions(creation: ts.NewExpression, checker: ts.TypeChecker, block: (why: string) => void): CreationOptions | undefined {
  const read = (creation.arguments?.length ?? 0) > 1 ? { why: 'it is given more than one argument' } : readOptionEntries(creation.arguments?.[0], checker);
  if ('why' in read) {
    block(read.why);
    return undefined;
  }
  const params = read.entries.find((e) => e.key === 'params');
  const bound = params?.node && ts.isObjectLiteralExpression(params.node) ? params.node : undefined;
  if (params && !bound) block(`its bound params (${params.text}) are not an object literal: v3 has no bound params and the tool cannot write them into each call`);
  return { entries: read.entries, bound };
}
