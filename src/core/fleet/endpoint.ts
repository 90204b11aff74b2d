/**
 * Where and how to reach a Pyroscope (or Prometheus) server: its URL, credentials, tenant,
 * proxy, CAs and timeout. Credentials only ever leave this module as request headers;
 * {@link displayUrl} is what messages and logs show.
 */
import { redactUrlCredentials } from '../redact';

/** How the server authenticates (Grafana's options: none, basic, bearer). */
export type Auth =
  | { readonly kind: 'none' }
  /** Grafana Cloud: the stack's numeric user id and an access-policy token as the password. */
  | { readonly kind: 'basic'; readonly user: string; readonly password: string }
  /** A Grafana service-account token (`glsa_…`) or a Cloud token (`glc_…`). */
  | { readonly kind: 'bearer'; readonly token: string };

export interface Endpoint {
  /** Base URL, e.g. `https://profiles-prod-001.grafana.net` or `http://127.0.0.1:4040`; a path prefix is kept. */
  readonly url: string;
  readonly auth: Auth;
  /** Sent as `X-Scope-OrgID` (multi-tenant Pyroscope/Mimir). */
  readonly tenant?: string;
  /** Proxy URL (`http://proxy:3128`); absent: `HTTPS_PROXY`/`HTTP_PROXY` unless `NO_PROXY` matches. */
  readonly proxy?: string;
  /** Extra CA certificates (PEM) trusted besides Node's and the system's. */
  readonly extraCaPem?: readonly string[];
  /** False only when the user explicitly turned certificate checks off (VS Code `http.proxyStrictSSL: false`). */
  readonly rejectUnauthorized?: boolean;
  /** Time allowed without progress (connecting, waiting for headers, between body chunks); default 60 000 ms. */
  readonly timeoutMs?: number;
  /**
   * Time allowed for a whole fetch, every query of it (`fetchProfile`); default 10 minutes. The
   * idle timeout alone never ends an answer that trickles in a byte at a time.
   */
  readonly deadlineMs?: number;
}

/** Thrown for an endpoint URL that cannot be used. */
export class EndpointError extends Error {
  override readonly name = 'EndpointError';
}

/**
 * Parses and checks a base URL (http or https). Credentials embedded in it
 * (`https://user:token@host`) become basic auth unless `auth` is already set.
 * @throws EndpointError for a malformed URL or another scheme (message without credentials)
 */
export function parseEndpointUrl(text: string): { url: URL; embeddedAuth?: Auth } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new EndpointError(`'${redactUrlCredentials(text)}' is not a URL (expected e.g. http://localhost:4040 or https://profiles-prod-001.grafana.net)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EndpointError(`${displayUrl(url.href)}: only http and https URLs are supported`);
  let embeddedAuth: Auth | undefined;
  if (url.username || url.password) {
    embeddedAuth = { kind: 'basic', user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    url.username = '';
    url.password = '';
  }
  return { url, ...(embeddedAuth ? { embeddedAuth } : {}) };
}

/** The URL as messages may show it: scheme, host and path, never credentials or a query string. */
export function displayUrl(text: string): string {
  try {
    const u = new URL(text);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '')}`;
  } catch {
    return redactUrlCredentials(text).replace(/[?#].*$/, '');
  }
}


/** The request URL of `path` (`/querier.v1.QuerierService/ProfileTypes`) under the endpoint's base URL. */
export function endpointUrl(endpoint: Endpoint, path: string): URL {
  const base = new URL(endpoint.url);
  base.username = '';
  base.password = '';
  base.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  return base;
}

/** `Authorization` and `X-Scope-OrgID` headers for the endpoint (the only place secrets are read). */
export function authHeaders(endpoint: Endpoint): Record<string, string> {
  const headers: Record<string, string> = {};
  if (endpoint.tenant) headers['X-Scope-OrgID'] = endpoint.tenant;
  const auth = endpoint.auth;
  if (auth.kind === 'basic') headers.Authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`, 'utf8').toString('base64')}`;
  else if (auth.kind === 'bearer') headers.Authorization = `Bearer ${auth.token}`;
  return headers;
}
