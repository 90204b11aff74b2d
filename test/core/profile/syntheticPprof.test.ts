import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSyntheticPprof, writeSyntheticPprof } from '../../../perf/syntheticPprof';
import { parseProfile, readProfileFile } from '../../../src/core/profile/read';

describe('perf/syntheticPprof: the synthetic Go CPU profile of the load benchmark', () => {
  it('writes about the requested raw size, and the reader loads it with DynamoDB-looking frames', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'synthetic-pprof-')), 'synthetic.pb');
    const requested = 300_000;
    const { samples, rawBytes } = await writeSyntheticPprof(path, requested);
    assert.equal(statSync(path).size, rawBytes);
    assert.ok(rawBytes >= requested && rawBytes < requested * 1.01, String(rawBytes));
    const p = await readProfileFile(path);
    assert.equal(p.samples.length, samples);
    assert.deepEqual(p.sampleType, { type: 'cpu', unit: 'nanoseconds' });
    assert.equal(p.totalWeight, p.samples.reduce((a, s) => a + s.count, 0) * 10_000_000);
    assert.ok(p.frames.some((f) => f.name === 'github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.unmarshaler.unmarshalStruct'));
    assert.ok(p.frames.some((f) => f.file === '/home/dev/adserver/internal/repository/ddbv1/adapter.go'));
    assert.ok(p.frames.some((f) => f.inlined));
    assert.ok(Math.max(...p.samples.map((s) => s.stack.length)) <= 64 * 2);
  });

  it('is deterministic for a given size', () => {
    const a = buildSyntheticPprof(50_000);
    const b = buildSyntheticPprof(50_000);
    assert.deepEqual(a.bytes, b.bytes);
    assert.equal(parseProfile(a.bytes, 'a.pb').samples.length, a.samples);
  });
});
