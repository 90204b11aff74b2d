import ts from 'typescript';
import type { V2Resolver } from './awsSdkBindings';
import { translateClientConfig } from './clientConfig';
import type { DetectedFix } from './converterFix';
import { literalEdit, type PendingEdit, type V3Import } from './editPlan';
import { emptySetMembersChange } from './checks/edges/emptySetMembers';
import { versionProblem } from './installedVersions';
import type { SingleFile } from './singleFileProgram';
import type { MigrationEnvironment, MigrationFinding } from './types';
import { readV2Options } from './v2OptionsArgument';
import { marshallEntries, renderObject, unmarshallEntries } from './v3Options';

const lib = '@aws-sdk/lib-dynamodb' as const;
/** The two v3 shapes: aggregated `DynamoDBDocument` methods, or `DynamoDBDocumentClient.send(new XCommand)`. */
interface Shape {
  doc: V3Import;
  client: V3Import;
  commands: boolean;
}
const aggregated: Shape = {
  doc: { module: lib, name: 'DynamoDBDocument' },
  client: { module: '@aws-sdk/client-dynamodb', name: 'DynamoDB' },
  commands: false,
};
const bareClient: Shape = {
  doc: { module: lib, name: 'DynamoDBDocumentClient' },
  client: { module: '@aws-sdk/client-dynamodb', name: 'DynamoDBClient' },
  commands: true,
};
const commandNames: Record<string, string> = {
  get: 'GetCommand', put: 'PutCommand', query: 'QueryCommand', scan: 'ScanCommand', update: 'UpdateCommand',
  delete: 'DeleteCommand', batchGet: 'BatchGetCommand', batchWrite: 'BatchWriteCommand',
  transactGet: 'TransactGetCommand', transactWrite: 'TransactWriteCommand',
};

/** True when the file already imports v3 commands or bare clients: the fix then emits commands too. */
function usesCommands(sf: ts.SourceFile): boolean {
  const v3 = /^@aws-sdk\/(lib|client)-dynamodb$/;
  const isCommandName = (n: string) => n.endsWith('Command') || n === 'DynamoDBDocumentClient' || n === 'DynamoDBClient';
  return sf.statements.some((st) => {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && v3.test(st.moduleSpecifier.text)) {
      const nb = st.importClause?.namedBindings;
      return !!nb && ts.isNamedImports(nb) && nb.elements.some((e) => isCommandName((e.propertyName ?? e.name).text));
    }
    if (ts.isVariableStatement(st)) {
      return st.declarationList.declarations.some((d) => {
        const init = d.initializer;
        return !!init && ts.isCallExpression(init) && init.arguments[0] !== undefined && ts.isStringLiteralLike(init.arguments[0]) &&
          v3.test(init.arguments[0].text) && ts.isObjectBindingPattern(d.name) &&
          d.name.elements.some((e) => ts.isIdentifier(e.propertyName ?? e.name) && isCommandName(((e.propertyName ?? e.name) as ts.Identifier).text));
      });
    }
    return false;
  });
}

/** DocumentClient methods whose v3 `DynamoDBDocument` twins take the same input. */
const dataMethods = new Set(['get', 'put', 'query', 'scan', 'update', 'delete', 'batchGet', 'batchWrite', 'transactGet', 'transactWrite']);
/** Methods whose input has a top-level `TableName` (a bound `params.TableName` applies to them). */
const tableMethods = new Set(['get', 'put', 'query', 'scan', 'update', 'delete']);
const paginators: Record<string, string> = { query: 'paginateQuery', scan: 'paginateScan' };

