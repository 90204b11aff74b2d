/**
 * Sample labels of a V8 `.cpuprofile` written by `dynamo-hotpath record --format cpuprofile`.
 *
 * V8 profiles have no per-sample labels, so the recorder stores, under the top-level key
 * {@link V8_LABELS_KEY}, the time intervals during which a DynamoDB request context was current
 * on the main thread, in the profile's own clock (µs, the clock of `startTime`/`timeDeltas`).
 * Tools that do not know the key (Chrome DevTools, VS Code's profile viewer, speedscope) read the
 * file as an ordinary profile. A sample whose timestamp falls in `[start, end)` of an interval
 * gets that interval's label set.
 */
import { ProfileError } from './errors';
import { LabelSetInterner } from './labelSets';
import type { LabelSet } from './model';

/** Top-level key of the labelled intervals in a recorded `.cpuprofile`. */
export const V8_LABELS_KEY = 'dynamoHotpathLabels';

/**
 * What the recorder writes under {@link V8_LABELS_KEY}: `labelSets` (string → string) and
 * `intervals`, flat triples `[startUs, endUs, labelSetIndex, …]`.
 */
export interface V8LabelIntervals {
  readonly version: 1;
  readonly labelSets: readonly LabelSet[];
  readonly intervals: readonly number[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function bad(sourcePath: string, what: string): never {
  throw new ProfileError(sourcePath, 'bad-reference', `its \`${V8_LABELS_KEY}\` (labels written by dynamo-hotpath record) ${what}`);
}

/**
 * Per-sample label indices for the samples at `timestampsUs` (ascending µs), from the value
 * stored under {@link V8_LABELS_KEY}; undefined when the profile has none.
 * @returns `labelSets` (interned, equal sets merged) and `labels[i]` (index or undefined).
 * @throws ProfileError `bad-reference` when the value is malformed (the message names the fault).
 */
export function labelV8Samples(
  raw: unknown,
  timestampsUs: readonly number[],
  sourcePath: string,
): { labelSets: readonly LabelSet[]; labels: (number | undefined)[] } | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw) || !Array.isArray(raw.labelSets) || !Array.isArray(raw.intervals)) bad(sourcePath, 'needs `labelSets` and `intervals` arrays');
  const interner = new LabelSetInterner();
  const setIds = raw.labelSets.map((set, i) => {
    if (!isObject(set)) bad(sourcePath, `label set ${i} is not an object`);
    const pairs = Object.entries(set).filter((e): e is [string, string] => typeof e[1] === 'string');
    return interner.intern(pairs);
  });
  const flat = raw.intervals;
  if (flat.length % 3 !== 0 || !flat.every((x) => typeof x === 'number' && Number.isFinite(x))) bad(sourcePath, 'intervals are not triples of numbers');
  const spans: [number, number, number | undefined][] = [];
  for (let k = 0; k < flat.length; k += 3) {
    const [start, end, set] = [flat[k] as number, flat[k + 1] as number, flat[k + 2] as number];
    if (!Number.isInteger(set) || set < 0 || set >= setIds.length) bad(sourcePath, `interval ${k / 3} names label set ${set}, which is not there`);
    if (end > start) spans.push([start, end, setIds[set]]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const labels = new Array<number | undefined>(timestampsUs.length).fill(undefined);
  // Samples and intervals are both in time order: walk them together.
  let s = 0;
  for (let i = 0; i < timestampsUs.length; i++) {
    const t = timestampsUs[i]!;
    while (s < spans.length && spans[s]![1] <= t) s++;
    if (s < spans.length && spans[s]![0] <= t) labels[i] = spans[s]![2];
  }
  return { labelSets: interner.sets, labels };
}
