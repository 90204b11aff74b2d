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

/**
 * The profile's side: where, and how much of the whole profile's CPU goes to each operation,
 * percent — the call site's lens figure: measured plus estimated (the estimated part is also given
 * apart, `estimatedUnmarshallPercent` / `estimatedMarshallPercent`, included in the totals).
 */
export interface ProfileShare {
  /** e.g. "src/repository/v2-adapter.ts:41". */
  callSite: string;
  unmarshallPercent: number;
  marshallPercent: number;
  estimatedUnmarshallPercent?: number;
  estimatedMarshallPercent?: number;
  /** The SDK the call site already uses when it has no migration to offer (it is on the successor): e.g. "@aws-sdk/util-dynamodb". */
  onTarget?: string;
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
 * A call site's marshal/unmarshal share of the profile, percent: the measured categories
 * (attribute and protocol together for `js`, attribute alone for `go`: see {@link BenchSdk}), plus
 * its estimated share (`CallSite.estimatedWeight`, which has no categories; for `go` the part the
 * measured attribute work is of the measured whole) split in the measured proportion — all to the
 * dominant operation when nothing was measured. For `js` the sum is the figure its lens shows.
 */
export function shareOfCallSite(site: CallSite, profileTotalWeight: number, sdk: BenchSdk = 'js'): ProfileShare {
  const pct = (w: number | undefined) => (profileTotalWeight > 0 ? (100 * (w ?? 0)) / profileTotalWeight : 0);
  const c = site.byCategory;
  const attribute = pct((c['attribute-unmarshal'] ?? 0) + (c['attribute-marshal'] ?? 0));
  const protocolAll = pct((c['protocol-unmarshal'] ?? 0) + (c['protocol-marshal'] ?? 0));
  const protocol = sdk === 'js' ? 1 : 0;
  const unmarshall = pct((c['attribute-unmarshal'] ?? 0) + protocol * (c['protocol-unmarshal'] ?? 0));
  const marshall = pct((c['attribute-marshal'] ?? 0) + protocol * (c['protocol-marshal'] ?? 0));
  const measuredPart = sdk === 'js' || attribute + protocolAll === 0 ? 1 : attribute / (attribute + protocolAll);
  const estimated = pct(site.estimatedWeight) * measuredPart;
  const readShare = unmarshall + marshall > 0 ? unmarshall / (unmarshall + marshall) : site.dominant.category.endsWith('-marshal') ? 0 : 1;
  const estimatedUnmarshall = estimated * readShare;
  const estimatedMarshall = estimated - estimatedUnmarshall;
  return {
    callSite: `${site.relativePath}:${site.line}`,
    unmarshallPercent: unmarshall + estimatedUnmarshall,
    marshallPercent: marshall + estimatedMarshall,
    ...(estimated > 0 ? { estimatedUnmarshallPercent: estimatedUnmarshall, estimatedMarshallPercent: estimatedMarshall } : {}),
    ...(site.dominant.migration ? {} : { onTarget: site.dominant.label }),
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

/** The sentences and the projected change, percentage points of the profile's CPU (negative saves); no change for a call site already on the successor. */
export interface ProfileVerdict {
  sentences: string[];
  deltaPercentPoints?: number;
  rangePercentPoints?: [number, number];
}

/** `25.6 %` or `25.6 % (0.1 % measured, ~25.5 % estimated)`. */
function atStake(percent: number, estimated: number | undefined): string {
  if (!estimated || estimated < 0.05) return `${percent.toFixed(1)} %`;
  return `${percent.toFixed(1)} % (${(percent - estimated).toFixed(1)} % measured, ~${estimated.toFixed(1)} % estimated)`;
}

/**
 * Combines `share` with the comparisons of `sdk`'s suite — for `js` the conversion suite's of
 * `options` ('default' or the migration options) — into sentences and a projected CPU change; no migration advice for a call
 * site already on the successor (`onTarget`); one sentence saying why, and no change, when neither
 * operation was compared or the call site spends nothing in either.
 */
export function profileVerdict(share: ProfileShare, report: BenchReport, options: 'default' | 'migration' = 'migration', sdk: BenchSdk = 'js'): ProfileVerdict {
  const suffix = options === 'migration' ? '-v3-migration' : '-v3';
  const comparison = (operation: 'unmarshall' | 'marshall') => (sdk === 'js' ? find(report, `${operation}${suffix}`, `${operation}-v2`) : findGo(report, operation));
  const ops = [
    { name: 'unmarshal', percent: share.unmarshallPercent, estimated: share.estimatedUnmarshallPercent, cmp: comparison('unmarshall') },
    { name: 'marshal', percent: share.marshallPercent, estimated: share.estimatedMarshallPercent, cmp: comparison('marshall') },
  ];
  const measuredOps = ops.filter((o) => o.cmp && o.percent > 0);
  if (!measuredOps.length) {
    const why = ops.every((o) => o.percent <= 0)
      ? 'the profile shows no CPU in marshal or unmarshal there'
      : `the benchmark has no ${sdk === 'js' ? 'v2-vs-v3' : 'aws-sdk-go v1-vs-v2'} comparison of the ${ops.filter((o) => o.percent > 0).map((o) => o.name).join(' and ')} it spends CPU in (run the ${sdk === 'js' ? 'conversion' : 'go'} suite)`;
    return { sentences: [`No verdict for ${share.callSite}: ${why}.`] };
  }
  return verdictOf(share, measuredOps, sdk === 'js' ? 'v3' : 'aws-sdk-go-v2 attributevalue');
}

function verdictOf(share: ProfileShare, ops: readonly { name: string; percent: number; estimated?: number; cmp?: ComparisonResult }[], newSdk: string): ProfileVerdict {
  if (share.onTarget) {
    const spends = ops.map((o) => `${atStake(o.percent, o.estimated)} of CPU in ${o.name}`).join(' and ');
    return {
      sentences: [`${share.callSite} spends ${spends}, already on ${share.onTarget}: there is no migration to advise for it. The tables show how v2 and v3 compare on your items.`],
    };
  }
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
    sentences.push(`${share.callSite} spends ${atStake(o.percent, o.estimated)} of CPU in ${o.name}; the benchmark ${measured}: ${outcome}.`);
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
