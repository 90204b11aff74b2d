import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartLabels } from '../../src/webview/benchmark/chartLabels';

describe('benchmark chart labels per suite', () => {
  it('Go rows are wall-clock time (go test ns/op), never called CPU time', () => {
    const go = chartLabels({ title: 'Go: aws-sdk-go v1 vs v2', timeKind: 'wall' });
    assert.equal(go.dataset, 'wall-clock µs per item (mean of go test ns/op ± 95 % margin)');
    assert.equal(go.axis, 'wall-clock µs per item');
    assert.equal(go.aria, 'Go: aws-sdk-go v1 vs v2: wall-clock time per item (go test -bench ns/op)');
    assert.doesNotMatch(JSON.stringify(go), /CPU/);
  });

  it('the Node suites (timeKind absent or cpu) are CPU time per item, the median', () => {
    for (const timeKind of [undefined, 'cpu'] as const) {
      const node = chartLabels({ title: 'Attribute conversion', timeKind });
      assert.equal(node.dataset, 'CPU µs per item (median ± 95 % margin)');
      assert.equal(node.axis, 'CPU µs per item');
      assert.equal(node.aria, 'Attribute conversion: CPU time per item');
    }
  });
});
