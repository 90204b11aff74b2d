import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readProfileFile } from '../../../src/core/profile/read';
import { buildFrameKeys } from '../../../src/core/analysis/frameKeys';
import { computeFlatCum } from '../../../src/core/analysis/flatCum';
import { parseList, parseTop } from '../../helpers/pprofText';

const DIR = 'fixtures/go-adserver/profiles';
/** pprof prints CPU in 10 ms steps at this profile's 100 Hz rate; compare in those steps. */
const tenMs = (ns: number) => Math.round(ns / 1e7);

for (const stem of ['before-v1', 'after-v2', 'before-v1-trimpath']) {
  describe(`flat/cum of ${stem}.pb.gz equal go tool pprof`, async () => {
    const profile = await readProfileFile(`${DIR}/${stem}.pb.gz`);
    const keys = buildFrameKeys(profile);
    const tables = computeFlatCum(profile, keys);
    const byName = new Map<string, { flat: number; cum: number }>();
    keys.functions.forEach((f, id) => {
      const prev = byName.get(f.name) ?? { flat: 0, cum: 0 };
      byName.set(f.name, { flat: prev.flat + tables.functionFlat[id]!, cum: prev.cum + tables.functionCum[id]! });
    });

    for (const kind of ['top-cum', 'top-flat']) {
      it(`per function, every row of ${stem}.${kind}.txt`, () => {
        const rows = parseTop(readFileSync(`${DIR}/${stem}.${kind}.txt`, 'utf8'));
        assert.ok(rows.length >= 40, `parsed ${rows.length} rows`);
        for (const row of rows) {
          const ours = byName.get(row.name);
          assert.ok(ours, `missing function ${row.name}`);
          assert.deepEqual([tenMs(ours.flat), tenMs(ours.cum)], [tenMs(row.flatNs), tenMs(row.cumNs)], row.name);
        }
      });
    }

    it(`per source line, every line of ${stem}.list.txt`, () => {
      const lines = parseList(readFileSync(`${DIR}/${stem}.list.txt`, 'utf8'));
      assert.ok(lines.length > 50, `parsed ${lines.length} lines`);
      const byLine = new Map<string, { flat: number; cum: number }>();
      keys.lines.forEach((l, id) => {
        byLine.set(`${l.file}:${l.line}`, { flat: tables.lineFlat[id]!, cum: tables.lineCum[id]! });
      });
      for (const l of lines) {
        // -trimpath listings print the trimmed path (`internal/…`); the profile records the module path.
        const candidates = [...byLine.keys()].filter((k) => k === `${l.file}:${l.line}` || k.endsWith(`/${l.file}:${l.line}`));
        assert.equal(candidates.length, 1, `${l.file}:${l.line} matched ${candidates.length} lines`);
        const ours = byLine.get(candidates[0]!)!;
        assert.deepEqual([tenMs(ours.flat), tenMs(ours.cum)], [tenMs(l.flatNs), tenMs(l.cumNs)], `${l.routine} ${l.file}:${l.line}`);
      }
    });

    it('never reports cum above the total, recursion included', () => {
      const max = Math.max(...tables.functionCum, ...tables.lineCum);
      assert.ok(max <= profile.totalWeight, `max cum ${max} > total ${profile.totalWeight}`);
      const recursive = byName.get('github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalAny');
      if (stem.startsWith('before')) assert.ok(recursive && recursive.cum < profile.totalWeight * 0.7);
    });
  });
}
