import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lineFitsCallSite } from '../../../src/core/source/callsOnLine';
import { mapLines } from '../../../src/core/source/lineMap';

describe('mapLines: recorded lines carried through a diff', () => {
  it('follows insertions and deletions; an edited line has no counterpart', () => {
    const before = ['a', 'b', 'call()', 'c', 'd'].join('\n');
    const after = ['new', 'a', 'b', 'callOther()', 'c', 'd', 'e'].join('\r\n');
    const map = mapLines(before, after);
    assert.deepEqual([1, 2, 3, 4, 5, 6, 0].map(map), [2, 3, undefined, 5, 6, undefined, undefined]);
  });
});

describe('lineFitsCallSite: a line calls what the call site names', () => {
  const go = ['github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity', 'github.com/aws/aws-sdk-go/service/dynamodb.(*DynamoDB).QueryWithContext'];
  it('accepts the call of the callee and the declaration of the user function, nothing else', () => {
    assert.equal(lineFitsCallSite('\tout, err := a.db.QueryWithContext(ctx, &dynamodb.QueryInput{', go), true);
    assert.equal(lineFitsCallSite('func (a *Adapter) GetUserActivity(ctx context.Context) error {', go), true);
    assert.equal(lineFitsCallSite('\t\tScanIndexForward: aws.Bool(false),', go), false);
    assert.equal(lineFitsCallSite('\t// QueryWithContext is slow', go), false);
    assert.equal(lineFitsCallSite('    const out = await this.doc.query(params).promise();', ['getUserActivity', 'Request.promise']), true);
    assert.equal(lineFitsCallSite('  constructor(cfg: ClientConfig) {', ['V2Repository', 'DocumentClient']), true);
    assert.equal(lineFitsCallSite('x()', ['f']), false);
  });

  it('accepts a DynamoDB API call whatever the chain (recorded call sites continue in async callbacks), not a look-alike', () => {
    const async = ['(anonymous)', 'processTicksAndRejections', 'endReadableNT'];
    assert.equal(lineFitsCallSite('    return this._wrapRequest(() => this.client.query(params), options.abortSignal);', async), true);
    assert.equal(lineFitsCallSite('      return this.client.send(command, { abortSignal: options.abortSignal });', async), true);
    assert.equal(lineFitsCallSite('	item, err := attributevalue.MarshalMap(imp)', async), true);
    assert.equal(lineFitsCallSite('    return this.promiseWrap(() => {', ['(anonymous:L#260:C#29)', 'sendInContext']), true);
    assert.equal(lineFitsCallSite('	b, err := json.Marshal(imp)', ['main.handler', 'encoding/json.Marshal2']), false);
    assert.equal(lineFitsCallSite('    const params = { TableName: table };', async), false);
  });
});
