import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { matchCallSites, matchUserFunctions } from '../../../src/core/compare/match';
import { pairByKey, startPairing } from '../../../src/core/compare/pairing';
import { callSite, userFunction } from './makeAnalysis';

describe('matchUserFunctions', () => {
  it('pairs a renamed function through a call-site line they share', () => {
    const b = callSite('github.com/x/svc/repo.(*Repo).LoadActivity', 'repo/user.go', 40, 5e9, 'protocol-unmarshal');
    const a = callSite('github.com/x/svc/repo.(*Repo).FetchActivity', 'repo/user.go', 40, 2e9, 'protocol-unmarshal');
    const p = matchUserFunctions([userFunction(b.functionName, 'repo/user.go', 6e9, [b])], [userFunction(a.functionName, 'repo/user.go', 3e9, [a])]);
    assert.equal(p.pairs.length, 1);
    assert.equal(p.pairs[0]!.by, 'call-site');
  });

  it('pairs the only function left of a category on each side, and no more', () => {
    const b = callSite('loadA', 'a.js', 10, 5e9, 'attribute-unmarshal');
    const a = callSite('readB', 'b.js', 20, 2e9, 'attribute-unmarshal');
    const x = callSite('writeC', 'c.js', 30, 1e9, 'attribute-marshal');
    const y = callSite('writeD', 'd.js', 30, 1e9, 'attribute-marshal');
    const z = callSite('writeE', 'e.js', 30, 1e9, 'attribute-marshal');
    const p = matchUserFunctions(
      [userFunction('loadA', 'a.js', 5e9, [b]), userFunction('writeC', 'c.js', 1e9, [x])],
      [userFunction('readB', 'b.js', 2e9, [a]), userFunction('writeD', 'd.js', 1e9, [y]), userFunction('writeE', 'e.js', 1e9, [z])],
    );
    assert.deepEqual(
      p.pairs.map((q) => [q.before.functionName, q.after.functionName, q.by]),
      [['loadA', 'readB', 'category']],
    );
    assert.deepEqual(p.before.map((f) => f.functionName), ['writeC']);
    assert.deepEqual(p.after.map((f) => f.functionName), ['writeD', 'writeE']);
  });
});

describe('matchCallSites', () => {
  it('keeps a call site whose line did not move as same, and pairs moved ones in line order', () => {
    const fn = 'github.com/x/svc/repo.(*Repo).Get';
    const b = [callSite(fn, 'repo/r.go', 10, 3e9, 'protocol-unmarshal'), callSite(fn, 'repo/r.go', 20, 1e9, 'attribute-unmarshal'), callSite(fn, 'repo/r.go', 30, 1e9, 'attribute-unmarshal')];
    const a = [callSite(fn, 'repo/r.go', 10, 1e9, 'protocol-unmarshal'), callSite(fn, 'repo/r.go', 24, 1e9, 'attribute-unmarshal'), callSite(fn, 'repo/r.go', 35, 1e9, 'attribute-unmarshal')];
    const functions = matchUserFunctions([userFunction(fn, 'repo/r.go', 5e9, b)], [userFunction(fn, 'repo/r.go', 3e9, a)]);
    const p = matchCallSites(b, a, functions);
    assert.deepEqual(
      p.pairs.map((q) => `${q.before.line}→${q.after.line} ${q.by}`),
      ['10→10 same', '20→24 name', '30→35 name'],
    );
  });
});

describe('pairByKey', () => {
  it('prefers the closest candidate when a key is shared', () => {
    const p = pairByKey(startPairing(['ddbv1/a', 'other/a'], ['ddbv2/a']), 'name', (s) => s.split('/')[1], (s) => s.split('/')[1], {
      affinity: (b, a) => (b.slice(0, 4) === a.slice(0, 4) ? 1 : 0),
    });
    assert.deepEqual(p.pairs, [{ before: 'ddbv1/a', after: 'ddbv2/a', by: 'name' }]);
    assert.deepEqual(p.before, ['other/a']);
  });
});
