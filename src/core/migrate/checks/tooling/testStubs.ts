import ts from 'typescript';
import type { MigrationView, ProgramFinding } from '../../program/api';
import { ReferenceIndex } from '../flow/references';

const v2Modules = /^aws-sdk(\/(global|clients\/dynamodb(\.js)?|lib\/dynamodb\/.*))?$/;
const moduleMockers = new Set(['mock', 'doMock', 'unstable_mockModule', 'setMock']);
const stubbers = new Set(['stub', 'spy', 'replace', 'spyOn', 'method', 'replaceGetter']);
const dataMethods = new Set(['get', 'put', 'query', 'scan', 'update', 'delete', 'batchGet', 'batchWrite', 'transactGet', 'transactWrite',
  'getItem', 'putItem', 'updateItem', 'deleteItem', 'batchGetItem', 'batchWriteItem', 'transactGetItems', 'transactWriteItems']);

const advice = 'stub v3 instead (aws-sdk-client-mock: mockClient(DynamoDBDocumentClient).on(GetCommand).resolves({ Item })), or stub the repository above the SDK';

/** `AWS.DynamoDB.DocumentClient.prototype`, `DocumentClient.prototype`, `DynamoDB.prototype` (by name: tests import them every way). */
function isV2Prototype(e: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(e) || e.name.text !== 'prototype') return false;
  const owner = e.expression;
  const last = ts.isPropertyAccessExpression(owner) ? owner.name.text : ts.isIdentifier(owner) ? owner.text : '';
  return last === 'DocumentClient' || last === 'DynamoDB';
}

/** `AWS` with `DynamoDB`, `AWS.DynamoDB` / `DynamoDB` with `DocumentClient` or `Converter`: a v2 class replaced whole. */
function isV2Class(owner: ts.Expression, member: string | undefined): boolean {
  const last = ts.isPropertyAccessExpression(owner) ? owner.name.text : ts.isIdentifier(owner) ? owner.text : '';
  return (last === 'AWS' && member === 'DynamoDB') || (last === 'DynamoDB' && (member === 'DocumentClient' || member === 'Converter'));
}

/** A jest manual mock of aws-sdk: `__mocks__/aws-sdk.js`, `__mocks__/aws-sdk/clients/dynamodb.ts`… */
const manualMock = /\/__mocks__\/aws-sdk(\/[\w./-]+)?\.(c|m)?[jt]sx?$/;

function stringArg(call: ts.CallExpression, i: number): string | undefined {
  const a = call.arguments[i];
  return a && ts.isStringLiteralLike(a) ? a.text : undefined;
}

/**
 * Item 7, tests that stub aws-sdk v2 and stop intercepting once the code under test uses v3:
 * `jest.mock('aws-sdk')` / `vi.mock(…)` / `jest.doMock`, proxyquire/mockery replacements of
 * `aws-sdk`, `aws-sdk-mock` (`AWSMock.mock('DynamoDB.DocumentClient', 'get', …)`),
 * `sinon.stub` / `jest.spyOn` / node:test `mock.method` / plain assignments on a v2 prototype,
 * and the same on an instance of a migrated client (found through its variable, across imports);
 * the v2 classes replaced whole (`sinon.stub(AWS, 'DynamoDB')`, `AWS.DynamoDB.DocumentClient =
 * jest.fn()`); jest manual mocks of aws-sdk (`__mocks__/aws-sdk.js`, used without any
 * `jest.mock` call when beside node_modules), once a migration changes something.
 * Each as a `v3-test-stub` warning at the stub.
 */
