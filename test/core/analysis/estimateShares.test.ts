import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { estimateMethod, UnattributedEstimator } from '../../../src/core/analysis/estimate';
import type { CodeOperations } from '../../../src/core/source/operationsInCode';
import type { DynamoOperation } from '../../../src/core/source/dynamoOperations';

const JS_V2 = 0;
const GO_V2 = 3;
const PROTOCOL_UNMARSHAL = 0;
const PROTOCOL_MARSHAL = 1;
const code = (...operations: DynamoOperation[]): CodeOperations => ({ operations: new Set(operations), withReturnValues: false });

describe('UnattributedEstimator', () => {
  it('gives response parsing only to call sites whose operation returns items, in proportion to their request side', () => {
    const e = new UnattributedEstimator();
    e.addRequestSide(1, JS_V2, 30); // query
    e.addRequestSide(2, JS_V2, 10); // get
    e.addRequestSide(3, JS_V2, 60); // put: the biggest request side
    e.addUnattributed(JS_V2, PROTOCOL_UNMARSHAL, 'js-v2-json-parser|protocol-unmarshal', 100);
    e.addUnattributed(JS_V2, PROTOCOL_MARSHAL, 'js-v2-json-builder|protocol-marshal', 10);
    const codes = new Map([[1, code('Query')], [2, code('GetItem')], [3, code('PutItem')]]);
    const { sites, tiers, families } = e.share((key) => codes.get(key));
    assert.equal(sites.get(1)!.weight, 75 + 3);
    assert.equal(sites.get(2)!.weight, 25 + 1);
    assert.equal(sites.get(3)!.weight, 6, 'the PutItem takes request building only');
    assert.deepEqual(tiers, { fitting: 110, unnamed: 0, anySite: 0 });
    assert.deepEqual(families, [JS_V2]);
  });

  it('counts a write with ReturnValues, an operation an SDK frame names, and falls back when nothing fits', () => {
    const e = new UnattributedEstimator();
    e.addRequestSide(1, GO_V2, 10, 'UpdateItem');
    e.addRequestSide(2, GO_V2, 10);
    e.addRequestSide(3, GO_V2, 20);
    e.addUnattributed(GO_V2, PROTOCOL_UNMARSHAL, 'go-v2-smithy|protocol-unmarshal', 40, 'Query');
    e.addUnattributed(GO_V2, PROTOCOL_UNMARSHAL, 'go-v2-smithy|protocol-unmarshal', 8);
    const codes = new Map([[1, { operations: new Set<DynamoOperation>(), withReturnValues: true }], [2, code('Query')]]);
    const { sites, tiers } = e.share((key) => codes.get(key));
    // The Query deserializer's 40 go to the Query site; the other 8 to the Query and the UpdateItem with ReturnValues (10:10).
    assert.equal(sites.get(2)!.weight, 44);
    assert.equal(sites.get(1)!.weight, 4);
    assert.equal(sites.get(3), undefined, 'a site naming no operation takes nothing while named ones fit');
    assert.deepEqual(tiers, { fitting: 48, unnamed: 0, anySite: 0 });
    const lone = new UnattributedEstimator();
    lone.addRequestSide(7, GO_V2, 5);
    lone.addUnattributed(GO_V2, PROTOCOL_UNMARSHAL, 'go-v2-smithy|protocol-unmarshal', 8);
    const fallback = lone.share(() => code('PutItem'));
    assert.equal(fallback.sites.get(7)!.weight, 8);
    assert.deepEqual(fallback.tiers, { fitting: 0, unnamed: 0, anySite: 8 });
    assert.match(estimateMethod(fallback), /\(aws-sdk-go-v2\).*; 100\.0% of it found no call site whose code names a fitting operation/);
  });
});
