import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanFetchedProfiles, DEFAULT_RETENTION, filesToRemove } from '../../src/client/fleet/retention';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-01T12:00:00Z');

/** Writes `name` (`bytes` long) into `dir`, last modified `daysAgo` days before NOW. */
function put(dir: string, name: string, daysAgo: number, bytes = 100): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.alloc(bytes));
  const t = new Date(NOW - daysAgo * DAY);
  utimesSync(path, t, t);
  return path;
}

/** A Pyroscope download's name, as defaultOutName writes it, for a window `i` hours back. */
const fetched = (i: number) => `adserver_2026-11-${String(30 - (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}-00-00Z_2026-11-30T23-00-00Z.pb.gz`;

describe('fleet storage clean-up: fetched profiles on a real folder', () => {
  let root: string;
  before(() => (root = mkdtempSync(join(tmpdir(), 'dhp-retention-'))));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('14 downloads one a day, keep 10 newest or 7 days: the 4 oldest go, except the one loaded; other files stay', async () => {
    const dir = join(root, 'daily');
    mkdirSync(dir);
    const names = Array.from({ length: 14 }, (_, day) => fetched(day));
    names.forEach((name, day) => put(dir, name, day, 1000 + day));
    const loaded = join(dir, names[12]!);
    put(dir, 'notes.txt', 30);
    put(dir, `${names[0]}.partial-4242`, 2);
    put(dir, `${names[1]}.partial-4343`, 0.1);
    mkdirSync(join(dir, 'subfolder'));

    const result = await cleanFetchedProfiles(dir, { keepLast: 10, keepDays: 7 }, [loaded, '/elsewhere/other.pb.gz'], NOW);

    assert.deepEqual(result.removed, [names[10], names[11], names[13], `${names[0]}.partial-4242`]);
    assert.equal(result.freedBytes, 1010 + 1011 + 1013 + 100);
    assert.deepEqual(result.failed, []);
    const left = readdirSync(dir).sort();
    assert.equal(left.length, 14);
    assert.deepEqual(left, [...names.slice(0, 10), names[12], `${names[1]}.partial-4343`, 'notes.txt', 'subfolder'].sort());
  });

  it('15 downloads today: all younger than 7 days, so none goes although 5 are past the newest 10', async () => {
    const dir = join(root, 'today');
    mkdirSync(dir);
    for (let i = 0; i < 15; i++) put(dir, fetched(i), i / 24);
    const result = await cleanFetchedProfiles(dir, { keepLast: 10, keepDays: 7 }, [], NOW);
    assert.deepEqual(result.removed, []);
    assert.equal(readdirSync(dir).length, 15);
  });

  it('keep 0 and 0 days: every profile goes but the compared pair (paths given with ..)', async () => {
    const dir = join(root, 'none');
    mkdirSync(dir);
    const files = ['before_2026-12-01T09-50-00Z_2026-12-01T10-20-00Z.pb.gz', 'after_2026-12-01T10-40-00Z_2026-12-01T11-10-00Z.pb.gz', 'adserver_a.pb.gz', 'adserver_b.pb.gz', 'adserver_c.pb.gz'];
    files.forEach((f, i) => put(dir, f, i + 1));
    const inUse = [join(dir, '..', 'none', files[0]!), join(dir, files[1]!)];
    const result = await cleanFetchedProfiles(dir, { keepLast: 0, keepDays: 0 }, inUse, NOW);
    assert.deepEqual([...result.removed].sort(), ['adserver_a.pb.gz', 'adserver_b.pb.gz', 'adserver_c.pb.gz']);
    assert.deepEqual(readdirSync(dir).sort(), [files[1], files[0]].sort());
  });

  it('a storage folder not created yet holds nothing to remove', async () => {
    assert.deepEqual(await cleanFetchedProfiles(join(root, 'never-created'), DEFAULT_RETENTION, [], NOW), { removed: [], freedBytes: 0, failed: [] });
  });

  it('the count rule alone (0 days) keeps exactly the newest N; equal times are ordered by name', () => {
    const files = ['c.pb.gz', 'a.pb.gz', 'b.pb.gz', 'd.pb.gz'].map((name) => ({ name, mtimeMs: NOW - 3 * DAY, bytes: 1 }));
    const removed = filesToRemove(files, { keepLast: 2, keepDays: 0 }, new Set(), NOW).map((f) => f.name);
    assert.deepEqual(removed, ['c.pb.gz', 'd.pb.gz']);
  });

  it('package.json declares the defaults the code falls back to', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
    const properties = manifest.contributes.configuration.properties;
    assert.equal(properties['dynamoHotpath.pyroscope.keepProfiles'].default, DEFAULT_RETENTION.keepLast);
    assert.equal(properties['dynamoHotpath.pyroscope.keepDays'].default, DEFAULT_RETENTION.keepDays);
  });
});
