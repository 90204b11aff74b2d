/**
 * Errors of the fleet client. Every message names the server (as {@link displayUrl} shows it,
 * never with credentials) and says what to check; none ever contains a secret.
 */

export type FleetErrorKind =
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'timeout'
  | 'network'
  | 'tls'
  | 'server'
  | 'bad-request'
  | 'bad-response'
  | 'no-data'
  | 'cancelled';

export class FleetError extends Error {
  override readonly name = 'FleetError';
  constructor(
    readonly kind: FleetErrorKind,
    message: string,
    /** HTTP status when the server answered. */
    readonly status?: number,
    /** Connect error code (`invalid_argument`, `unauthenticated`…) when the body had one. */
    readonly connectCode?: string,
    /** The server's own message, trimmed (never holds our secrets: it is what the server sent). */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** True for an error that means the user (or a timeout) cancelled: the caller stays quiet. */
export function isCancelled(err: unknown): boolean {
  return err instanceof FleetError && err.kind === 'cancelled';
}

/**
 * The error for an HTTP error status, with what to check. `server` is the display URL,
 * `what` the call (`SelectMergeStacktraces`), `detail` the server's message if any.
 */
export function statusError(status: number, server: string, what: string, detail: string | undefined, connectCode?: string): FleetError {
  const said = detail ? `: ${detail}` : '';
  const base = `${server} answered ${what} with HTTP ${status}${said}`;
  if (status === 401) return new FleetError('unauthenticated', `${base}. Check the credentials: for Grafana Cloud the user is the stack's numeric user id and the password an access-policy token with the profiles:read scope; a bearer token must not be expired`, status, connectCode, detail);
  if (status === 403) return new FleetError('forbidden', `${base}. The credentials were accepted but may not read this data: check the token's scopes (profiles:read) and the tenant (X-Scope-OrgID)`, status, connectCode, detail);
  if (status === 404) return new FleetError('not-found', `${base}. Check the URL: it should be the Pyroscope base URL (e.g. http://localhost:4040, https://profiles-prod-001.grafana.net or a Grafana data-source proxy URL), without the API path`, status, connectCode, detail);
  if (status === 408 || status === 504) return new FleetError('timeout', `${base}. The query took too long on the server: try a shorter time range or a narrower label selector`, status, connectCode, detail);
  if (status === 400 || status === 422) return new FleetError('bad-request', `${base}. Check the query: the label selector (e.g. {service_name="adserver"}), the profile type and the time range`, status, connectCode, detail);
  if (status === 429) return new FleetError('server', `${base}. The server is rate-limiting requests: wait and try again`, status, connectCode, detail);
  return new FleetError('server', `${base}. The server failed to answer; try again, or with a shorter time range`, status, connectCode, detail);
}