export function checkTestStubs(view: MigrationView): ProgramFinding[] {
  const refs = new ReferenceIndex(view.checker, view.files);
  const clientSymbols = new Set<ts.Symbol>();
  for (const s of view.subjects) {
    if (!s.migrated || s.kind === 'converter-call') continue;
    for (const o of s.origins) {
      const p = o.parent;
      const target = ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) ? p.name
        : ts.isBinaryExpression(p) && p.right === o ? (ts.isPropertyAccessExpression(p.left) ? p.left.name : p.left) : undefined;
      const sym = target && refs.symbolOf(target);
      if (sym) clientSymbols.add(sym);
    }
  }
  const isMigratedClient = (e: ts.Expression): boolean => {
    const name = ts.isPropertyAccessExpression(e) ? e.name : e;
    const sym = refs.symbolOf(name);
    return !!sym && clientSymbols.has(sym);
  };
  const out: ProgramFinding[] = [];
  for (const sf of view.files) {
    const mock = manualMock.exec(sf.fileName);
    if (mock && view.migratedFiles.size > 0) {
      const first = sf.statements[0];
      out.push({
        fileName: sf.fileName, start: first ? first.getStart(sf) : 0, end: first ? first.end : 0, code: 'v3-test-stub', severity: 'warning',
        message: `jest manual mock of aws-sdk${mock[1] ?? ''}: jest puts it in place of aws-sdk in every test (a __mocks__ folder beside node_modules needs no jest.mock call), but the migrated code loads @aws-sdk/client-dynamodb and @aws-sdk/lib-dynamodb, which it does not replace: the tests then call the real v3 SDK or fail; ${advice}, or write __mocks__/@aws-sdk/lib-dynamodb.js`,
      });
    }
    const add = (n: ts.Node, what: string, onInstance = false): void => {
      const effect = onInstance
        ? 'the stub still replaces the method, but the migrated code awaits its result directly (no .promise()): a stub returning v2\'s { promise() } hands that object to the code instead of the output; make it return a Promise of the output'
        : 'after the migration the code under test calls the v3 SDK, which this stub does not intercept (the test then sends real requests or fails)';
      out.push({
        fileName: sf.fileName, start: n.getStart(sf), end: n.end, code: 'v3-test-stub', severity: 'warning',
        message: `${what}: ${effect}; ${advice}`,
      });
    };
    const sdkMock = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === 'aws-sdk-mock') {
        const clause = node.importClause;
        if (clause?.name) sdkMock.add(clause.name.text);
        if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) sdkMock.add(clause.namedBindings.name.text);
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && callee.text === 'require' && stringArg(node, 0) === 'aws-sdk-mock' && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) {
          sdkMock.add(node.parent.name.text);
        }
        if (ts.isPropertyAccessExpression(callee)) {
          const method = callee.name.text;
          const owner = ts.isIdentifier(callee.expression) ? callee.expression.text : '';
          const first = node.arguments[0];
          const spec = stringArg(node, 0);
          if (moduleMockers.has(method) && (owner === 'jest' || owner === 'vi') && spec && v2Modules.test(spec)) {
            add(node, `${owner}.${method}('${spec}') replaces aws-sdk v2`);
          } else if (sdkMock.has(owner) && (method === 'mock' || method === 'remock') && spec && /^DynamoDB(\.DocumentClient)?$/.test(spec)) {
            add(node, `aws-sdk-mock ${owner}.${method}('${spec}', '${stringArg(node, 1) ?? '…'}') stubs aws-sdk v2`);
          } else if (stubbers.has(method) && first && (isV2Prototype(first) || isMigratedClient(first)) && (spec === undefined || node.arguments.length >= 2)) {
            const target = stringArg(node, 1);
            if (!target || dataMethods.has(target) || target === 'createSet') {
              add(node, `${callee.getText(sf)}(${first.getText(sf)}${target ? `, '${target}'` : ''}) stubs a v2 client`, !isV2Prototype(first));
            }
          } else if (stubbers.has(method) && first && isV2Class(first, stringArg(node, 1))) {
            add(node, `${callee.getText(sf)}(${first.getText(sf)}, '${stringArg(node, 1)}') replaces the aws-sdk v2 class`);
          } else if (method === 'registerMock' && spec && v2Modules.test(spec)) {
            add(node, `mockery.registerMock('${spec}') replaces aws-sdk v2`);
          }
        }
        if (ts.isIdentifier(callee) && /^proxyquire/.test(callee.text)) {
          const stubs = node.arguments[1];
          const key = stubs && ts.isObjectLiteralExpression(stubs)
            ? stubs.properties.find((p) => p.name && ts.isStringLiteralLike(p.name) && v2Modules.test(p.name.text)) : undefined;
          if (key) add(key, `proxyquire replaces '${(key.name as ts.StringLiteral).text}'`);
        }
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
        const target = node.left.expression;
        if ((isV2Prototype(target) || isMigratedClient(target)) && dataMethods.has(node.left.name.text)) {
          add(node, `${node.left.getText(sf)} = … replaces a v2 client method`, !isV2Prototype(target));
        } else if (isV2Class(target, node.left.name.text)) {
          add(node, `${node.left.getText(sf)} = … replaces the aws-sdk v2 class`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
