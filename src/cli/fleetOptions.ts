/**
 * Command-line options shared by `fetch` and `compare --pyroscope`: the Pyroscope (and
 * Prometheus) endpoint, credentials, tenant, proxy, CAs and timeout. Secrets may come from the
 * environment so they stay out of shell history and `ps`; they are only ever put into request
 * headers, never into a message.
 */
import { parseEndpointUrl, EndpointError, type Auth, type Endpoint } from '../core/fleet/endpoint';
import { readCaFile, CaFileError } from '../core/fleet/trust';
import { parseDuration, TimeSpecError } from '../core/fleet/timeSpec';
import { CliUsageError } from './usage';

/** The parseArgs declarations of the Pyroscope connection options. */
export const PYROSCOPE_OPTIONS = {
  pyroscope: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  token: { type: 'string' },
  tenant: { type: 'string' },
  proxy: { type: 'string' },
  cacert: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  deadline: { type: 'string' },
  'max-nodes': { type: 'string' },
  'profile-type': { type: 'string' },
  query: { type: 'string' },
} as const;

/** The parseArgs declarations of the Prometheus options (`compare --requests-query`). */
export const PROMETHEUS_OPTIONS = {
  prometheus: { type: 'string' },
  'requests-query': { type: 'string' },
  'prometheus-user': { type: 'string' },
  'prometheus-password': { type: 'string' },
  'prometheus-token': { type: 'string' },
  'prometheus-tenant': { type: 'string' },
} as const;

/** Environment variables read for secrets not given as options. */
export const SECRET_ENV = {
  pyroscopePassword: 'DYNAMO_HOTPATH_PYROSCOPE_PASSWORD',
  pyroscopeToken: 'DYNAMO_HOTPATH_PYROSCOPE_TOKEN',
  prometheusPassword: 'DYNAMO_HOTPATH_PROMETHEUS_PASSWORD',
  prometheusToken: 'DYNAMO_HOTPATH_PROMETHEUS_TOKEN',
} as const;

/** Help text for the connection options. */
export const CONNECTION_HELP = `connection:
  --pyroscope URL       Pyroscope base URL (http://localhost:4040, https://profiles-prod-001.grafana.net,
                        or a Grafana data-source proxy URL)
  --user ID             basic-auth user (Grafana Cloud: the stack's numeric user id)
  --password P          basic-auth password (an access-policy token); better: the environment
                        variable ${SECRET_ENV.pyroscopePassword}
  --token T             bearer token (glsa_… service account, glc_…); or ${SECRET_ENV.pyroscopeToken}
  --tenant ID           X-Scope-OrgID for multi-tenant servers
  --proxy URL           HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY unless NO_PROXY matches)
  --cacert FILE         extra CA certificate(s) in PEM to trust (repeatable); Node's, the system's
                        and NODE_EXTRA_CA_CERTS are trusted too
  --timeout DURATION    give up after this long without progress (default 60s)
  --deadline DURATION   give up on a fetch after this long in all, however it progresses
                        (default 10m)
  --max-nodes N         node limit to ask for (default: the most the server allows)
`;

type Values = Record<string, string | boolean | string[] | undefined>;

/** Options that named a secret on the command line (a warning is printed: `ps` shows them). */
export function secretsOnCommandLine(values: Values): string[] {
  return ['password', 'token', 'prometheus-password', 'prometheus-token'].filter((k) => typeof values[k] === 'string').map((k) => `--${k}`);
}

