import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clampBudgetMs, DEFAULT_MEASURE_SETTINGS, MAX_BUDGET_MS_PER_CASE } from '../../../src/core/bench/suiteTypes';

describe('benchmark time budget per case', () => {
  it('caps a budget at 60 s and replaces nonsense with the default (DEFAULT_MEASURE_SETTINGS)', () => {
    assert.equal(clampBudgetMs(500), 500);
    assert.equal(clampBudgetMs(3_600_000), 60_000);
    assert.equal(clampBudgetMs(0), DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
    assert.equal(clampBudgetMs(-5), DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
    assert.equal(clampBudgetMs('9000'), DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
    assert.equal(clampBudgetMs(Number.NaN), DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
  });

  it('declares the same maximum on the setting', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    assert.equal(manifest.contributes.configuration.properties['dynamoHotpath.benchmark.budgetMsPerCase'].maximum, MAX_BUDGET_MS_PER_CASE);
  });
});
