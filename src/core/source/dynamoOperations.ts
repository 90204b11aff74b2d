/**
 * DynamoDB operations as code and profiles name them: the API reference's operation names
 * (`Query`, `PutItem`…), DocumentClient's data methods (`query`, `put`…), v3 command classes
 * (`QueryCommand`, `PutCommand`), Go's `QueryWithContext` / `awsAwsjson10_deserializeOpQuery`.
 * Plain data, no compiler: the analysis and the editor's line checks both use it.
 */

/** DynamoDB data-plane operations (API reference names). */
export const OPERATIONS = [
  'BatchExecuteStatement',
  'BatchGetItem',
  'BatchWriteItem',
  'DeleteItem',
  'ExecuteStatement',
  'ExecuteTransaction',
  'GetItem',
  'PutItem',
  'Query',
  'Scan',
  'TransactGetItems',
  'TransactWriteItems',
  'UpdateItem',
] as const;
export type DynamoOperation = (typeof OPERATIONS)[number];

/** DocumentClient's data methods (v2 `AWS.DynamoDB.DocumentClient`, v3 `DynamoDBDocument`) and the operation each runs. */
export const DOCUMENT_CLIENT_OPERATIONS: Readonly<Record<string, DynamoOperation>> = {
  get: 'GetItem',
  put: 'PutItem',
  query: 'Query',
  scan: 'Scan',
  update: 'UpdateItem',
  delete: 'DeleteItem',
  batchGet: 'BatchGetItem',
  batchWrite: 'BatchWriteItem',
  transactGet: 'TransactGetItems',
  transactWrite: 'TransactWriteItems',
};
export const DOCUMENT_CLIENT_METHODS = Object.keys(DOCUMENT_CLIENT_OPERATIONS);

/**
 * Operations whose response carries items (the API reference's `Items`, `Item`, `Responses`,
 * PartiQL results): the SDK unmarshals items for them. Writes return items only with
 * `ReturnValues` (see {@link returnsItems}).
 */
export const ITEM_READS: ReadonlySet<DynamoOperation> = new Set<DynamoOperation>([
  'Query',
  'Scan',
  'GetItem',
  'BatchGetItem',
  'TransactGetItems',
  'ExecuteStatement',
  'BatchExecuteStatement',
  'ExecuteTransaction',
]);

/** Writes that return the item's attributes when called with `ReturnValues` other than `NONE`. */
const WRITES_WITH_RETURN_VALUES: ReadonlySet<DynamoOperation> = new Set<DynamoOperation>(['PutItem', 'UpdateItem', 'DeleteItem']);

/** True when a response of `operation` carries items (`withReturnValues`: the call passes `ReturnValues`). */
export function returnsItems(operation: DynamoOperation, withReturnValues: boolean): boolean {
  return ITEM_READS.has(operation) || (withReturnValues && WRITES_WITH_RETURN_VALUES.has(operation));
}

const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);
const BY_NAME = new Map<string, DynamoOperation>([
  ...OPERATIONS.flatMap((op) => [op, lowerFirst(op)].map((name) => [name, op] as [string, DynamoOperation])),
  ...Object.entries(DOCUMENT_CLIENT_OPERATIONS),
]);

// Module constants: a regex literal in the function would be a new RegExp object per call, and
// the classifier asks once per function of a profile.
const SERDE_NAME = /(?:serializeOp(?:Document)?|\b(?:se|de)_)([A-Z]\w*?)(?:Input|Output|Command)?(?:\)\.\w+)?$/;
const GO_CLIENT_METHOD = /service\/dynamodb\.\(\*(?:Client|DynamoDB)\)\./;
const GO_METHOD_OPERATION = /\.([A-Z]\w*?)(?:WithContext|Request|PagesWithContext|Pages)?$/;

/**
 * The operation an SDK frame belongs to, from its function name: Go v2 serializers and
 * deserializers (`awsAwsjson10_deserializeOpQuery`, `…_serializeOpDocumentPutItemInput`), Go
 * `(*Client).Query` / `(*DynamoDB).QueryWithContext` in the DynamoDB service package, v3
 * `se_QueryCommand` / `de_QueryCommand`, and aws-sdk v2 DocumentClient methods
 * (`query` in `document_client.js`). Undefined when the frame names none.
 * @param documentClientFile the file's {@link isDocumentClientFile}, when the caller has it already.
 */
export function operationOfFrame(name: string, file: string, documentClientFile = isDocumentClientFile(file)): DynamoOperation | undefined {
  const serde = SERDE_NAME.exec(name);
  if (serde) return BY_NAME.get(serde[1]!);
  if (GO_CLIENT_METHOD.test(name)) {
    const method = GO_METHOD_OPERATION.exec(name);
    return method ? BY_NAME.get(method[1]!) : undefined;
  }
  if (documentClientFile) return DOCUMENT_CLIENT_OPERATIONS[name.slice(name.lastIndexOf('.') + 1)];
  return undefined;
}

/** The file half of {@link operationOfFrame}: aws-sdk v2's `lib/dynamodb/document_client.js` (either separator). */
export function isDocumentClientFile(file: string): boolean {
  return /[\\/]aws-sdk[\\/]lib[\\/]dynamodb[\\/]document_client\.js$/.test(file);
}

/** An operation as code names it (`query`, `batchGet`, `getItem`, `GetItem`) → the operation; undefined for other names. */
export function operationNamed(name: string): DynamoOperation | undefined {
  return BY_NAME.get(name);
}