/** v2 `DocumentClient.<Type>` → v3 lib-dynamodb type. */
const typeNames: Record<string, string> = {
  GetItemInput: 'GetCommandInput', GetItemOutput: 'GetCommandOutput',
  PutItemInput: 'PutCommandInput', PutItemOutput: 'PutCommandOutput',
  QueryInput: 'QueryCommandInput', QueryOutput: 'QueryCommandOutput',
  ScanInput: 'ScanCommandInput', ScanOutput: 'ScanCommandOutput',
  UpdateItemInput: 'UpdateCommandInput', UpdateItemOutput: 'UpdateCommandOutput',
  DeleteItemInput: 'DeleteCommandInput', DeleteItemOutput: 'DeleteCommandOutput',
  BatchGetItemInput: 'BatchGetCommandInput', BatchGetItemOutput: 'BatchGetCommandOutput',
  BatchWriteItemInput: 'BatchWriteCommandInput', BatchWriteItemOutput: 'BatchWriteCommandOutput',
  TransactGetItemsInput: 'TransactGetCommandInput', TransactGetItemsOutput: 'TransactGetCommandOutput',
  TransactWriteItemsInput: 'TransactWriteCommandInput', TransactWriteItemsOutput: 'TransactWriteCommandOutput',
};

interface Work {
  shape: Shape;
  edits: PendingEdit[];
  imports: V3Import[];
  notes: MigrationFinding[];
  /** Inputs of data calls (scanned for values v2 and v3 write differently). */
  written: ts.Node[];
  /** Spots that get an information diagnostic carrying the same fix. */
  spots: Array<{ start: number; end: number; what: string }>;
}

/**
 * Finds `new DocumentClient(opts)` stored in a variable or property and builds one fix per client
 * that rewrites the creation and every use of it:
 * - creation → `DynamoDBDocument.from(new DynamoDB(config), { marshallOptions, unmarshallOptions })`
 *   with the options of {@link marshallEntries}/{@link unmarshallEntries} and the service config
 *   translated by `translateClientConfig` (from `service: x` when `x` is a `new AWS.DynamoDB({…})`
 *   of the same file);
 * - `.promise()` removed, callbacks kept (DynamoDBDocument methods accept them);
 * - `createSet(x)` → `new Set(x)`; a bound `params` is inlined into each call that lacks it;
 * - `.query/.scan(p).eachPage(cb)` statements → a `for await` over `paginateQuery/paginateScan`;
 * - type names `DocumentClient` / `DocumentClient.QueryInput` → `DynamoDBDocument` / `QueryCommandInput`.
 * What the fix cannot keep identical is reported as warning notes at the spot.
 */
