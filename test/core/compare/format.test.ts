import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareAnalyses } from '../../../src/core/compare/compareAnalyses';
import { formatComparisonMarkdown } from '../../../src/core/compare/format/formatMarkdown';
import { alignColumns, formatComparisonText } from '../../../src/core/compare/format/formatText';
import { formatChange, formatDuration, formatPerRequest, formatPoints } from '../../../src/core/compare/format/numbers';
import { analysis, callSite, userFunction } from './makeAnalysis';

// The seed's headline: 18 h → 7 h of CPU samples, 30,057,920 → 28,784,846 requests.
function seedLike() {
  const b = callSite('github.com/x/svc/repo.(*Repo).UserActivity', 'repo/user.go', 40, 31865e9, 'protocol-unmarshal');
  const a = callSite('github.com/x/svc/repo.(*Repo).UserActivity', 'repo/user.go', 44, 4929e9, 'protocol-unmarshal');
  const before = analysis({
    sourcePath: 'before.pb.gz',
    totalWeight: 64608e9,
    totalCount: 6460800,
    dynamoWeight: 31865e9,
    byCategory: { 'protocol-unmarshal': 31865e9 },
    callSites: [b],
    userFunctions: [userFunction(b.functionName, 'repo/user.go', 31865e9, [b])],
  });
  const after = analysis({
    sourcePath: 'after.pb.gz',
    totalWeight: 25225e9,
    totalCount: 2522500,
    dynamoWeight: 4929e9,
    byCategory: { 'protocol-unmarshal': 4929e9 },
    callSites: [a],
    userFunctions: [userFunction(a.functionName, 'repo/user.go', 4929e9, [a])],
  });
  return compareAnalyses({ analysis: before, requests: { kind: 'count', requests: 30057920 } }, { analysis: after, requests: { kind: 'count', requests: 28784846 } });
}

describe('numbers', () => {
  it('formats durations, changes and points', () => {
    assert.equal(formatDuration(16.4e9), '16.40 s');
    assert.equal(formatDuration(31865e9), '31,865 s');
    assert.equal(formatDuration(16565656), '16.6 ms');
    assert.equal(formatDuration(2149000), '2.15 ms');
    assert.equal(formatDuration(930000), '930 µs');
    assert.equal(formatPerRequest(2149000, 'nanoseconds'), '2.149 ms');
    assert.equal(formatPerRequest(16565656, 'nanoseconds'), '16.57 ms');
    assert.equal(formatPerRequest(45200, 'nanoseconds'), '45.20 µs');
    assert.equal(formatChange(-59.24), '-59.2%');
    assert.equal(formatChange(4), '+4.0%');
    assert.equal(formatChange(null), 'new');
    assert.equal(formatPoints(-13.06), '-13.1 pp');
  });
});

describe('formatComparisonText', () => {
  it('prints the seed layout with CPU per request', () => {
    const text = formatComparisonText(seedLike());
    const lines = text.split('\n');
    assert.match(lines[0]!, /^Comparing before\.pb\.gz → after\.pb\.gz \(changes per request\)$/);
    const header = lines.find((l) => l.startsWith('Metric'))!;
    assert.match(header, /^Metric\s+Before\s+After\s+Change$/);
    assert.ok(lines.some((l) => /^Requests\s+30,057,920\s+28,784,846\s+-4\.2%$/.test(l)), text);
    // 64608 s / 30,057,920 = 2.149 ms; 25225 s / 28,784,846 = 0.876 ms; change -59.2 %
    assert.ok(lines.some((l) => /^CPU per request\s+2\.149 ms\s+0\.876 ms\s+-59\.2%$/.test(l)), text);
    assert.ok(lines.some((l) => /^\(\*Repo\)\.UserActivity repo\/user\.go:40 → repo\/user\.go:44\s+31,865 s \/ 49\.32%\s+4,929 s \/ 19\.54%\s+-83\.8% per request, -29\.8 pp\s+name$/.test(l)), text);
  });

  it('aligns columns on their widest cell', () => {
    assert.deepEqual(alignColumns([['a', 'bb', 'c'], ['ccc', 'd', 'e']]), ['a    bb  c', 'ccc  d   e']);
  });
});

describe('formatComparisonMarkdown', () => {
  it('writes pipe tables a pull request renders', () => {
    const md = formatComparisonMarkdown(seedLike());
    assert.ok(md.includes('| Metric | Before | After | Change |\n|---|---:|---:|---:|\n'), md);
    assert.ok(md.includes('| CPU per request | 2.149 ms | 0.876 ms | -59.2% |'), md);
    assert.ok(md.includes('repo.(\\*Repo).UserActivity'), md);
    assert.match(md, /<details><summary>What matched how, and caveats<\/summary>/);
  });
});

describe('short profiles', () => {
  it('print every share with its standard error', () => {
    const b = callSite('fetch', 'a.js', 3, 2e8, 'protocol-unmarshal');
    const a = callSite('fetch', 'a.js', 3, 1e8, 'protocol-unmarshal');
    const small = (x: typeof b, total: number, n: number) =>
      analysis({ sourcePath: 'p', totalWeight: total, totalCount: n, dynamoWeight: x.dynamoWeight, byCategory: { 'protocol-unmarshal': x.dynamoWeight }, callSites: [x], userFunctions: [userFunction('fetch', 'a.js', x.dynamoWeight, [x])] });
    const text = formatComparisonText(compareAnalyses({ analysis: small(b, 1e9, 100) }, { analysis: small(a, 1e9, 100) }));
    // 20 % of 100 samples: ±4.0 pp; 10 %: ±3.0 pp; the 10 pp drop is within 2·sqrt(4² + 3²) = 10 pp
    assert.match(text, /fetch a\.js:3\s+200 ms \/ 20\.00% ±4\.0\s+100 ms \/ 10\.00% ±3\.0\s+-50\.0%, -10\.0 pp \(n\.s\.\)\s+same/);
    assert.match(text, /The before profile has only 100 samples: a 50 % share is uncertain by ±5\.0 pp/);
  });
});
