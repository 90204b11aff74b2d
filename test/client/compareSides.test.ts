import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareParamsOf, sidesOfArgs, validateRequestCount } from '../../src/client/compareSides';

const P = '/home/me/profiles';

describe('Compare with Baseline: the sides as picked → the server request', () => {
  it('one baseline against the loaded profile: the request of before, empty counts left out (run records)', () => {
    assert.deepEqual(compareParamsOf([{ path: `${P}/before-v1.pb.gz`, requests: '' }], [{ requests: ' ' }]), { baselinePath: `${P}/before-v1.pb.gz` });
  });

  it('two runs per side with typed counts: the first of each side, then the others as replicates', () => {
    const params = compareParamsOf(
      [{ path: `${P}/v1-r1.pb.gz`, requests: '990' }, { path: `${P}/v1-r2.pb.gz` }],
      [{ requests: '1.585k' }, { path: `${P}/v2-r2.pb.gz`, requests: '49.35/s*20s' }],
    );
    assert.deepEqual(params, {
      baselinePath: `${P}/v1-r1.pb.gz`,
      baselineRequests: '990',
      afterRequests: '1.585k',
      moreBaselines: [{ path: `${P}/v1-r2.pb.gz` }],
      moreAfters: [{ path: `${P}/v2-r2.pb.gz`, requests: '49.35/s*20s' }],
    });
  });

  it('refuses no baseline, and a new profile without a path after the first', () => {
    assert.throws(() => compareParamsOf([], [{}]), /needs a baseline profile/);
    assert.throws(() => compareParamsOf([{ path: 'a' }], [{}, { requests: '3' }]), /every new profile but the loaded one needs a path/);
  });

  it('reads the command argument: one path or several per side, counts in the same order', () => {
    const toPath = (x: string) => x.replace(/^file:\/\//, '');
    assert.deepEqual(sidesOfArgs({ baseline: `file://${P}/a.pb.gz` }, toPath), { baselines: [{ path: `${P}/a.pb.gz` }], afters: [{}] });
    assert.deepEqual(sidesOfArgs({ baseline: ['a', 'b'], baselineRequests: ['10', '12'], afterRequests: '11' }, toPath), {
      baselines: [{ path: 'a', requests: '10' }, { path: 'b', requests: '12' }],
      afters: [{ requests: '11' }],
    });
    assert.deepEqual(sidesOfArgs({ baseline: 'a', after: ['c', 'd'], afterRequests: ['5'] }, toPath).afters, [{ path: 'c', requests: '5' }, { path: 'd' }]);
  });

  it('validates a typed request count as the core reads it', () => {
    assert.equal(validateRequestCount(''), undefined);
    assert.equal(validateRequestCount('30.06M'), undefined);
    assert.match(validateRequestCount('lots') ?? '', /'lots' is not a request count/);
  });
});
