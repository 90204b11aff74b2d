/**
 * Reaching a Pyroscope server from the editor: the URL (argument, last used, setting), the
 * credentials (SecretStorage or the URL; else none, and asked only when the server refuses, then
 * stored once it accepted them), and a first `ProfileTypes` call that proves both. A 401/403 with
 * stored credentials offers to enter them again.
 */
import * as vscode from 'vscode';
import { listProfileTypes } from '../../core/fleet/discovery';
import { displayUrl, parseEndpointUrl, type Auth, type Endpoint } from '../../core/fleet/endpoint';
import { FleetError } from '../../core/fleet/fleetError';
import type { ProfileType } from '../../core/fleet/querierMessages';
import { loadAuth, storeAuth } from './credentials';
import { validateServerUrl } from './validate';
import { endpointFor, fleetSettings } from './endpointSettings';

const LAST_URL_KEY = 'dynamoHotpath.pyroscope.lastUrl';

/**
 * Asks how a server authenticates and for the secret (a password box). Undefined when cancelled.
 * `what` names the server kind in prompts (`Pyroscope`, `Prometheus`).
 */
export async function askAuth(url: string, what: string): Promise<Auth | undefined> {
  const server = displayUrl(url);
  const choice = await vscode.window.showQuickPick(
    [
      { label: 'No authentication', auth: 'none' as const },
      { label: 'Basic auth', detail: 'Grafana Cloud: the stack\'s numeric user id and an access-policy token', auth: 'basic' as const },
      { label: 'Bearer token', detail: 'A Grafana service-account token (glsa_…) or a Cloud token (glc_…)', auth: 'bearer' as const },
    ],
    { title: `How does ${what} at ${server} authenticate?`, ignoreFocusOut: true },
  );
  if (!choice) return undefined;
  if (choice.auth === 'none') return { kind: 'none' };
  if (choice.auth === 'bearer') {
    const token = await vscode.window.showInputBox({ title: `Bearer token for ${server}`, password: true, ignoreFocusOut: true, prompt: 'Kept in VS Code\'s secret storage; never logged.' });
    return token ? { kind: 'bearer', token } : undefined;
  }
  const user = await vscode.window.showInputBox({ title: `User for ${server}`, ignoreFocusOut: true, prompt: 'Grafana Cloud: the numeric user id shown with the stack\'s Pyroscope/Prometheus details' });
  if (!user) return undefined;
  const password = await vscode.window.showInputBox({ title: `Password or access-policy token for ${server}`, password: true, ignoreFocusOut: true, prompt: 'Kept in VS Code\'s secret storage; never logged.' });
  return password === undefined ? undefined : { kind: 'basic', user, password };
}

/** A reachable, authenticated server and the profile types it holds in the last 24 hours. */
export interface Connection {
  readonly endpoint: Endpoint;
  readonly profileTypes: readonly ProfileType[];
}

/**
 * Connects (see the module doc). Returns undefined when the user cancelled a prompt.
 * @throws FleetError other than 401/403 (unreachable, 404, timeout…), CaFileError for a bad CA setting
 */
export async function connectToPyroscope(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, presetUrl?: string): Promise<Connection | undefined> {
  const settings = fleetSettings();
  const url =
    presetUrl ??
    (await vscode.window.showInputBox({
      title: 'Pyroscope server',
      prompt: 'Base URL of Pyroscope or Grafana Cloud Profiles (or a Grafana data-source proxy URL)',
      value: context.globalState.get<string>(LAST_URL_KEY) ?? (settings.pyroscopeUrl || 'http://localhost:4040'),
      ignoreFocusOut: true,
      validateInput: validateServerUrl,
    }));
  if (!url) return undefined;
  const base = parseEndpointUrl(url);
  const cleanUrl = base.url.href;
  const server = displayUrl(cleanUrl);
  // Stored or URL-embedded credentials first; otherwise try without any and ask only when refused.
  let auth = (await loadAuth(context.secrets, cleanUrl)) ?? base.embeddedAuth;
  let fresh = false;
  for (let attempt = 0; attempt < 4; attempt++) {
    const endpoint = endpointFor(cleanUrl, auth ?? { kind: 'none' }, settings.tenant);
    const now = Date.now();
    try {
      const profileTypes = await listProfileTypes(endpoint, { startMs: now - 24 * 3600e3, endMs: now });
      if (fresh && auth) await storeAuth(context.secrets, cleanUrl, auth);
      await context.globalState.update(LAST_URL_KEY, cleanUrl);
      log.info(`connected to ${server} (${auth?.kind ?? 'no'} auth${settings.tenant ? `, tenant ${settings.tenant}` : ''}): ${profileTypes.length} profile types`);
      return { endpoint, profileTypes };
    } catch (e) {
      if (!(e instanceof FleetError) || (e.kind !== 'unauthenticated' && e.kind !== 'forbidden')) throw e;
      log.warn(e.message);
      if (auth) {
        const again = await vscode.window.showWarningMessage(`${server} refused the credentials (HTTP ${e.status}).`, 'Enter Credentials');
        if (again !== 'Enter Credentials') return undefined;
      }
      auth = await askAuth(cleanUrl, 'Pyroscope');
      if (!auth) return undefined;
      fresh = true;
    }
  }
  return undefined;
}
