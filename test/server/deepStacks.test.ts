/**
 * Stacks thousands of frames deep (deep recursion): the analysis, the report's flame graph and
 * the comparison's differential flame graph must all come through, and what reaches the webview
 * must survive `structuredClone` and JSON (issue 13: 2,500 frames overflowed the recursive tree
 * builder; at 1,500 the webview's structuredClone threw and the flame graph stayed blank).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseFolded } from '../../src/core/profile/folded';
import { analyzeProfile } from '../../src/core/analysis/analyze';
import { createPathResolver } from '../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../src/core/paths/scan';
import { classifyFrame } from '../../src/core/detect/classify';
import { buildDiffTree } from '../../src/core/compare/diffTree';
import { MAX_FLAME_DEPTH, subtreeHeight } from '../../src/core/flameDepth';
import { buildDynamoFlameTree } from '../../src/server/flameTree';

// DynamoDB's own item decoding (not the JSON protocol every service shares, which counts only under a DynamoDB client).
const UNMARSHAL = 'github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute.(*Decoder).Decode';

/** Folded stacks: `depth` frames of recursion above an aws-sdk-go v1 unmarshal, and a shallow stack. */
function deepProfile(depth: number, weight: number) {
  const recursion = Array.from({ length: depth }, (_, i) => `main.walk${i % 3}`).join(';');
  return parseFolded(`main.main;${recursion};${UNMARSHAL};reflect.Value.Field ${weight}\nmain.main;main.idle 10\n`, `deep-${depth}.folded`);
}

describe('stacks thousands of frames deep', () => {
  it('analyses a 20,000-frame stack: the marshalling share is exact', () => {
    const profile = deepProfile(20_000, 90);
    const analysis = analyzeProfile(profile, { resolver: createPathResolver(createWorkspaceIndex('/nonexistent', [], []), []) });
    assert.equal(analysis.dynamoWeight / analysis.totalWeight, 0.9);
  });

  for (const depth of [1_500, 2_500, 20_000]) {
    it(`folds the report flame graph of a ${depth.toLocaleString('en-US')}-frame stack below level ${MAX_FLAME_DEPTH}, and it survives structuredClone and JSON`, () => {
      const tree = buildDynamoFlameTree(deepProfile(depth, 90), classifyFrame);
      assert.equal(subtreeHeight(tree), MAX_FLAME_DEPTH + 1);
      let node = tree;
      for (let level = 0; level < MAX_FLAME_DEPTH; level++) node = node.children[0]!;
      // Root + main.main + the recursion + unmarshal + reflect = depth + 4 levels; 256 are drawn.
      assert.deepEqual(node.children.map((c) => [c.name, c.value]), [[`… ${(depth + 4 - MAX_FLAME_DEPTH - 1).toLocaleString('en-US')} more levels (deep recursion)`, 90]]);
      assert.equal(subtreeHeight(structuredClone(tree)), MAX_FLAME_DEPTH + 1);
      assert.equal(JSON.parse(JSON.stringify(tree)).value, 90);
    });
  }

  it('folds the differential flame graph the same way', () => {
    const before = deepProfile(3_000, 90);
    const after = deepProfile(3_000, 30);
    const tree = buildDiffTree(before, after);
    assert.equal(subtreeHeight(tree), MAX_FLAME_DEPTH + 1);
    let node = tree;
    for (let level = 0; level < MAX_FLAME_DEPTH; level++) node = node.children[0]!;
    const folded = node.children[0]!;
    assert.match(folded.name, /^… 2,747 more levels \(deep recursion\)$/);
    assert.deepEqual([folded.value, folded.before], [30, 90]);
    assert.equal(subtreeHeight(structuredClone(tree)), MAX_FLAME_DEPTH + 1);
  });
});
