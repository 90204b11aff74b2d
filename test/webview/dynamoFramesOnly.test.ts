import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dynamoFramesOnly } from '../../src/webview/report/dynamoFramesOnly';
import type { DiffFlameNode } from '../../src/shared/protocol';

const n = (name: string, value: number, delta: number, children: DiffFlameNode[] = [], dynamo = false): DiffFlameNode => ({ name, value, delta, before: value - delta, children, ...(dynamo ? { dynamo: true as const } : {}) });

describe('the differential flame graph with DynamoDB frames only', () => {
  it('takes out the frames between, merges what they led to by name, and keeps every figure', () => {
    const unmarshal = (v: number, d: number) => n('jsonutil.UnmarshalJSON', v, d, [n('reflect.Value.Set', v / 2, d / 2)], true);
    const root = n('root', 100, -20, [
      n('main.handler', 60, -10, [n('middleware.A', 30, -5, [unmarshal(30, -5)]), n('middleware.B', 20, -5, [unmarshal(20, -5)]), n('json.Marshal', 10, 0)]),
      n('runtime.gcBgMarkWorker', 40, -10),
    ]);
    const only = dynamoFramesOnly(root);
    assert.deepEqual(only, {
      name: 'root',
      value: 100,
      delta: -20,
      before: 120,
      children: [{ name: 'jsonutil.UnmarshalJSON', value: 50, delta: -10, before: 60, children: [], dynamo: true }],
    });
    // The input is left as it was (the view toggles back to every frame).
    assert.equal(root.children[0]!.children.length, 3);
  });
});
