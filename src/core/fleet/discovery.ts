/**
 * The pickers' data: which profile types, label names and label values (services) a
 * Pyroscope server holds in a time range (`ProfileTypes`, `LabelNames`, `LabelValues`). A range
 * longer than the server's max_query_length (24 h by default) is asked in pieces and the answers
 * united (`withinQueryLength`).
 */
import { connectUnaryBytes, type CallOptions } from './connectCall';
import { displayUrl, type Endpoint } from './endpoint';
import { FleetError } from './fleetError';
import { withinQueryLength } from './queryLimits';
import {
  decodeNamesResponse,
  decodeProfileTypesResponse,
  encodeLabelNamesRequest,
  encodeLabelValuesRequest,
  encodeProfileTypesRequest,
  MessageDecodeError,
  QUERIER_SERVICE,
  type ProfileType,
  type TimeRangeMs,
} from './querierMessages';

/** Profile types seen in the range, sorted by id. @throws FleetError */
export async function listProfileTypes(endpoint: Endpoint, range: TimeRangeMs, options: CallOptions = {}): Promise<ProfileType[]> {
  const { answers } = await withinQueryLength(range, async (piece) => {
    const bytes = await connectUnaryBytes(endpoint, QUERIER_SERVICE, 'ProfileTypes', encodeProfileTypesRequest(piece), options);
    return decoded(endpoint, 'ProfileTypes', () => decodeProfileTypesResponse(bytes));
  });
  const byId = new Map(answers.flat().map((t) => [t.id, t]));
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** Label names seen in the range (optionally only on series matching `matchers`), sorted. @throws FleetError */
export async function listLabelNames(endpoint: Endpoint, range: TimeRangeMs & { matchers?: readonly string[] }, options: CallOptions = {}): Promise<string[]> {
  const { answers } = await withinQueryLength(range, async (piece) => {
    const bytes = await connectUnaryBytes(endpoint, QUERIER_SERVICE, 'LabelNames', encodeLabelNamesRequest({ ...range, ...piece }), options);
    return decoded(endpoint, 'LabelNames', () => decodeNamesResponse(bytes));
  });
  return [...new Set(answers.flat())].sort();
}

/** Values of label `name` (e.g. `service_name`) in the range, sorted. @throws FleetError */
export async function listLabelValues(endpoint: Endpoint, range: TimeRangeMs & { name: string; matchers?: readonly string[] }, options: CallOptions = {}): Promise<string[]> {
  const { answers } = await withinQueryLength(range, async (piece) => {
    const bytes = await connectUnaryBytes(endpoint, QUERIER_SERVICE, 'LabelValues', encodeLabelValuesRequest({ ...range, ...piece }), options);
    return decoded(endpoint, 'LabelValues', () => decodeNamesResponse(bytes));
  });
  return [...new Set(answers.flat())].sort();
}

function decoded<T>(endpoint: Endpoint, method: string, decode: () => T): T {
  try {
    return decode();
  } catch (err) {
    if (err instanceof MessageDecodeError) throw new FleetError('bad-response', `${displayUrl(endpoint.url)}: the ${method} answer is malformed: ${err.message}`);
    throw err;
  }
}

/** `{service_name="adserver"}` for a picked service, with the value escaped as PromQL/Pyroscope selectors need. */
export function serviceSelector(service: string, label = 'service_name'): string {
  return `{${label}="${service.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"}`;
}
