/**
 * The querier messages the client exchanges with Pyroscope, encoded by hand from the public
 * definitions (grafana/pyroscope `api/querier/v1/querier.proto`, `api/types/v1/types.proto`):
 * field numbers are cited beside each field.
 */
import { walkFields, WIRE_LEN } from '../profile/protoWire';
import { ProtoWriter } from './protoWriter';

/** Connect service path of the querier (`package querier.v1; service QuerierService`). */
export const QUERIER_SERVICE = 'querier.v1.QuerierService';

/** `ProfileFormat.PROFILE_FORMAT_PPROF` (querier.proto). */
export const PROFILE_FORMAT_PPROF = 4;

/** One merged-profile query: the profile type, a label selector and a time range in ms since the epoch. */
export interface ProfileQuery {
  /** `<name>:<type>:<unit>:<period_type>:<period_unit>`, e.g. `process_cpu:cpu:nanoseconds:cpu:nanoseconds`. */
  readonly profileTypeId: string;
  /** `{service_name="adserver"}`. */
  readonly labelSelector: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Most flame-graph nodes the server keeps before merging the rest into `other`. */
  readonly maxNodes?: number;
}

/** `SelectMergeStacktracesRequest` with `format = PROFILE_FORMAT_PPROF`: profile_typeID 1, label_selector 2, start 3, end 4, max_nodes 5, format 6. */
export function encodeSelectMergeStacktraces(q: ProfileQuery): Uint8Array {
  const w = queryFields(q);
  w.varint(6, PROFILE_FORMAT_PPROF);
  return w.finish();
}

/** `SelectMergeProfileRequest` (older servers; returns `google.v1.Profile`): fields 1–5 as above. */
export function encodeSelectMergeProfile(q: ProfileQuery): Uint8Array {
  return queryFields(q).finish();
}

function queryFields(q: ProfileQuery): ProtoWriter {
  const w = new ProtoWriter().string(1, q.profileTypeId).string(2, q.labelSelector).varint(3, q.startMs).varint(4, q.endMs);
  if (q.maxNodes !== undefined) w.varint(5, q.maxNodes);
  return w;
}

/** A time range for the discovery calls, ms since the epoch. */
export interface TimeRangeMs {
  readonly startMs: number;
  readonly endMs: number;
}

/** `ProfileTypesRequest`: start 1, end 2. */
export function encodeProfileTypesRequest(r: TimeRangeMs): Uint8Array {
  return new ProtoWriter().varint(1, r.startMs).varint(2, r.endMs).finish();
}

/** `types.v1.LabelNamesRequest`: matchers 1 (repeated), start 2, end 3. */
export function encodeLabelNamesRequest(r: TimeRangeMs & { readonly matchers?: readonly string[] }): Uint8Array {
  const w = new ProtoWriter();
  for (const m of r.matchers ?? []) w.string(1, m, true);
  return w.varint(2, r.startMs).varint(3, r.endMs).finish();
}

/** `types.v1.LabelValuesRequest`: name 1, matchers 2 (repeated), start 3, end 4. */
export function encodeLabelValuesRequest(r: TimeRangeMs & { readonly name: string; readonly matchers?: readonly string[] }): Uint8Array {
  const w = new ProtoWriter().string(1, r.name);
  for (const m of r.matchers ?? []) w.string(2, m, true);
  return w.varint(3, r.startMs).varint(4, r.endMs).finish();
}

/** `types.v1.ProfileType`. */
export interface ProfileType {
  /** `process_cpu:cpu:nanoseconds:cpu:nanoseconds` (field 1, `ID`). */
  readonly id: string;
  readonly name: string;
  readonly sampleType: string;
  readonly sampleUnit: string;
  readonly periodType: string;
  readonly periodUnit: string;
}

/** Thrown when a response body is not the message it should be. */
export class MessageDecodeError extends Error {
  override readonly name = 'MessageDecodeError';
}

/** `ProfileTypesResponse`: profile_types 1 → ProfileType {ID 1, name 2, sample_type 4, sample_unit 5, period_type 6, period_unit 7}. */
export function decodeProfileTypesResponse(bytes: Uint8Array): ProfileType[] {
  const types: ProfileType[] = [];
  walk(bytes, 0, bytes.length, 'ProfileTypesResponse', (field, wire, start, end) => {
    if (field !== 1 || wire !== WIRE_LEN) return;
    const s: Record<number, string> = {};
    walk(bytes, start, end, 'ProfileType', (f, w, a, b) => {
      if (w === WIRE_LEN) s[f] = utf8(bytes, a, b);
    });
    types.push({ id: s[1] ?? '', name: s[2] ?? '', sampleType: s[4] ?? '', sampleUnit: s[5] ?? '', periodType: s[6] ?? '', periodUnit: s[7] ?? '' });
  });
  return types;
}

/** `types.v1.LabelNamesResponse` / `LabelValuesResponse`: names 1 (repeated string). */
export function decodeNamesResponse(bytes: Uint8Array): string[] {
  const names: string[] = [];
  walk(bytes, 0, bytes.length, 'LabelNamesResponse', (field, wire, start, end) => {
    if (field === 1 && wire === WIRE_LEN) names.push(utf8(bytes, start, end));
  });
  return names;
}

function walk(bytes: Uint8Array, from: number, to: number, what: string, onField: Parameters<typeof walkFields>[3]): void {
  const problem = walkFields(bytes, from, to, onField);
  if (problem) throw new MessageDecodeError(`the response is not a valid ${what} message (${problem.kind} at byte ${problem.offset})`);
}

const decoder = new TextDecoder('utf-8');
function utf8(bytes: Uint8Array, start: number, end: number): string {
  return decoder.decode(bytes.subarray(start, end));
}
