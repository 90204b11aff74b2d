import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { functionBodyEnd, placeLines, PLACE_WINDOW, type LineTarget } from '../../../src/core/source/placeLines';
import { callSiteFit } from '../../../src/core/source/callsOnLine';

const QUERY = ['github.com/example/app/repo.(*Repo).Load', 'github.com/aws/aws-sdk-go/service/dynamodb.(*DynamoDB).QueryWithContext'];
const callsQuery = (text: string) => callSiteFit(text, QUERY) === 'callee';

/** The Go function `Load` with two identical queries (lines 3 and 8 of the original), and `Other` below making the same call. */
function goFile(insertAbove = 0, insertBetween = 0): string[] {
  return [
    'package repo',
    ...Array.from({ length: insertAbove }, (_, i) => `// above ${i}`),
    'func (r *Repo) Load(ctx context.Context) error {',
    '\tout, err := r.db.QueryWithContext(ctx, first)',
    '\tif err != nil {',
    '\t\treturn err',
    '\t}',
    ...Array.from({ length: insertBetween }, (_, i) => `\t// between ${i}`),
    '\t_ = out',
    '\tout2, err := r.db.QueryWithContext(ctx, second)',
    '\treturn err',
    '}',
    '',
    'func (r *Repo) Other(ctx context.Context) error {',
    '\t_, err := r.db.QueryWithContext(ctx, other)',
    '\treturn err',
    '}',
  ];
}
const target = (expectedLine: number): LineTarget => ({ expectedLine, functionName: 'Load', fits: callsQuery });

describe('placeLines: recorded lines found again by what they contain', () => {
  it('keeps lines where nothing moved', () => {
    assert.deepEqual(placeLines(goFile(), [target(3), target(8)]), [3, 8]);
  });

  it('follows lines moved down together, keeping their order (two identical calls, 6 lines inserted above both)', () => {
    assert.deepEqual(placeLines(goFile(6), [target(3), target(8)]), [9, 14]);
    // Given in the other order, each still gets its own line.
    assert.deepEqual(placeLines(goFile(6), [target(8), target(3)]), [14, 9]);
  });

  it('follows the second call when lines are inserted between the two', () => {
    assert.deepEqual(placeLines(goFile(0, 6), [target(3), target(8)]), [3, 14]);
  });

  it('never puts a line on a call of another function, nor on a line that does something else', () => {
    const lines = goFile();
    lines[7] = '\tout2, err := decode(second)';
    // The second query is gone from Load: Other's identical call 6 lines below is not it.
    assert.deepEqual(placeLines(lines, [target(3), target(8)]), [3, undefined]);
  });

  it('looks no further than the window', () => {
    assert.deepEqual(placeLines(goFile(PLACE_WINDOW + 5), [target(3)]), [undefined]);
    assert.deepEqual(placeLines(goFile(PLACE_WINDOW - 5), [target(3)]), [3 + PLACE_WINDOW - 5]);
  });

  it('accepts the looser in-place test only on the expected line', () => {
    const lines = ['function f() {', '  return doc.send(cmd);', '}', 'function g() {', '  return doc.send(cmd2);', '}'];
    const sdk = (text: string) => callSiteFit(text, ['f']) === 'sdk';
    assert.deepEqual(placeLines(lines, [{ expectedLine: 2, functionName: 'f', fits: () => false, fitsInPlace: sdk }]), [2]);
    assert.deepEqual(placeLines(['// new', ...lines], [{ expectedLine: 2, functionName: 'f', fits: () => false, fitsInPlace: sdk }]), [undefined]);
  });

  it('lets `allowed` exclude lines (a diff keeps them for other recorded lines)', () => {
    assert.deepEqual(placeLines(goFile(), [target(8)], (i) => i !== 7), [3]);
  });
});

describe('functionBodyEnd: where a function body closes', () => {
  it('finds the closing brace at the head\'s indentation, after a multi-line head; the next Go func without one', () => {
    assert.equal(functionBodyEnd(goFile(), 1), 9);
    const ts = ['class A {', '  async load(', '    id: string,', '  ): Promise<void> {', '    await x();', '  }', '  other() {}', '}'];
    assert.equal(functionBodyEnd(ts, 1), 5);
    assert.equal(functionBodyEnd(['func a()', 'x', 'func b() {', '}'], 0), 1);
  });
});
