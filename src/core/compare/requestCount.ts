/**
 * How many requests a profile stands for, so cost can be normalized per request.
 *
 * Either a count, or a rate and a duration (requests/s × s). The duration defaults to the
 * profile's own duration (pprof `duration_nanos`, V8 end − start) when only a rate is given.
 */

/** A request count as the user gave it. */
export type RequestInput =
  | { readonly kind: 'count'; readonly requests: number; readonly source?: string }
  | { readonly kind: 'rate'; readonly perSecond: number; readonly durationS?: number; readonly source?: string };

/** A resolved request count and a phrase saying where it came from. */
export interface ResolvedRequests {
  readonly requests: number;
  readonly source: string;
}

/** Thrown for a request count that cannot be used; `message` says what is wrong. */
export class RequestCountError extends Error {
  override readonly name = 'RequestCountError';
}

/**
 * Parses a command-line request count: a positive number (`990`, `30057920`, `30.06M`, `1.5k`,
 * `30_057_920`), or a rate with an optional duration (`49.35/s`, `49.35/s*20.06s`, `2900/min*30min`).
 * @throws RequestCountError naming the text when it is not one of these
 */
export function parseRequestInput(text: string): RequestInput {
  const t = text.trim().replace(/[_,]/g, '');
  const rate = /^([0-9.eE+]+[kKmM]?)\/(s|min|h)(?:\*([0-9.eE+]+)(s|min|h))?$/.exec(t);
  if (rate) {
    const perUnit = parseScaled(rate[1]!, text);
    const perSecond = perUnit / secondsOf(rate[2]!);
    const durationS = rate[3] !== undefined ? parseScaled(rate[3], text) * secondsOf(rate[4]!) : undefined;
    return { kind: 'rate', perSecond, durationS, source: text.trim() };
  }
  return { kind: 'count', requests: parseScaled(t, text), source: text.trim() };
}

function secondsOf(unit: string): number {
  return unit === 'h' ? 3600 : unit === 'min' ? 60 : 1;
}

function parseScaled(t: string, original: string): number {
  const m = /^([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)([kKmM]?)$/.exec(t);
  if (!m) throw new RequestCountError(`'${original}' is not a request count (expected e.g. 990, 30.06M, or a rate such as 49.35/s*20s)`);
  const scale = m[2] === '' ? 1 : m[2]!.toLowerCase() === 'k' ? 1e3 : 1e6;
  const value = Number(m[1]) * scale;
  if (!Number.isFinite(value) || value <= 0) throw new RequestCountError(`'${original}' must be a positive number of requests`);
  return value;
}

/**
 * Turns a {@link RequestInput} into a count.
 * @param profileDurationNs the profile's duration, used when a rate comes without a duration
 * @throws RequestCountError when a rate has no duration and the profile has none either, or the
 *   count is not positive and finite
 */
export function resolveRequests(input: RequestInput, profileDurationNs: number | undefined): ResolvedRequests {
  if (input.kind === 'count') {
    if (!(input.requests > 0) || !Number.isFinite(input.requests)) throw new RequestCountError(`request count must be positive, got ${input.requests}`);
    return { requests: input.requests, source: input.source ?? `${input.requests} requests` };
  }
  const durationS = input.durationS ?? (profileDurationNs !== undefined ? profileDurationNs / 1e9 : undefined);
  if (durationS === undefined || !(durationS > 0)) {
    throw new RequestCountError(`a request rate (${input.perSecond}/s) needs a duration: the profile records none, give one as RATE/s*DURATIONs`);
  }
  const requests = input.perSecond * durationS;
  if (!(requests > 0) || !Number.isFinite(requests)) throw new RequestCountError(`request rate × duration must be positive, got ${requests}`);
  const origin = input.durationS === undefined ? 'profile duration' : 'given duration';
  return { requests, source: `${round(input.perSecond)}/s × ${round(durationS)} s (${origin})` };
}

function round(x: number): string {
  return Number(x.toPrecision(4)).toString();
}
