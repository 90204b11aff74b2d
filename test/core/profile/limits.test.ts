/**
 * Hostile and huge inputs: profiles over the documented limits are refused with a message naming
 * the file and the limit, before they are read whole or decoded (issue 13: a 3 GiB gzip bomb took
 * 28 s and 6.4 GB before failing as "corrupt"; 10⁷ locations aborted the process).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseProfile, readProfileFile } from '../../../src/core/profile/read';
import { ProfileError } from '../../../src/core/profile/errors';
import { DEFAULT_PROFILE_LIMITS } from '../../../src/core/profile/limits';

const MB = 1024 * 1024;
const LARGE = 'fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz';

function tooLarge(pattern: RegExp) {
  return (e: unknown) => e instanceof ProfileError && e.code === 'too-large' && pattern.test(e.message);
}

describe('profile limits', () => {
  it('documents 128 MB and 2,000,000 table entries as the defaults', () => {
    assert.deepEqual(DEFAULT_PROFILE_LIMITS, { maxBytes: 128 * MB, maxTableEntries: 2_000_000 });
  });

  it('stops a gzip bomb at the default limit, quickly, as too large rather than corrupt', () => {
    const bomb = gzipSync(Buffer.alloc(160 * MB), { level: 1 });
    assert.ok(bomb.length < 1 * MB);
    const t0 = performance.now();
    assert.throws(() => parseProfile(bomb, 'bomb.pb.gz'), tooLarge(/^bomb\.pb\.gz: it inflates to more than 128 MB, the limit for a profile; raise the limit with the setting dynamoHotpath\.limits\.maxProfileMB or the --max-profile-mb flag/));
    assert.ok(performance.now() - t0 < 10_000);
  });

  it('applies a lower limit to the inflated size and to the file on disk', async () => {
    const profile = readFileSync(LARGE);
    const raw = gunzipSync(profile);
    assert.ok(raw.length > 2 * MB && profile.length < 2 * MB);
    assert.throws(() => parseProfile(profile, 'large.pb.gz', { limits: { maxBytes: 2 * MB } }), tooLarge(/inflates to more than 2 MB/));
    const file = join(mkdtempSync(join(tmpdir(), 'dhp-limits-')), 'raw.pb');
    writeFileSync(file, raw);
    await assert.rejects(readProfileFile(file, { limits: { maxBytes: 2 * MB } }), tooLarge(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: the file is larger than 2 MB`)));
    assert.equal((await readProfileFile(file)).format, 'pprof');
  });

  it('refuses a pprof table with more entries than the limit, naming the table', () => {
    const profile = readFileSync(LARGE);
    assert.throws(() => parseProfile(profile, 'large.pb.gz', { limits: { maxTableEntries: 1000 } }), tooLarge(/more than 1,000 (locations|functions|strings), the limit for one pprof table/));
    assert.ok(parseProfile(profile, 'large.pb.gz').samples.length > 1000);
  });
});
