/**
 * The network settings a fleet request takes from VS Code: `http.proxy`, `http.proxyStrictSSL`,
 * and the extension's `pyroscope.caFile` / `pyroscope.tenant` / `prometheus.*`.
 */
import * as vscode from 'vscode';
import type { Auth, Endpoint } from '../../core/fleet/endpoint';
import { readCaFile } from '../../core/fleet/trust';

/** The saved settings of the extension's fleet commands. */
export interface FleetSettings {
  readonly pyroscopeUrl: string;
  readonly tenant: string;
  readonly caFile: string;
  readonly prometheusUrl: string;
  readonly requestsQuery: string;
}

/** Reads `dynamoHotpath.pyroscope.*` and `dynamoHotpath.prometheus.*`. */
export function fleetSettings(): FleetSettings {
  const c = vscode.workspace.getConfiguration('dynamoHotpath');
  const text = (key: string) => (c.get<string>(key) ?? '').trim();
  return { pyroscopeUrl: text('pyroscope.url'), tenant: text('pyroscope.tenant'), caFile: text('pyroscope.caFile'), prometheusUrl: text('prometheus.url'), requestsQuery: text('prometheus.requestsQuery') };
}

/**
 * An endpoint for `url` with `auth`, VS Code's proxy and certificate settings, and the CA file.
 * @throws CaFileError when the configured CA file cannot be read (names the file)
 */
export function endpointFor(url: string, auth: Auth, tenant: string): Endpoint {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = (http.get<string>('proxy') ?? '').trim();
  const strict = http.get<boolean>('proxyStrictSSL') ?? true;
  const caFile = fleetSettings().caFile;
  return {
    url,
    auth,
    ...(tenant ? { tenant } : {}),
    ...(proxy ? { proxy } : {}),
    ...(caFile ? { extraCaPem: [readCaFile(caFile)] } : {}),
    ...(strict ? {} : { rejectUnauthorized: false }),
  };
}