function str(values: Values, key: string): string | undefined {
  const v = values[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function authFrom(user: string | undefined, password: string | undefined, token: string | undefined, what: string): Auth | undefined {
  if (token && (user || password)) throw new CliUsageError(`${what}: give either a bearer token or a user and password, not both`);
  if (token) return { kind: 'bearer', token };
  if (password && !user) throw new CliUsageError(`${what}: a password needs a user (Grafana Cloud: the stack's numeric user id)`);
  if (user) return { kind: 'basic', user, password: password ?? '' };
  return undefined;
}

/**
 * The Pyroscope endpoint from the options and the environment.
 * @throws CliUsageError for a missing/invalid URL, conflicting credentials, an unreadable CA
 *   file or a bad timeout (messages never contain a secret)
 */
export function pyroscopeEndpoint(values: Values, env: NodeJS.ProcessEnv = process.env): Endpoint {
  const text = str(values, 'pyroscope');
  if (!text) throw new CliUsageError('--pyroscope URL is required');
  return endpointFrom(text, {
    user: str(values, 'user'),
    password: str(values, 'password') ?? env[SECRET_ENV.pyroscopePassword],
    token: str(values, 'token') ?? env[SECRET_ENV.pyroscopeToken],
    tenant: str(values, 'tenant'),
    what: '--pyroscope',
    values,
  });
}

/** The Prometheus endpoint for `--requests-query`, or undefined when none is asked for. @throws CliUsageError */
export function prometheusEndpoint(values: Values, env: NodeJS.ProcessEnv = process.env): Endpoint | undefined {
  const text = str(values, 'prometheus');
  if (!text) return undefined;
  return endpointFrom(text, {
    user: str(values, 'prometheus-user'),
    password: str(values, 'prometheus-password') ?? env[SECRET_ENV.prometheusPassword],
    token: str(values, 'prometheus-token') ?? env[SECRET_ENV.prometheusToken],
    tenant: str(values, 'prometheus-tenant'),
    what: '--prometheus',
    values,
  });
}

function endpointFrom(text: string, o: { user?: string | undefined; password?: string | undefined; token?: string | undefined; tenant?: string | undefined; what: string; values: Values }): Endpoint {
  let parsed;
  try {
    parsed = parseEndpointUrl(text);
  } catch (err) {
    if (err instanceof EndpointError) throw new CliUsageError(`${o.what}: ${err.message}`);
    throw err;
  }
  const auth = authFrom(o.user, o.password, o.token, o.what) ?? parsed.embeddedAuth ?? { kind: 'none' as const };
  let extraCaPem: string[] = [];
  try {
    extraCaPem = ((o.values.cacert as string[] | undefined) ?? []).map(readCaFile);
  } catch (err) {
    if (err instanceof CaFileError) throw new CliUsageError(`--cacert: ${err.message}`);
    throw err;
  }
  const timeoutMs = durationOption(o.values, 'timeout');
  const deadlineMs = durationOption(o.values, 'deadline');
  const proxy = str(o.values, 'proxy');
  return {
    url: parsed.url.href,
    auth,
    ...(o.tenant ? { tenant: o.tenant } : {}),
    ...(proxy ? { proxy } : {}),
    ...(extraCaPem.length ? { extraCaPem } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
  };
}

/** `--<name> DURATION` in ms, undefined when absent. @throws CliUsageError for a malformed or zero duration */
function durationOption(values: Values, name: 'timeout' | 'deadline'): number | undefined {
  const text = str(values, name);
  if (!text) return undefined;
  let ms: number;
  try {
    ms = parseDuration(text);
  } catch (err) {
    if (err instanceof TimeSpecError) throw new CliUsageError(`--${name}: ${err.message}`);
    throw err;
  }
  if (ms <= 0) throw new CliUsageError(`--${name} must be longer than 0`);
  return ms;
}

/** `--max-nodes N`: a positive integer, or undefined (negotiate the server's maximum). @throws CliUsageError */
export function maxNodesOption(values: Values): number | undefined {
  const text = str(values, 'max-nodes');
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new CliUsageError(`--max-nodes expects a positive integer, got '${text}'`);
  return n;
}

/** The default profile type: Go/eBPF CPU time. */
export const DEFAULT_PROFILE_TYPE = 'process_cpu:cpu:nanoseconds:cpu:nanoseconds';

/** `--profile-type`, checked for the `name:type:unit:period_type:period_unit` shape. @throws CliUsageError */
export function profileTypeOption(values: Values): string {
  const t = str(values, 'profile-type') ?? DEFAULT_PROFILE_TYPE;
  if (t.split(':').length !== 5) throw new CliUsageError(`--profile-type expects name:type:unit:period_type:period_unit (e.g. ${DEFAULT_PROFILE_TYPE}), got '${t}'`);
  return t;
}

/** `--query`, a label selector in braces (default `{}`: every series). @throws CliUsageError */
export function labelSelectorOption(values: Values): string {
  const q = (str(values, 'query') ?? '{}').trim();
  if (!q.startsWith('{') || !q.endsWith('}')) throw new CliUsageError(`--query expects a label selector in braces, e.g. '{service_name="adserver"}', got '${q}'`);
  return q;
}
