/**
 * What names of one JavaScript/TypeScript file stand for, syntactically: the modules they are
 * imported or required from, and the SDK classes a `new X(…)` / `X.from(…)` makes. Name-based
 * within the file (a local that shadows an import is not followed): the checks want the AWS SDK
 * clients, HTTP agents and request handlers a file builds, not a type checker's certainty.
 */
import ts from 'typescript';

/** What a local name was bound to: a module and the export (`*` for the namespace, `default`). */
export interface ModuleBinding {
  readonly module: string;
  readonly exported: string;
}

/** The kinds of value the checks follow. */
export type Made =
  | 'v2-DynamoDB'
  | 'v2-DocumentClient'
  | 'v3-DynamoDBClient'
  | 'v3-DocumentClient'
  | 'https-Agent'
  | 'NodeHttpHandler'
  | 'BatchWriteCommand'
  | 'BatchGetCommand'
  | 'ConfiguredRetryStrategy';

/** `node:https` → `https`, `aws-sdk/clients/dynamodb.js` → `aws-sdk/clients/dynamodb`. */
function normalModule(spec: string): string {
  return spec.replace(/^node:/, '').replace(/(\/index)?\.js$/, '');
}

function requireOf(e: ts.Expression | undefined): string | undefined {
  if (e && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'require' && e.arguments.length === 1 && ts.isStringLiteralLike(e.arguments[0]!)) return normalModule(e.arguments[0].text);
  return undefined;
}

