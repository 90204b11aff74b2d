// A pprof as `record` writes it since context ids: each sample carries only `ddb.ctx`, the
// profile one stackless zero-valued sample per context with its full label set. Written with
// pprof-format (the library @datadog/pprof encodes with) and read through both readers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Function as PprofFunction, Label, Line, Location, Profile as PprofProfile, Sample, StringTable, ValueType } from 'pprof-format';
import type { Profile } from '../../../src/core/profile/model';
import { parseProfile, readProfileFile } from '../../../src/core/profile/read';

const QUERY = { 'ddb.ctx': '0 Query repo.js:12', 'ddb.call_site': '/app/dist/repo.js:12:27', 'ddb.operation': 'Query', 'ddb.function': 'listOrders' };
const PUT = { 'ddb.ctx': '1 PutItem repo.js:30', 'ddb.call_site': '/app/dist/repo.js:30:9', 'ddb.operation': 'PutItem', 'ddb.function': 'saveOrder' };

/** `parse` samples labelled Query (1 + 2 ms), PutItem (4 ms), an id with no table entry (8 ms), none (16 ms). */
function recordedPprof(tables: readonly Record<string, string>[]): Uint8Array {
  const strings = new StringTable();
  const id = (value: string) => [new Label({ key: strings.dedup('ddb.ctx'), str: strings.dedup(value) })];
  const ms = (n: number) => [n, n * 1_000_000];
  const profile = new PprofProfile({
    sampleType: [new ValueType({ type: strings.dedup('sample'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('wall'), unit: strings.dedup('nanoseconds') })],
    function: [new PprofFunction({ id: 1, name: strings.dedup('parse'), systemName: strings.dedup('parse'), filename: strings.dedup('/app/node_modules/aws-sdk/lib/json/parser.js') })],
    location: [new Location({ id: 1, line: [new Line({ functionId: 1, line: 40 })] })],
    sample: [
      new Sample({ locationId: [1], value: ms(1), label: id(QUERY['ddb.ctx']) }),
      new Sample({ locationId: [1], value: ms(4), label: id(PUT['ddb.ctx']) }),
      new Sample({ locationId: [1], value: ms(2), label: id(QUERY['ddb.ctx']) }),
      new Sample({ locationId: [1], value: ms(8), label: id('7 GetItem repo.js:50') }),
      new Sample({ locationId: [1], value: ms(16) }),
      ...tables.map((set) => new Sample({ locationId: [], value: [0, 0], label: Object.entries(set).map(([k, v]) => new Label({ key: strings.dedup(k), str: strings.dedup(v) })) })),
    ],
    stringTable: strings,
  });
  return profile.encode();
}

/** ms of weight per `ddb.function` (`-` unlabelled, `id only` a set without a function). */
function weightByFunction(p: Profile): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of p.samples) {
    const set = s.labels === undefined ? undefined : p.labelSets![s.labels]!;
    const key = set === undefined ? '-' : (set['ddb.function'] ?? 'id only');
    out[key] = (out[key] ?? 0) + s.weight / 1_000_000;
  }
  return out;
}

describe('pprof context ids (ddb.ctx): each sample gets its context\'s full label set', () => {
  it('in memory and streamed from a file: samples get the full set of their id, the table samples add no weight', async () => {
    const bytes = recordedPprof([QUERY, PUT]);
    const dir = mkdtempSync(join(tmpdir(), 'dhp-ctx-'));
    try {
      writeFileSync(join(dir, 'rec.pb.gz'), gzipSync(bytes));
      for (const p of [parseProfile(bytes, 'rec.pb'), await readProfileFile(join(dir, 'rec.pb.gz'))]) {
        assert.deepEqual(weightByFunction(p), { listOrders: 3, saveOrder: 4, 'id only': 8, '-': 16 });
        assert.equal(p.totalWeight, 31_000_000);
        const query = p.samples.find((s) => s.weight === 1_000_000)!;
        assert.deepEqual(p.labelSets![query.labels!], QUERY);
        assert.deepEqual(p.warnings, ['1 recorded context id (ddb.ctx "7 GetItem repo.js:50") without the context\'s labels in the profile: their samples are credited to no call site']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no table at all: every id is named in one warning, nothing is credited to a function', () => {
    const p = parseProfile(recordedPprof([]), 'no-table.pb');
    assert.deepEqual(weightByFunction(p), { 'id only': 15, '-': 16 });
    assert.match(p.warnings.join('\n'), /^3 recorded context ids \(ddb\.ctx "0 Query repo\.js:12", "1 PutItem repo\.js:30", "7 GetItem repo\.js:50"\)/);
  });
});
