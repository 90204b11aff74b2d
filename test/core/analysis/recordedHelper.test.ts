// A call through a promisify-style helper (`call(client, method, params)` whose promise executor
// calls aws-sdk v2), recorded with `dynamo-hotpath record` against dynalite
// (test/fixtures/record-promisify/record.sh): the rows name the business lines past the helper,
// feed.js:4 loadFeed and feed.js:9 loadBadges, with the helper as their path — not two rows inside it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFile } from '../../../src/core/analysis/analyzeFile';
import { recordedHelperDepth } from '../../../src/core/analysis/recordedCallSites';
import { CALL_SITE_LABEL, CALLERS_LABEL } from '../../../src/core/analysis/recorderLabels';

const ROOT = 'test/fixtures/record-promisify';

describe('record: a call through a promisify-style helper', async () => {
  const { analysis: a } = await analyzeFile(`${ROOT}/profiles/promisify-v2.pb.gz`, { root: ROOT });

  it('credits the business lines, not the helper\'s own lines, with the helper as the path', () => {
    const rows = a.callSites.map((s) => `${s.relativePath}:${s.line} ${s.functionName}${s.through ? ` via ${s.through.map((t) => `${t.relativePath}:${t.line}`).join(' → ')}` : ''}`);
    assert.ok(!rows.some((r) => r.startsWith('util.js')), rows.join('\n'));
    assert.deepEqual(rows.slice(0, 2), ['feed.js:4 loadFeed via util.js:3 → util.js:4', 'feed.js:9 loadBadges via util.js:3 → util.js:4']);
    const [feed, badges] = a.callSites as [(typeof a.callSites)[number], (typeof a.callSites)[number]];
    assert.ok(feed.dynamoWeight > 3 * badges.dynamoWeight, 'the wide feed items cost more than the small badges');
    assert.ok(feed.labelledWeight! > 0.9 * feed.dynamoWeight, 'measured through the recorded labels');
    assert.equal(feed.chain[0]!.name, 'loadFeed');
  });

  it('leaves a one-line wrapper and a call with no helper as they were', () => {
    const site = (file: string, callers: string[]) => ({ [CALL_SITE_LABEL]: `${file}:4:19`, [CALLERS_LABEL]: callers.map((c) => `${c}:1:1\tf`).join('\n') });
    assert.equal(recordedHelperDepth(site('/app/util.js', ['/app/util.js', '/app/feed.js', '/app/main.js'])), 2);
    assert.equal(recordedHelperDepth(site('/app/db.js', ['/app/handlers.js', '/app/main.js'])), 0, 'one-line wrapper: its callers split it');
    assert.equal(recordedHelperDepth(site('/app/feed.js', [])), 0);
    assert.equal(recordedHelperDepth(site('/app/feed.js', ['/app/feed.js'])), 0, 'no line outside the file: no helper to look past');
  });
});
