import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULT_MEASURE_SETTINGS } from '../../../src/core/bench/suiteTypes';
import { DEFAULT_PROCESS_POLICY } from '../../../src/core/bench/policy';

describe('benchmark defaults', () => {
  it('the editor settings declare the defaults the CLI and the core use', () => {
    const properties = JSON.parse(readFileSync('package.json', 'utf8')).contributes.configuration.properties;
    const def = (key: string) => properties[`dynamoHotpath.benchmark.${key}`].default;
    assert.equal(def('budgetMsPerCase'), DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
    assert.equal(def('processes'), DEFAULT_PROCESS_POLICY.minProcesses);
    assert.equal(def('maxProcesses'), DEFAULT_PROCESS_POLICY.maxProcesses);
    assert.equal(def('timeBudgetSeconds') * 1000, DEFAULT_PROCESS_POLICY.timeBudgetMs);
    assert.ok(DEFAULT_PROCESS_POLICY.minProcesses >= 3, 'at least 3 processes by default (issue 12)');
  });
});
