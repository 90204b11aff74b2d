/**
 * Sample values that cannot be what they claim (issue 25, hole 6): values a double cannot hold
 * exactly (2^53 and past), the int64 minimum a broken writer leaves, negative values named as
 * negative (not "zero"), and a sample with more values than the profile has sample types named
 * as that, in pprof and in the readers that go through the sample collector (folded).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePprof } from '../../../src/core/profile/pprof';
import { parseProfile } from '../../../src/core/profile/read';
import { oneLocationPprof } from './oneLocationPprof';

const encode = oneLocationPprof;

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

describe('impossible sample values', () => {
  it('says that every sample is negative, and names the int64 minimum, instead of "zero cpu"', () => {
    assert.throws(() => parsePprof(encode([[1, INT64_MIN]]), 'v.pb'), {
      message:
        'v.pb: the profile has no samples: its 1 sample has a negative cpu value (−9,223,372,036,854,775,808, the smallest int64: a counter that overflowed or a writer bug)',
    });
    assert.throws(() => parsePprof(encode([[1, -5n], [1, 0]]), 'v.pb'), {
      message: 'v.pb: the profile has no samples: of its 2 samples, 1 has zero cpu (nanoseconds) and 1 a negative value',
    });
  });

  it('warns that values of 2^53 and more are not exact, in the weight column and in the count column', () => {
    const p = parsePprof(encode([[INT64_MAX, INT64_MAX], [INT64_MAX, INT64_MAX]]), 'v.pb');
    assert.equal(p.samples.length, 2);
    assert.ok(
      p.warnings.includes(
        "2 samples have a value of 2^53 (9,007,199,254,740,992) or more, which cannot be held exactly: figures that include them are rounded (2 at int64's largest value, 9,223,372,036,854,775,807: a saturated counter, not a measurement)",
      ),
      p.warnings.join('\n'),
    );
    assert.ok(p.warnings.includes("the cpu values add up past int64's largest value (9,223,372,036,854,775,807), which a pprof file cannot hold: the total is not a measurement"), p.warnings.join('\n'));
  });

  it('says when int64 counts fit one by one but their total does not', () => {
    const p = parsePprof(encode([[2n ** 62n, 10], [2n ** 62n, 10], [2n ** 62n, 10]]), 'v.pb');
    assert.ok(p.warnings.includes("the sample counts add up past int64's largest value (9,223,372,036,854,775,807), which a pprof file cannot hold: the total is not a measurement"), p.warnings.join('\n'));
  });

  it('keeps quiet for ordinary values and for totals a fleet merges below int64 (2^52 ns is 52 days of CPU)', () => {
    assert.deepEqual(parsePprof(encode([[1, 10_000_000], [2, 20_000_000]]), 'v.pb').warnings, []);
    assert.deepEqual(parsePprof(encode([[1, 2n ** 52n], [1, 2n ** 52n], [1, 2n ** 52n]]), 'v.pb').warnings, []);
  });

  it('names a sample with more values than sample types as that, whatever the values', () => {
    for (const values of [[[1, 2, 3]], [[1, 2, -1n, INT64_MIN]], [[1, 2], [1, 2, 2n ** 62n]]]) {
      assert.throws(() => parsePprof(encode(values), 'v.pb'), (err: Error) => {
        assert.match(err.message, /^v\.pb: sample \d has \d values but the profile declares 2 sample types \(one value per type\)/);
        return true;
      });
    }
  });

  it('says the same of folded counts past 2^53 and of folded files whose counts are all zero', () => {
    const p = parseProfile(new TextEncoder().encode('main;work 90071992547409930\nmain;idle 3\n'), 'x.folded');
    assert.ok(p.warnings.some((w) => w.startsWith('1 sample has a value of 2^53 (9,007,199,254,740,992) or more')), p.warnings.join('\n'));
    assert.throws(() => parseProfile(new TextEncoder().encode('main;work 0\n'), 'x.folded'), { message: 'x.folded: the profile has no samples: its 1 sample has zero samples (count)' });
  });
});
