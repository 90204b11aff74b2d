import ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { PendingEdit, V3Import } from '../editPlan';
import type { CallStyle } from './requestCall';

const lib = '@aws-sdk/lib-dynamodb' as const;
const client = '@aws-sdk/client-dynamodb' as const;

/** The two v3 forms of a DocumentClient: aggregated methods, or a bare client with `send(new XCommand)`. */
export interface DocumentShape {
  doc: V3Import;
  client: V3Import;
  style: CallStyle;
}

/** DocumentClient methods whose v3 `DynamoDBDocument` twins take the same input. */
export const dataMethods: ReadonlySet<string> = new Set(['get', 'put', 'query', 'scan', 'update', 'delete', 'batchGet', 'batchWrite', 'transactGet', 'transactWrite']);
/** Methods whose input has a top-level `TableName` (a bound `params.TableName` applies to them). */
export const tableMethods: ReadonlySet<string> = new Set(['get', 'put', 'query', 'scan', 'update', 'delete']);

const commandNames: Record<string, string> = {
  get: 'GetCommand', put: 'PutCommand', query: 'QueryCommand', scan: 'ScanCommand', update: 'UpdateCommand',
  delete: 'DeleteCommand', batchGet: 'BatchGetCommand', batchWrite: 'BatchWriteCommand',
  transactGet: 'TransactGetCommand', transactWrite: 'TransactWriteCommand',
};
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

/** True when the file already imports v3 commands or bare clients: the fix then emits commands too. */
export function usesCommands(sf: ts.SourceFile): boolean {
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
          d.name.elements.some((e) => isCommandName((e.propertyName ?? e.name).getText()));
      });
    }
    return false;
  });
}

/** The v3 form for a family whose (first) creation is in `sf`. */
export function documentShape(sf: ts.SourceFile): DocumentShape {
  const commands = usesCommands(sf);
  return {
    doc: { module: lib, name: commands ? 'DynamoDBDocumentClient' : 'DynamoDBDocument' },
    client: { module: client, name: commands ? 'DynamoDBClient' : 'DynamoDB' },
    style: {
      commands,
      commandOf: (m) => (commandNames[m] ? { module: lib, name: commandNames[m]! } : undefined),
      paginatorOf: (m) => (paginators[m] ? { module: lib, name: paginators[m]! } : undefined),
    },
  };
}

/**
 * Edits of the file's type references to v2 DocumentClient types: the class → `shape.doc`,
 * `DocumentClient.QueryInput` and friends → `QueryCommandInput`… Other v2 types are left as they are.
 */
export function documentTypeEdits(sf: ts.SourceFile, resolver: V2Resolver, shape: DocumentShape): { edits: PendingEdit[]; imports: V3Import[] } {
  const edits: PendingEdit[] = [];
  const imports: V3Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const e = resolver.resolveTypeName(node.typeName);
      const target = e?.kind === 'DocumentClient' ? shape.doc : e?.kind === 'documentClientType' && typeNames[e.name] ? ({ module: lib, name: typeNames[e.name]! } as V3Import) : undefined;
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
