/**
 * Our pprof decoder against pprof-format (the reference reader in `pprofReference.ts`): every
 * pprof fixture of the repository, from Go, @datadog/pprof, google/pprof, Parca and pprof-format
 * itself, must give the same profile — the same frames in the same order, the same stacks,
 * weights, counts and labels — and so must mutated copies wherever pprof-format reads them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ProfileError } from '../../../src/core/profile/errors';
import type { Profile } from '../../../src/core/profile/model';
import { resolveLimits } from '../../../src/core/profile/limits';
import { buildPprofProfile } from '../../../src/core/profile/pprofBuild';
import { decodePprofFile } from '../../../src/core/profile/pprofStream';
import { parseProfile } from '../../../src/core/profile/read';
import { seededRandom } from '../../../src/core/seededRandom';
import { fixture } from './helpers';
import { referenceParsePprof } from './pprofReference';
import { expandContextLabels } from '../../../src/core/profile/contextLabels';

function pprofFixtures(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) pprofFixtures(path, out);
    else if (/\.(pb\.gz|pb|pprof)$/.test(name)) out.push(path);
  }
  return out.sort();
}

const FIXTURES = pprofFixtures('fixtures');

function raw(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

/** The profile as plain data: what any consumer can observe. */
function observable(p: Profile) {
  return {
    format: p.format,
    sampleType: p.sampleType,
    sampleTypes: p.sampleTypes,
    durationNs: p.durationNs,
    totalWeight: p.totalWeight,
    idleWeight: p.idleWeight,
    labelSets: p.labelSets,
    warnings: p.warnings,
    frames: p.frames,
    samples: p.samples.map((s) => ({ stack: Array.from(s.stack), weight: s.weight, count: s.count, labels: s.labels })),
  };
}

type Outcome = { profile: ReturnType<typeof observable> } | { error: unknown };

function outcome(read: () => Profile): Outcome {
  try {
    return { profile: observable(read()) };
  } catch (error) {
    return { error };
  }
}

const references = new Map<string, Outcome>();
/** pprof-format's reading of a fixture, once per run (it is the slow part of these tests). */
function referenceOf(path: string): Outcome {
  let known = references.get(path);
  // `parseProfile` expands the context ids of profiles `record` wrote after decoding (contextLabels.ts): the same step on both sides.
  if (!known) references.set(path, (known = outcome(() => expandContextLabels(referenceParsePprof(raw(fixture(path)), path)))));
  return known;
}

describe('pprof decoder = pprof-format (differential)', () => {
  it(`reads all ${FIXTURES.length} pprof fixtures exactly as pprof-format does`, () => {
    assert.ok(FIXTURES.length >= 12, FIXTURES.join(', '));
    let compared = 0;
    for (const path of FIXTURES) {
      const ours = outcome(() => parseProfile(fixture(path), path));
      const reference = referenceOf(path);
      if ('error' in ours && ours.error instanceof ProfileError && ours.error.code === 'unsymbolized') {
        // Addresses only (Parca's stripped profile): pprof-format reads them, we refuse to guess names.
        assert.ok('profile' in reference && reference.profile.frames.every((f) => /^0x[0-9a-f]+$/.test(f.name) && f.file === ''), path);
        continue;
      }
      assert.ok('profile' in ours, `${path}: ${'error' in ours ? String(ours.error) : ''}`);
      assert.ok('profile' in reference, `${path}: pprof-format: ${'error' in reference ? String(reference.error) : ''}`);
      // Stringified first: deepStrictEqual over 500,000 stack entries is slow; it reports a difference.
      if (JSON.stringify(ours.profile) !== JSON.stringify(reference.profile)) assert.deepStrictEqual(ours.profile, reference.profile, path);
      compared++;
    }
    assert.equal(compared, FIXTURES.length - 1);
  });

  it('reads every fixture as a stream, raw (counted first) and gzipped, in chunks that split fields, as pprof-format does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dhp-chunked-'));
    let compared = 0;
    for (const path of FIXTURES) {
      const reference = referenceOf(path);
      const whole = outcome(() => parseProfile(fixture(path), path));
      if ('error' in whole && whole.error instanceof ProfileError && whole.error.code === 'unsymbolized') continue; // refused, as above
      assert.ok('profile' in reference, path);
      const rawPath = join(dir, `${basename(path)}.raw`);
      writeFileSync(rawPath, raw(fixture(path)));
      // 61-byte reads split tags, lengths and packed runs all through the small files; the large ones in 4 kB + 3 reads.
      const chunk = statSync(rawPath).size < 100_000 ? 61 : 4099;
      for (const file of [rawPath, path]) {
        const decoded = await decodePprofFile(file, path, resolveLimits(undefined), chunk);
        assert.ok(decoded, `${file} was not streamed`);
        const streamed = observable(expandContextLabels(buildPprofProfile(decoded, path)));
        if (JSON.stringify(streamed) !== JSON.stringify(reference.profile)) assert.deepStrictEqual(streamed, reference.profile, `${file} in ${chunk}-byte chunks`);
        compared++;
      }
    }
    assert.equal(compared, 2 * (FIXTURES.length - 1));
  });

  it('reads labels, inlined frames and non-packed repeated fields like pprof-format', () => {
    const labelled = parseProfile(fixture('fixtures/third-party/pprof/parca_profile-with-labels.pb.gz'), 'labels.pb.gz');
    assert.ok(labelled.labelSets && labelled.labelSets.length > 0);
    const inlined = parseProfile(fixture('fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz'), 'large.pb.gz');
    assert.ok(inlined.frames.some((f) => f.inlined));
    const nonPacked = parseProfile(fixture('fixtures/third-party/pprof/pprof-format_non-packed-repeated.pb'), 'np.pb');
    assert.deepEqual(nonPacked.samples.map((s) => s.count), referenceParsePprof(fixture('fixtures/third-party/pprof/pprof-format_non-packed-repeated.pb'), 'np.pb').samples.map((s) => s.count));
  });

  it('mutated fixtures: where pprof-format reads a profile, ours is the same one', () => {
    const seeds = FIXTURES.filter((p) => !/stripped|large/.test(p)).map((p) => raw(fixture(p)));
    const random = seededRandom(13);
    const tally = { same: 0, oursStricter: 0, referenceStricter: 0, bothRefused: 0 };
    for (let run = 0; run < 160; run++) {
      const copy = Uint8Array.from(seeds[run % seeds.length]!);
      const edits = 1 + Math.floor(random() * 4);
      for (let k = 0; k < edits; k++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      const ours = outcome(() => parseProfile(copy, 'mutated.pb'));
      if ('error' in ours) assert.ok(ours.error instanceof ProfileError && ours.error.message.startsWith('mutated.pb: '), String(ours.error));
      const reference = outcome(() => expandContextLabels(referenceParsePprof(copy, 'mutated.pb')));
      if ('profile' in reference && 'profile' in ours) {
        if (JSON.stringify(ours.profile) !== JSON.stringify(reference.profile)) assert.deepStrictEqual(ours.profile, reference.profile, `run ${run}`);
        tally.same++;
      } else if ('profile' in reference) tally.oursStricter++;
      else if ('profile' in ours) {
        // pprof-format cannot skip unknown fixed32/fixed64 fields (proto3 allows them): the only case it refuses and we read.
        assert.match(String((reference as { error: unknown }).error), /Unrecognized value type: [15]/);
        tally.referenceStricter++;
      } else tally.bothRefused++;
    }
    assert.ok(tally.same > 30 && tally.oursStricter + tally.referenceStricter < tally.same, JSON.stringify(tally));
  });
});
