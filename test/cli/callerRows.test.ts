// `analyze` of a recorded profile (test/fixtures/record-wrapper/profiles/wrapper-v2.pb.gz: the
// fixture service's one-line aws-sdk v2 helper called from two handlers, recorded against dynalite)
// prints each caller of the helper's call site as a row under it, and --json carries the split.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/runCli';

const PROFILE = 'test/fixtures/record-wrapper/profiles/wrapper-v2.pb.gz';
const ROOT = 'test/fixtures/record-wrapper';

describe('analyze: callers of a call site', () => {
  it('text: the helper row, then one ← row per handler line with its part, and the legend', () => {
    const r = runCli(['analyze', PROFILE, '--root', ROOT]);
    assert.equal(r.code, 0, r.stderr);
    const rows = r.stdout.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
    const at = rows.indexOf('db-v2.js:8 query 43.9% 25.2% unmarshal (aws-sdk v2 JSON parser, interpreted JS)');
    assert.ok(at >= 0, r.stdout);
    assert.equal(rows[at + 1], '← handlers.js:10 listOrders 24.1% part of db-v2.js:8 (query)');
    assert.equal(rows[at + 2], '← handlers.js:5 listBadges 1.1% part of db-v2.js:8 (query)');
    // warmUp is all its SDK call (a thin wrapper): its one caller gets a row too; the module's top level (db-v2.js:1) does not.
    assert.equal(rows[at + 3], 'main.js:13 warmUp 16.1% 6.3% unmarshal (aws-sdk v2 JSON parser, interpreted JS)');
    assert.equal(rows[at + 4], '← main.js:19 main 6.3% part of main.js:13 (warmUp)');
    assert.match(rows[at + 5]!, /^db-v2\.js:1 /);
    assert.doesNotMatch(rows[at + 6]!, /^←/);
    assert.match(r.stdout, /← lines: the callers of the call site above .* included in its row, not added to the totals/);
    assert.match(r.stdout, /DynamoDB marshalling: 31\.5% of the profile/);
  });

  it('--json: callers with their dynamoPercent summing with noCallerPercent to the call site', () => {
    const r = runCli(['analyze', PROFILE, '--root', ROOT, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const sites = JSON.parse(r.stdout).callSites as { file: string; line: number; dynamoPercent: number; callers?: { file: string; line: number; function: string; dynamoPercent: number }[]; noCallerPercent?: number }[];
    const helper = sites.find((s) => s.file === 'db-v2.js' && s.line === 8)!;
    assert.deepEqual(helper.callers!.map((c) => [c.file, c.line, c.function, c.dynamoPercent]), [
      ['handlers.js', 10, 'listOrders', 24.09],
      ['handlers.js', 5, 'listBadges', 1.12],
    ]);
    assert.equal(helper.noCallerPercent, 0);
    assert.equal(helper.dynamoPercent, 25.21);
    const warmUp = sites.find((s) => s.file === 'main.js' && s.line === 13)!;
    assert.deepEqual(warmUp.callers!.map((c) => [c.file, c.line, c.function]), [['main.js', 19, 'main']]);
    assert.equal((warmUp as { thinWrapper?: boolean }).thinWrapper, true);
    assert.equal((helper as { thinWrapper?: boolean }).thinWrapper, true);
  });
});
