/**
 * Trims a V8 `.cpuprofile` to a time window. `node --cpu-prof` records the whole process
 * (start-up, module loading, warm-up, exit); a load test counts requests only inside its
 * measured window, so CPU per request must use the samples of that window alone.
 *
 * Sample timestamps are startTime + the running sum of `timeDeltas` (µs, on the process's
 * monotonic clock: `process.hrtime` and V8 share CLOCK_MONOTONIC on Linux). Samples of every
 * kind — `(idle)` included, the reader drops those — are kept when their timestamp lies in the
 * window; their timestamps are unchanged, so a reader's own convention for a sample's duration
 * (its delta, or the gap to the next sample) applies as it would to the full profile.
 */

/** Thrown when the text is not a V8 CPU profile or the window holds no sample; names the file. */
export class WindowError extends Error {
  override readonly name = 'WindowError';
}

interface CpuProfileJson {
  nodes: unknown[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
  [key: string]: unknown;
}

/** True when the text looks like a V8 `.cpuprofile` (a JSON object with nodes, samples and timeDeltas). */
export function isCpuProfileText(text: string): boolean {
  return /^\s*\{/.test(text) && text.includes('"timeDeltas"') && text.includes('"nodes"');
}

/**
 * Returns the `.cpuprofile` JSON text restricted to samples with startUs ≤ timestamp ≤ endUs.
 * `endTime` becomes the timestamp of the first sample after the window (when there is one), so a
 * reader that takes a sample's duration as the gap to the next sample closes the last in-window
 * sample as it would in the full profile.
 * @param file for messages
 * @throws WindowError when the JSON lacks nodes/samples/timeDeltas/startTime or no sample falls in the window
 */
export function trimCpuProfile(text: string, startUs: number, endUs: number, file: string): { text: string; kept: number; dropped: number } {
  return trimCpuProfileJson(parseCpuProfileJson(text, file), startUs, endUs, file);
}

/**
 * The `.cpuprofile` JSON of `text`, checked to hold nodes, samples, timeDeltas and startTime.
 * @throws WindowError when it is not JSON or not a V8 CPU profile
 */
export function parseCpuProfileJson(text: string, file: string): Record<string, unknown> {
  let json: CpuProfileJson;
  try {
    json = JSON.parse(text) as CpuProfileJson;
  } catch {
    throw new WindowError(`${file}: not JSON, cannot trim it to the run's window`);
  }
  if (!Array.isArray(json.nodes) || !Array.isArray(json.samples) || !Array.isArray(json.timeDeltas) || typeof json.startTime !== 'number') {
    throw new WindowError(`${file}: not a V8 .cpuprofile (nodes/samples/timeDeltas/startTime), cannot trim it to the run's window`);
  }
  return json;
}

/** {@link trimCpuProfile} of JSON already read by {@link parseCpuProfileJson}. */
export function trimCpuProfileJson(parsed: Record<string, unknown>, startUs: number, endUs: number, file: string): { text: string; kept: number; dropped: number } {
  const json = parsed as unknown as CpuProfileJson;
  const samples: number[] = [];
  const deltas: number[] = [];
  let t = json.startTime;
  let firstTs: number | undefined;
  let lastTs = 0;
  let nextTs: number | undefined;
  for (let i = 0; i < json.samples.length; i++) {
    t += json.timeDeltas[i] ?? 0;
    if (t < startUs) continue;
    if (t > endUs) {
      nextTs = t;
      break;
    }
    if (firstTs === undefined) {
      firstTs = t;
      deltas.push(json.timeDeltas[i] ?? 0);
    } else {
      deltas.push(t - lastTs);
    }
    samples.push(json.samples[i]!);
    lastTs = t;
  }
  if (firstTs === undefined) {
    throw new WindowError(`${file}: no sample between ${startUs} µs and ${endUs} µs (the profile runs from ${json.startTime} to ${json.endTime} µs): is the run record for this profile?`);
  }
  const out = { ...json, startTime: firstTs - deltas[0]!, endTime: nextTs ?? Math.max(lastTs, json.endTime), samples, timeDeltas: deltas };
  return { text: JSON.stringify(out), kept: samples.length, dropped: json.samples.length - samples.length };
}
