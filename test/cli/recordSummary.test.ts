// `record`'s summary: one line per call site and first caller; contexts that differ only in outer
// callers (the same helper line reached from a handler called by a warm-up loop and by the request
// loop) are one line with their calls added.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recordedSiteLines } from '../../src/cli/recordSummary';
import { CALL_SITE_LABEL, CALLERS_LABEL, callersLabel, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL } from '../../src/core/analysis/recorderLabels';

const site = { [CALL_SITE_LABEL]: '/srv/db.js:8:20', [FUNCTION_LABEL]: 'query', [OPERATION_LABEL]: 'Query', [CLIENT_LABEL]: 'DocumentClient' };
const listOrders = { file: '/srv/handlers.js', line: 10, column: 5, functionName: 'listOrders' };

describe('record summary lines', () => {
  it('merges contexts whose first caller is the same, sums their calls, heaviest first', () => {
    const lines = recordedSiteLines([
      { labels: { ...site, [CALLERS_LABEL]: callersLabel([listOrders, { file: '/srv/main.js', line: 9, column: 3, functionName: 'warmUp' }]) }, calls: 30 },
      { labels: { ...site, [CALLERS_LABEL]: callersLabel([{ ...listOrders, line: 5, functionName: 'listBadges' }]) }, calls: 100 },
      { labels: { ...site, [CALLERS_LABEL]: callersLabel([listOrders, { file: '/srv/main.js', line: 20, column: 3, functionName: 'main' }]) }, calls: 412 },
      { labels: { [OPERATION_LABEL]: 'GetItem', [CLIENT_LABEL]: 'DynamoDBClient' }, calls: 2 },
    ]);
    assert.deepEqual(lines, [
      '      442  Query on DocumentClient  query  /srv/db.js:8:20  ← listOrders /srv/handlers.js:10:5',
      '      100  Query on DocumentClient  query  /srv/db.js:8:20  ← listBadges /srv/handlers.js:5:5',
      '        2  GetItem on DynamoDBClient    (no frame of your code on the stack)',
    ]);
  });
});
