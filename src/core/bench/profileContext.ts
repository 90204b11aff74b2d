/**
 * Puts a benchmark next to a profile's own numbers: "this call site spends 45 % of CPU in
 * unmarshal; the benchmark says v3 unmarshall of your items is 1.8× slower (…): migrating this path
 * would cost, not save". The projection scales each operation's CPU share by its measured ratio:
 * Δ CPU (percentage points of the profile) = Σ share_op × (ratio_op − 1), with the interval's
 * bounds in place of the ratio for the range.
 */
import type { CallSite } from '../analysis/types';
import { describeEstimate } from './format';
import type { BenchReport, ComparisonResult } from './suiteTypes';

/** The profile's side: where, and how much of the whole profile's CPU goes to each operation, percent. */
export interface ProfileShare {
  /** e.g. "src/repository/v2-adapter.ts:41". */
  callSite: string;
  unmarshallPercent: number;
  marshallPercent: number;
  /** Call sites of the profile that read (unmarshal) and write (marshal) items, for the fleet estimate. */
  callSiteOps?: { reads: number; writes: number };
}

/**
 * Which suite measures a call site's SDK: `js`, the conversion suite (aws-sdk v2 against v3, which
 * converts whole items, so attribute and protocol work count together); `go`, the Go suite
 * (aws-sdk-go dynamodbattribute against aws-sdk-go-v2 attributevalue: attribute work only, not the
 * v1 protocol decoding).
 */
export type BenchSdk = 'js' | 'go';

/**
 * A call site's marshal/unmarshal share of the profile, percent: attribute and protocol categories
 * together for `js`, attribute categories alone for `go` (see {@link BenchSdk}).
 */
export function shareOfCallSite(site: CallSite, profileTotalWeight: number, sdk: BenchSdk = 'js'): ProfileShare {
  const pct = (w: number | undefined) => (profileTotalWeight > 0 ? (100 * (w ?? 0)) / profileTotalWeight : 0);
  const c = site.byCategory;
  const protocol = sdk === 'js' ? 1 : 0;
  return {
    callSite: `${site.relativePath}:${site.line}`,
    unmarshallPercent: pct((c['attribute-unmarshal'] ?? 0) + protocol * (c['protocol-unmarshal'] ?? 0)),
    marshallPercent: pct((c['attribute-marshal'] ?? 0) + protocol * (c['protocol-marshal'] ?? 0)),
  };
}

function find(report: BenchReport, newer: string, older: string): ComparisonResult | undefined {
  for (const s of report.suites) for (const c of s.comparisons) if (c.newer === newer && c.older === older && c.estimate) return c;
  return undefined;
}

/** The Go suite's comparison of `operation` (aws-sdk-go-v2 against v1), found through its cases. */
function findGo(report: BenchReport, operation: 'unmarshall' | 'marshall'): ComparisonResult | undefined {
  for (const s of report.suites) {
    if (s.id !== 'go') continue;
    const olderOf = (c: ComparisonResult) => s.cases.find((x) => x.id === c.older);
    const found = s.comparisons.find((c) => c.estimate && olderOf(c)?.sdk === 'go-v1' && olderOf(c)?.operation === operation);
    if (found) return found;
  }
  return undefined;
}

/** The sentences and the projected change, percentage points of the profile's CPU (negative saves). */
export interface ProfileVerdict {
  sentences: string[];
  deltaPercentPoints: number;
  rangePercentPoints?: [number, number];
}

/**
 * Combines `share` with the comparisons of `sdk`'s suite — for `js` the conversion suite's of
 * `options` ('default' or the migration options) — into sentences and a projected CPU change;
 * undefined when neither operation was measured or the call site spends nothing in either.
 */
export function profileVerdict(share: ProfileShare, report: BenchReport, options: 'default' | 'migration' = 'migration', sdk: BenchSdk = 'js'): ProfileVerdict | undefined {
  const suffix = options === 'migration' ? '-v3-migration' : '-v3';
  const newSdk = sdk === 'js' ? 'v3' : 'aws-sdk-go-v2 attributevalue';
  const comparison = (operation: 'unmarshall' | 'marshall') => (sdk === 'js' ? find(report, `${operation}${suffix}`, `${operation}-v2`) : findGo(report, operation));
  const ops = [
    { name: 'unmarshal', percent: share.unmarshallPercent, cmp: comparison('unmarshall') },
    { name: 'marshal', percent: share.marshallPercent, cmp: comparison('marshall') },
  ].filter((o) => o.cmp && o.percent > 0);
  if (!ops.length) return undefined;
  let delta = 0;
  let lo = 0;
  let hi = 0;
  let bounded = true;
  const sentences: string[] = [];
  for (const o of ops) {
    const e = o.cmp!.estimate!;
    delta += o.percent * (e.ratio - 1);
    lo += o.percent * (e.lower - 1);
    if (Number.isFinite(e.upper)) hi += o.percent * (e.upper - 1);
    else bounded = false;
    const outcome =
      e.verdict === 'slower'
        ? 'migrating this path would cost, not save'
        : e.verdict === 'faster'
          ? 'migrating this path would save'
          : e.verdict === 'unstable'
            ? 'run it again on a quieter machine before deciding'
            : 'the benchmark cannot tell a difference';
    const measured = e.verdict === 'no significant difference' ? `shows ${describeEstimate(e)} for ${newSdk} ${o.name} of your items` : `says ${newSdk} ${o.name} of your items is ${describeEstimate(e)}`;
    sentences.push(`${share.callSite} spends ${o.percent.toFixed(1)} % of CPU in ${o.name}; the benchmark ${measured}: ${outcome}.`);
  }
  const sign = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;
  if (ops.some((o) => o.cmp!.estimate!.verdict === 'unstable')) {
    sentences.push('No projected change for this call site: the benchmark was unstable.');
    return { sentences, deltaPercentPoints: delta };
  }
  sentences.push(
    `Projected change for this call site: ${sign(delta)} percentage points of the profile's CPU` + (bounded ? ` (95 % CI ${sign(lo)} to ${sign(hi)}).` : '.'),
  );
  return { sentences, deltaPercentPoints: delta, rangePercentPoints: bounded ? [lo, hi] : undefined };
}
