import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sourceMapLines } from '../../src/cli/analyzeRepairText';
import type { Analysis } from '../../src/core/analysis/types';

const analysis = (files: { status: 'mapped' | 'plain-js'; weight: number }[], mappedWeight: number) =>
  ({
    totalWeight: 100,
    sourceMaps: { mappedWeight, missingWeight: 0, files: files.map((f, i) => ({ profileFile: `/app/f${i}.js`, generatedFile: `f${i}.js`, frames: 1, unmappedFrames: 0, ...f })) },
  }) as unknown as Analysis;

describe('sourceMapLines', () => {
  it('says nothing about source maps for plain JavaScript', () => {
    assert.deepEqual(sourceMapLines(analysis([{ status: 'plain-js', weight: 40 }], 0)), []);
  });

  it('prints the share of the profile through mapped files', () => {
    const lines = sourceMapLines(analysis([{ status: 'mapped', weight: 30 }, { status: 'mapped', weight: 25 }], 30));
    assert.equal(lines[1], 'Source maps: 2 generated files mapped to their sources (30.0% of the profile runs through them)');
  });
});
