// The low-level client's operation list is the DynamoDB API model of aws-sdk v2, and every
// operation has a method and a command of the same name in @aws-sdk/client-dynamodb.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v3 from '@aws-sdk/client-dynamodb';
import { lowLevelOperations } from '../../../../src/core/migrate/program/lowLevelPlan';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const model = require('aws-sdk/apis/dynamodb-2012-08-10.min.json') as { operations: Record<string, unknown> };

describe('low-level DynamoDB operations', () => {
  const v2 = Object.keys(model.operations).map((o) => o[0]!.toLowerCase() + o.slice(1)).sort();
  it('are exactly the operations of aws-sdk v2\'s API model', () => {
    assert.equal(v2.length, 57);
    assert.deepEqual([...lowLevelOperations].sort(), v2);
  });
  it('each has a v3 DynamoDB method and an XCommand', () => {
    const methods = new Set(Object.getOwnPropertyNames(v3.DynamoDB.prototype));
    const exported = v3 as unknown as Record<string, unknown>;
    assert.deepEqual(v2.filter((m) => !methods.has(m)), []);
    assert.deepEqual(v2.filter((m) => typeof exported[`${m[0]!.toUpperCase()}${m.slice(1)}Command`] !== 'function'), []);
    for (const p of ['paginateQuery', 'paginateScan', 'paginateListTables', 'paginateListExports', 'paginateListImports', 'paginateListContributorInsights']) {
      assert.equal(typeof exported[p], 'function', p);
    }
  });
});