/** Every import and `require` binding of `sf`, by local name. */
export function moduleBindings(sf: ts.SourceFile): Map<string, ModuleBinding> {
  const out = new Map<string, ModuleBinding>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause) {
      const module = normalModule(node.moduleSpecifier.text);
      const c = node.importClause;
      if (c.name) out.set(c.name.text, { module, exported: 'default' });
      const nb = c.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) out.set(nb.name.text, { module, exported: '*' });
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) out.set(el.name.text, { module, exported: (el.propertyName ?? el.name).text });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.set(node.name.text, { module: normalModule(node.moduleReference.expression.text), exported: '*' });
    } else if (ts.isVariableDeclaration(node) && node.initializer) {
      let init = node.initializer;
      let member: string | undefined;
      if (ts.isPropertyAccessExpression(init) && requireOf(init.expression)) {
        member = init.name.text;
        init = init.expression;
      }
      const module = requireOf(init);
      if (module) {
        if (ts.isIdentifier(node.name)) out.set(node.name.text, { module, exported: member ?? '*' });
        else if (ts.isObjectBindingPattern(node.name) && !member) {
          for (const el of node.name.elements) {
            const prop = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : undefined;
            if (prop && ts.isIdentifier(el.name)) out.set(el.name.text, { module, exported: prop });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `AWS.DynamoDB.DocumentClient` → its root binding and the property names after it. */
function pathOf(e: ts.Expression, bindings: ReadonlyMap<string, ModuleBinding>): { binding: ModuleBinding; names: string[] } | undefined {
  const names: string[] = [];
  while (ts.isPropertyAccessExpression(e)) {
    names.unshift(e.name.text);
    e = e.expression;
  }
  if (ts.isParenthesizedExpression(e)) return pathOf(e.expression, bindings);
  const binding = ts.isIdentifier(e) ? bindings.get(e.text) : undefined;
  return binding ? { binding, names } : undefined;
}

const V3_CLIENT_MODULE = '@aws-sdk/client-dynamodb';
const V3_LIB_MODULE = '@aws-sdk/lib-dynamodb';
const HANDLER_MODULES = new Set(['@smithy/node-http-handler', '@aws-sdk/node-http-handler']);
const RETRY_MODULES = new Set(['@smithy/util-retry', '@aws-sdk/util-retry']);

/**
 * What the class named by `callee` makes (the callee of `new`, or the object of `.from` /
 * `.create`), as far as the checks care; undefined for anything else.
 */
export function madeBy(callee: ts.Expression, bindings: ReadonlyMap<string, ModuleBinding>): Made | undefined {
  const p = pathOf(callee, bindings);
  if (!p) return undefined;
  const { module, exported } = p.binding;
  // The export path from the module's namespace: `AWS.DynamoDB.DocumentClient` → ['DynamoDB', 'DocumentClient'].
  const path = [...(exported === '*' || exported === 'default' ? [] : [exported]), ...p.names];
  const is = (...names: string[]) => path.length === names.length && names.every((n, i) => path[i] === n);
  switch (module) {
    case 'aws-sdk':
      if (is('DynamoDB')) return 'v2-DynamoDB';
      if (is('DynamoDB', 'DocumentClient')) return 'v2-DocumentClient';
      return undefined;
    case 'aws-sdk/clients/dynamodb':
      if (is()) return 'v2-DynamoDB';
      if (is('DocumentClient')) return 'v2-DocumentClient';
      return undefined;
    case 'aws-sdk/lib/dynamodb/document_client':
      return is() ? 'v2-DocumentClient' : undefined;
    case V3_CLIENT_MODULE:
      if (is('DynamoDBClient') || is('DynamoDB')) return 'v3-DynamoDBClient';
      if (is('BatchWriteItemCommand')) return 'BatchWriteCommand';
      if (is('BatchGetItemCommand')) return 'BatchGetCommand';
      return undefined;
    case V3_LIB_MODULE:
      if (is('DynamoDBDocumentClient') || is('DynamoDBDocument')) return 'v3-DocumentClient';
      if (is('BatchWriteCommand')) return 'BatchWriteCommand';
      if (is('BatchGetCommand')) return 'BatchGetCommand';
      return undefined;
    case 'https':
    case 'http':
      return is('Agent') ? 'https-Agent' : undefined;
    default:
      if (HANDLER_MODULES.has(module) && is('NodeHttpHandler')) return 'NodeHttpHandler';
      if (RETRY_MODULES.has(module) && is('ConfiguredRetryStrategy')) return 'ConfiguredRetryStrategy';
      return undefined;
  }
}

/**
 * What `e` makes: `new X(…)`, or `X.from(…)` / `X.create(…)` (lib-dynamodb's document clients,
 * NodeHttpHandler.create). Undefined for other expressions.
 */
export function madeByExpression(e: ts.Expression, bindings: ReadonlyMap<string, ModuleBinding>): { made: Made; args: readonly ts.Expression[] } | undefined {
  if (ts.isNewExpression(e)) {
    const made = madeBy(e.expression, bindings);
    return made ? { made, args: e.arguments ?? [] } : undefined;
  }
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && (e.expression.name.text === 'from' || e.expression.name.text === 'create')) {
    const made = madeBy(e.expression.expression, bindings);
    return made === 'v3-DocumentClient' || made === 'NodeHttpHandler' ? { made, args: e.arguments } : undefined;
  }
  return undefined;
}

/** True when the file imports one of the AWS SDKs for JavaScript (v2 or v3's DynamoDB packages). */
export function importsDynamoSdk(bindings: ReadonlyMap<string, ModuleBinding>): boolean {
  for (const b of bindings.values()) if (b.module === 'aws-sdk' || b.module.startsWith('aws-sdk/') || b.module === V3_CLIENT_MODULE || b.module === V3_LIB_MODULE) return true;
  return false;
}

/** The property `name` of an object literal, if it is there as `name: value` (or shorthand). */
export function propertyOf(obj: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return obj.properties.find((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);
}

/** The value of property `name` (a shorthand's identifier), if present. */
export function propertyValue(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  const p = propertyOf(obj, name);
  if (!p) return undefined;
  return ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
}

/** The number a literal (or a negative literal) stands for, if it is one. */
export function numberValue(e: ts.Expression | undefined): number | undefined {
  if (!e) return undefined;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand)) return -Number(e.operand.text);
  if (ts.isParenthesizedExpression(e)) return numberValue(e.expression);
  return undefined;
}
