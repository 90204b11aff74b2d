import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeStartingAt, operationsInCode } from '../../../src/core/source/operationsInCode';
import { operationOfFrame } from '../../../src/core/source/dynamoOperations';

const ops = (code: string) => [...operationsInCode(code).operations].sort();

describe('operationsInCode', () => {
  it('names the operation of v2, v3 and Go calls', () => {
    assert.deepEqual(ops('const out = await this.doc.query({ TableName: T }).promise();'), ['Query']);
    assert.deepEqual(ops('await ddb.putItem(params).promise()'), ['PutItem']);
    assert.deepEqual(ops('await doc.send(new BatchGetCommand({ RequestItems }))'), ['BatchGetItem']);
    assert.deepEqual(ops('await ddb.send(new RawQueryCommand({}))'), ['Query'], 'an import alias ending in the command name');
    assert.deepEqual(ops('for await (const page of paginateScan({ client }, input)) {}'), ['Scan']);
    assert.deepEqual(ops('out, err := r.client.Query(ctx, &dynamodb.QueryInput{'), ['Query']);
    assert.deepEqual(ops('p := dynamodb.NewScanPaginator(c, in)'), ['Scan']);
    assert.deepEqual(ops('res, err := a.db.GetItemWithContext(ctx, in)'), ['GetItem']);
    assert.deepEqual(ops('await doc.batchWrite(p).promise(); await doc.get(key).promise()'), ['BatchWriteItem', 'GetItem']);
  });

  it('does not take URLSearchParams.get or Map.delete with a string or number for a DynamoDB call', () => {
    assert.deepEqual(ops("const user = q.get('user'); cache.delete(42);"), []);
    assert.deepEqual(ops('new AWS.DynamoDB.DocumentClient({ service: this.ddb })'), []);
  });

  it('sees ReturnValues other than NONE', () => {
    assert.equal(operationsInCode("doc.update({ Key, ReturnValues: 'ALL_NEW' })").withReturnValues, true);
    assert.equal(operationsInCode("doc.update({ Key, ReturnValues: 'NONE' })").withReturnValues, false);
    assert.equal(operationsInCode('doc.update({ Key })').withReturnValues, false);
  });
});

describe('codeStartingAt', () => {
  const text = [
    'class Repo {',
    '  async getUserActivity(userId: string): Promise<Item[]> {',
    "    const label = 'a { brace in a string';",
    '    const out = await this.doc.query({',
    '      TableName: T, // } not a close',
    '    }).promise();',
    '    return out.Items;',
    '  }',
    '  async recordImpression(imp: Impression) {',
    '    await this.doc.put({ Item: imp }).promise();',
    '  }',
    '}',
  ].join('\n');

  it('reads a function body from its declaration line, a multi-line call from its first line', () => {
    assert.deepEqual(ops(codeStartingAt(text, 2)), ['Query']);
    assert.equal(codeStartingAt(text, 2).split('\n').length, 7);
    assert.equal(codeStartingAt(text, 4).split('\n').length, 3);
    assert.deepEqual(ops(codeStartingAt(text, 9)), ['PutItem']);
    assert.equal(codeStartingAt(text, 7), '    return out.Items;');
    assert.equal(codeStartingAt(text, 99), '');
  });
});

describe('operationOfFrame', () => {
  it('reads the operation from SDK frame names', () => {
    assert.equal(operationOfFrame('github.com/aws/aws-sdk-go-v2/service/dynamodb.(*awsAwsjson10_deserializeOpQuery).HandleDeserialize', ''), 'Query');
    assert.equal(operationOfFrame('github.com/aws/aws-sdk-go-v2/service/dynamodb.awsAwsjson10_serializeOpDocumentPutItemInput', ''), 'PutItem');
    assert.equal(operationOfFrame('github.com/aws/aws-sdk-go-v2/service/dynamodb.(*Client).BatchGetItem', ''), 'BatchGetItem');
    assert.equal(operationOfFrame('github.com/aws/aws-sdk-go/service/dynamodb.(*DynamoDB).QueryWithContext', ''), 'Query');
    assert.equal(operationOfFrame('de_ScanCommand', '/app/node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js'), 'Scan');
    assert.equal(operationOfFrame('put', '/app/node_modules/aws-sdk/lib/dynamodb/document_client.js'), 'PutItem');
    assert.equal(operationOfFrame('makeServiceRequest', '/app/node_modules/aws-sdk/lib/dynamodb/document_client.js'), undefined);
    assert.equal(operationOfFrame('query', '/app/src/repo.js'), undefined, 'a user function named query is no SDK frame');
  });
});
