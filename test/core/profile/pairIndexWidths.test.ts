/**
 * PairIndex keeps the second numbers of its pairs in 32 bits while every one is a uint32 (string
 * ids, line numbers) and in 64-bit floats from the first that is not: ids stay those of first
 * sight, and a number that 32 bits would wrap (2^32 + 7, −1) is never taken for another.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PairIndex } from '../../../src/core/profile/columns/pairIndex';

describe('PairIndex second numbers', () => {
  it('widens at the first second number that is not a uint32, keeping every pair and id', () => {
    const index = new PairIndex(4);
    const pairs: [number, number][] = [];
    for (let i = 0; i < 300; i++) pairs.push([i % 7, i]);
    pairs.push([1, 2 ** 32 - 1], [1, 2 ** 32 + 7], [1, -1], [2, 2.5], [3, 2 ** 40]);
    for (let i = 300; i < 600; i++) pairs.push([i % 7, i]);
    pairs.forEach(([a, b], id) => assert.equal(index.idOf(a, b), id, `(${a}, ${b})`));
    pairs.forEach(([a, b], id) => assert.equal(index.idOf(a, b), id, `(${a}, ${b}) again`));
    assert.equal(index.size, 605);
    // Numbers 32 bits would confuse with ones already held: new pairs.
    assert.equal(index.idOf(1, 2 ** 32 + 8), 605);
    assert.equal(index.idOf(1, 7), 606);
    assert.equal(index.idOf(4, 2 ** 32 + 4), 607);
  });
});
