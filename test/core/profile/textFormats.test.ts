import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { ProfileError } from '../../../src/core/profile/errors';
import type { Profile } from '../../../src/core/profile/model';
import { parseProfile } from '../../../src/core/profile/read';
import { fixture } from './helpers';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const names = (p: Profile, stack: Uint32Array): string[] => [...stack].map((id) => p.frames[id].name);

describe('folded stacks', () => {
  it('speedscope simple-with-invalids: comments, blank and invalid lines skipped, duplicates summed, leaf first', () => {
    const path = 'fixtures/third-party/collapsed/speedscope_simple-with-invalids.txt';
    const p = parseProfile(fixture(path), path);
    const byStack = new Map(p.samples.map((s) => [names(p, s.stack).join(';'), s.weight]));
    assert.deepEqual(Object.fromEntries(byStack), { 'c;b;a': 5, 'd;b;a': 4, 'b;a': 5 });
    assert.deepEqual(p.sampleType, { type: 'samples', unit: 'count' });
    assert.deepEqual(p.warnings, ['1 invalid lines skipped (not `frame;…;frame COUNT`)']);
    assert.ok(p.frames.every((f) => f.file === '' && f.line === 0 && !f.inlined));
  });

  it('splits on the last whitespace: names with spaces, decimal counts, CRLF', () => {
    const p = parseProfile(
      text('main;LazyCompile:_tickDomainCallback node.js:387_[j];do work 2.5\r\nmain;idle 1\r\n\r\n'),
      'perf.folded',
    );
    assert.equal(p.totalWeight, 3.5);
    const top = p.samples.find((s) => s.weight === 2.5)!;
    assert.deepEqual(names(p, top.stack), ['do work', '_tickDomainCallback', 'main']);
    assert.deepEqual(p.frames[top.stack[1]!], { name: '_tickDomainCallback', file: 'node.js', line: 387, inlined: false });
  });

  it("V8's `(idle)` leaf of a Node exporter is idle time, out of the total as in the .cpuprofile", () => {
    const p = parseProfile(text('node;(root);(idle) 1725\nnode;(root);main (/srv/app.js:3:1);query (/srv/db.js:8:20) 270\nnode;(root);(program) 240\n'), 'node.folded');
    assert.equal(p.totalWeight, 510);
    assert.equal(p.idleWeight, 1725);
    assert.deepEqual(p.warnings, ['1725 `(idle)` samples (V8\'s idle thread) left out of the total, as in a .cpuprofile']);
  });

  it('reads a difffolded file by its second (after) count, with a warning', () => {
    const p = parseProfile(text('a;b 3 5\na;c 2 0\n'), 'diff.folded');
    assert.equal(p.totalWeight, 5);
    assert.equal(p.samples.length, 1);
    assert.match(p.warnings.join('\n'), /difffolded/);
  });

  it('starts with `[` yet is folded (perf `[unknown]` frames)', () => {
    const p = parseProfile(text('[unknown];main;work 7\n'), 'perf.txt');
    assert.equal(p.format, 'folded');
    assert.equal(p.totalWeight, 7);
  });

  it('gzipped folded text is detected from content', () => {
    const p = parseProfile(gzipSync(text('a;b 4\n')), 'stacks.gz');
    assert.equal(p.format, 'folded');
    assert.equal(p.totalWeight, 4);
  });

  it('all-zero counts → no-samples; prose → not-a-profile', () => {
    assert.throws(() => parseProfile(text('a;b 0\n'), 'zero.folded'), (e: unknown) => e instanceof ProfileError && e.code === 'no-samples');
    assert.throws(
      () => parseProfile(text('Hello world,\nthis is not a profile.\n'), 'notes.txt'),
      (e: unknown) => e instanceof ProfileError && e.code === 'not-a-profile' && e.message.startsWith('notes.txt: '),
    );
  });
});

describe('speedscope JSON', () => {
  it('sampled: stacks reversed to leaf first, seconds → ns, profiles merged', () => {
    const path = 'fixtures/third-party/speedscope/speedscope_0.6.0_two-sampled.speedscope.json';
    const p = parseProfile(fixture(path), path);
    assert.deepEqual(p.sampleType, { type: 'time', unit: 'nanoseconds' });
    assert.equal(p.totalWeight, 28e9);
    const heaviest = p.samples.reduce((a, b) => (b.weight > a.weight ? b : a));
    assert.equal(heaviest.weight, 5e9);
    assert.deepEqual(names(p, heaviest.stack), ['b', 'a']);
    assert.equal(p.durationNs, 14e9);
  });

  it('evented: converted by charging each interval to the open stack', () => {
    const path = 'fixtures/third-party/speedscope/speedscope_0.0.1_simple-evented.speedscope.json';
    const p = parseProfile(fixture(path), path);
    assert.equal(p.totalWeight, 14);
    const first = p.samples[0];
    assert.equal(first.weight, 2);
    assert.equal(p.frames[first.stack[first.stack.length - 1]].name, p.frames[0].name);
  });

  it('keeps file and line of frames', () => {
    const json = {
      $schema: 'https://www.speedscope.app/file-format-schema.json',
      shared: { frames: [{ name: 'main', file: '/app/main.js', line: 3 }, { name: 'work', file: 'file:///app/my%20lib.js', line: 12 }] },
      profiles: [{ type: 'sampled', name: 't', unit: 'milliseconds', startValue: 0, endValue: 10, samples: [[0, 1]], weights: [10] }],
    };
    const p = parseProfile(text(JSON.stringify(json)), 'x.speedscope.json');
    assert.deepEqual(p.frames[p.samples[0].stack[0]], { name: 'work', file: '/app/my lib.js', line: 12, inlined: false });
    assert.equal(p.totalWeight, 10e6);
  });

  it('a frame index out of range is bad-reference', () => {
    const json = { shared: { frames: [{ name: 'a' }] }, profiles: [{ type: 'sampled', unit: 'none', samples: [[0, 5]], weights: [1] }] };
    assert.throws(
      () => parseProfile(text(JSON.stringify(json)), 'bad.json'),
      (e: unknown) => e instanceof ProfileError && e.code === 'bad-reference',
    );
  });
});