export function detectDocumentClients(file: SingleFile, resolver: V2Resolver, env: MigrationEnvironment): DetectedFix[] {
  const sf = file.sourceFile;
  const shape = usesCommands(sf) ? bareClient : aggregated;
  const typeEdits = typeReferenceEdits(sf, resolver, shape);
  const out: DetectedFix[] = [];
  for (const { creation } of resolver.creations()) {
    const start = creation.getStart(sf);
    const finding: MigrationFinding = {
      code: 'v2-document-client',
      start,
      end: creation.end,
      severity: 'information',
      message: 'aws-sdk v2 DocumentClient: DynamoDBDocument from @aws-sdk/lib-dynamodb with v2-equivalent marshall/unmarshall options writes and reads the same items',
    };
    const work: Work = { shape, edits: [...typeEdits.edits], imports: [shape.doc, shape.client, ...typeEdits.imports], notes: [], written: [], spots: [] };
    const note = (s: number, e: number, code: MigrationFinding['code'], message: string): void => {
      work.notes.push({ code, start: s, end: e, severity: 'warning', message });
    };
    const arg = creation.arguments?.[0];
    // A non-literal options object also carries region/endpoint/credentials the fix cannot see.
    const options = arg && !ts.isObjectLiteralExpression(arg) ? undefined : readV2Options(arg, sf);
    if (!options || (creation.arguments?.length ?? 0) > 1) {
      finding.message = 'aws-sdk v2 DocumentClient with options too dynamic for an automatic fix: port it by hand to DynamoDBDocument (@aws-sdk/lib-dynamodb)';
      out.push({ finding, notes: [] });
      continue;
    }
    const byName = new Map(options.others.map((p) => [p.name && ts.isIdentifier(p.name) ? p.name.text : '', p]));
    const bound = boundParams(byName.get('params'));
    const config = clientConfigText(byName, sf, resolver, (code, message) => note(start, creation.end, code, message));
    const marshallOptions = renderObject(marshallEntries(options.convertEmptyValues));
    const unmarshallOptions = renderObject(unmarshallEntries(options.wrapNumbers));
    work.edits.push({
      start,
      end: creation.end,
      render: (n) => `${n(shape.doc)}.from(new ${n(shape.client)}(${config}), { marshallOptions: ${marshallOptions}, unmarshallOptions: ${unmarshallOptions} })`,
    });
    if (options.wrapNumbers !== undefined && options.wrapNumbers !== 'false') {
      note(start, creation.end, 'v3-wrap-numbers-class', 'wrapNumbers: v3 returns its own NumberValue (toString()/toBigInt(), JSON {"value": …}) where v2 had toNumber(): check readers of numbers');
    }
    if (options.convertEmptyValues !== undefined && options.convertEmptyValues !== 'false') {
      note(start, creation.end, 'v3-empty-set-values', emptySetMembersChange);
    }
    rewriteUses(sf, resolver, creation, bound, work, note);
    const problem = versionProblem(lib, env.libDynamodbVersion);
    if (problem) note(start, creation.end, 'v3-version-too-old', problem);
    const title = `Migrate this DocumentClient to DynamoDBDocument (@aws-sdk/lib-dynamodb, same items)${problem ? ` (needs ${lib} ≥ 3.689.0)` : ''}`;
    const change = { edits: work.edits, imports: work.imports };
    out.push({ finding, change, title, notes: work.notes, written: work.written });
    for (const s of work.spots) {
      out.push({
        finding: { code: 'v2-document-client', start: s.start, end: s.end, severity: 'information', message: `aws-sdk v2 DocumentClient ${s.what}: part of migrating this client to DynamoDBDocument` },
        change,
        title,
        notes: [],
      });
    }
  }
  return out;
}

function isScalarLiteral(e: ts.Expression): boolean {
  return ts.isStringLiteralLike(e) || ts.isNumericLiteral(e) || ts.isTemplateExpression(e) ||
    (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand));
}

function boundParams(p: ts.ObjectLiteralElementLike | undefined): ts.ObjectLiteralExpression | undefined {
  return p && ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(p.initializer) ? p.initializer : undefined;
}

function clientConfigText(
  byName: Map<string, ts.ObjectLiteralElementLike>,
  sf: ts.SourceFile,
  resolver: V2Resolver,
  note: (code: MigrationFinding['code'], message: string) => void,
): string {
  const service = byName.get('service');
  const own = [...byName].filter(([k]) => k !== 'service' && k !== 'params').map(([, p]) => p);
  if (byName.has('params') && !boundParams(byName.get('params'))) {
    note('v3-client-config', 'bound params: v3 ignores them and they are not an object literal here: add them to each call by hand');
  }
  if (!service) {
    const t = translateClientConfig(own, sf);
    if (t.dropped.length) note('v3-client-config', `v2 options not carried over to the v3 client: ${t.dropped.join(', ')}`);
    return t.text;
  }
  const serviceExpr = ts.isPropertyAssignment(service) ? service.initializer : undefined;
  const lowLevel = serviceExpr && resolver.lowLevelClientOf(serviceExpr);
  const arg = lowLevel?.arguments?.[0];
  if (!arg || !ts.isObjectLiteralExpression(arg)) {
    note('v3-client-config', `service: ${serviceExpr?.getText(sf) ?? '?'} is a v2 client; the v3 DynamoDB client gets no configuration from it: set region, endpoint and credentials as it had them`);
    return '{}';
  }
  const t = translateClientConfig([...arg.properties, ...own], sf);
  if (t.dropped.length) note('v3-client-config', `v2 options of ${serviceExpr!.getText(sf)} not carried over to the v3 client: ${t.dropped.join(', ')}`);
  return t.text;
}

function typeReferenceEdits(sf: ts.SourceFile, resolver: V2Resolver, shape: Shape): { edits: PendingEdit[]; imports: V3Import[] } {
  const edits: PendingEdit[] = [];
  const imports: V3Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const e = resolver.resolveTypeName(node.typeName);
      const target = e?.kind === 'DocumentClient' ? shape.doc : e?.kind === 'documentClientType' && typeNames[e.name] ? { module: lib, name: typeNames[e.name]! } as V3Import : undefined;
      if (target) {
        imports.push(target);
        edits.push({ start: node.typeName.getStart(sf), end: node.typeName.end, render: (n) => n(target) });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { edits, imports };
}

function rewriteUses(
  sf: ts.SourceFile,
  resolver: V2Resolver,
  creation: ts.NewExpression,
  bound: ts.ObjectLiteralExpression | undefined,
  work: Work,
  note: (s: number, e: number, code: MigrationFinding['code'], message: string) => void,
): void {
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isCallExpression(node.parent) && node.parent.expression === node) {
      const target = resolver.resolve(node.expression);
      if (target?.kind === 'documentClientInstance' && target.creation === creation) {
        rewriteCall(sf, node.parent, node, node.expression.getText(sf), bound, work, note);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

function rewriteCall(
  sf: ts.SourceFile,
  call: ts.CallExpression,
  callee: ts.PropertyAccessExpression,
  clientText: string,
  bound: ts.ObjectLiteralExpression | undefined,
  work: Work,
  note: (s: number, e: number, code: MigrationFinding['code'], message: string) => void,
): void {
  const start = call.getStart(sf);
  const method = callee.name.text;
  if (method === 'createSet') {
    // Only the callee and v2's options argument change, so edits inside the values stay possible.
    work.edits.push(literalEdit(start, callee.end, 'new Set'));
    const [values, options] = call.arguments;
    if (!values) work.edits.push(literalEdit(call.arguments.pos, call.arguments.pos, '[]'));
    // v2 wrapped a single value (`[].concat(list)`); new Set('abc') would be a set of characters.
    if (values && isScalarLiteral(values)) {
      work.edits.push(literalEdit(values.getStart(sf), values.getStart(sf), '['), literalEdit(values.end, values.end, ']'));
    }
    if (values && options) work.edits.push(literalEdit(values.end, options.end, ''));
    work.spots.push({ start, end: call.end, what: 'createSet (v3 takes a native Set)' });
    return;
  }
  if (!dataMethods.has(method)) {
    note(start, call.end, 'v3-client-config', `DocumentClient.${method} has no DynamoDBDocument equivalent: port by hand`);
    return;
  }
  const params = call.arguments[0];
  if (params) work.written.push(params);
  const outer = call.parent;
  const wrap = (): void => {
    if (!work.shape.commands) return;
    const command: V3Import = { module: lib, name: commandNames[method]! };
    work.imports.push(command);
    work.edits.push(literalEdit(callee.name.getStart(sf), callee.name.end, 'send'));
    if (params) {
      work.edits.push({ start: params.getStart(sf), end: params.getStart(sf), render: (n) => `new ${n(command)}(` });
      work.edits.push(literalEdit(params.end, params.end, ')'));
    } else {
      work.edits.push({ start: call.arguments.pos, end: call.arguments.pos, render: (n) => `new ${n(command)}({})` });
    }
  };
  const isEachPage = ts.isPropertyAccessExpression(outer) && outer.name.text === 'eachPage';
  if (bound && tableMethods.has(method) && !isEachPage) {
    inlineBoundParams(sf, params, bound, work, (m) => note(start, call.end, 'v3-client-config', m));
  }
  if (ts.isPropertyAccessExpression(outer) && outer.expression === call && ts.isCallExpression(outer.parent) && outer.parent.expression === outer) {
    const chained = outer.parent;
    if (outer.name.text === 'promise' && chained.arguments.length === 0) {
      wrap();
      work.edits.push(literalEdit(call.end, chained.end, ''));
      work.spots.push({ start, end: chained.end, what: `${method}().promise()` });
      return;
    }
    if (outer.name.text === 'eachPage' && paginators[method] && chained.arguments.length === 1 && ts.isExpressionStatement(chained.parent)) {
      const merged = bound && tableMethods.has(method) ? mergedParamsText(sf, bound, params) : params?.getText(sf);
      rewriteEachPage(sf, chained, method, clientText, merged, work);
      note(start, chained.end, 'v3-pagination', `eachPage became a for await loop over ${paginators[method]}: pages come as the same objects; the callback still gets (err, page) and (null, null) at the end`);
      return;
    }
    note(start, chained.end, 'v3-pagination', `${method}().${outer.name.text}(): the v2 AWS.Request API has no v3 equivalent: port by hand`);
    return;
  }
  if (call.arguments.length >= 2) {
    wrap();
    work.spots.push({ start, end: call.end, what: `${method}() with a callback (kept: DynamoDBDocument accepts callbacks)` });
    return;
  }
  note(start, call.end, 'v3-pagination', `${method}() without .promise() or a callback returns an AWS.Request in v2 (sent later); v3 sends at once and returns a Promise: check this call`);
}

function inlineBoundParams(
  sf: ts.SourceFile,
  params: ts.Expression | undefined,
  bound: ts.ObjectLiteralExpression,
  work: Work,
  note: (message: string) => void,
): void {
  if (!params || !ts.isObjectLiteralExpression(params)) {
    note('bound params: v3 ignores them and this call\'s input is not an object literal: add them by hand');
    return;
  }
  const present = new Set(params.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '')));
  const add = bound.properties.filter((p) => !(p.name && ts.isIdentifier(p.name) && present.has(p.name.text))).map((p) => p.getText(sf));
  if (add.length === 0) return;
  const first = params.properties[0];
  if (!first) {
    work.edits.push(literalEdit(params.getStart(sf), params.end, `{ ${add.join(', ')} }`));
    return;
  }
  const firstStart = first.getStart(sf);
  const lineStart = sf.text.lastIndexOf('\n', firstStart - 1) + 1;
  const multiLine = sf.text.slice(params.getStart(sf), firstStart).includes('\n');
  const sep = multiLine ? `\n${sf.text.slice(lineStart, firstStart)}` : ' ';
  work.edits.push(literalEdit(firstStart, firstStart, add.map((a) => `${a},${sep}`).join('')));
}

/** Bound params merged under a call's own params (v2 semantics: the call's values win). */
function mergedParamsText(sf: ts.SourceFile, bound: ts.ObjectLiteralExpression, params: ts.Expression | undefined): string {
  if (!params) return bound.getText(sf);
  if (!ts.isObjectLiteralExpression(params)) return `{ ...${bound.getText(sf)}, ...${params.getText(sf)} }`;
  const present = new Set(params.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '')));
  const add = bound.properties.filter((p) => !(p.name && ts.isIdentifier(p.name) && present.has(p.name.text))).map((p) => p.getText(sf));
  const own = params.properties.map((p) => p.getText(sf));
  return `{ ${[...add, ...own].join(', ')} }`;
}

function rewriteEachPage(
  sf: ts.SourceFile,
  chained: ts.CallExpression,
  method: string,
  clientText: string,
  paramsText: string | undefined,
  work: Work,
): void {
  const paginate: V3Import = { module: lib, name: paginators[method]! };
  work.imports.push(paginate);
  const ts_ = /\.(c|m)?tsx?$/.test(sf.fileName);
  const cbType = ts_ ? ': (err: any, page: any) => unknown' : '';
  const callback = chained.arguments[0]!.getText(sf);
  const start = chained.getStart(sf);
  work.edits.push({
    start,
    end: chained.end,
    render: (n) =>
      `void (async (onPage${cbType}) => { try { for await (const page of ${n(paginate)}({ client: ${clientText} }, ${paramsText ?? '{}'})) { if (onPage(null, page) === false) return; } onPage(null, null); } catch (err) { onPage(err, null); } })(${callback})`,
  });
}
