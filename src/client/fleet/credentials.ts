/**
 * Pyroscope/Prometheus credentials in VS Code: the secret (password or token) lives only in
 * SecretStorage, keyed by the server's URL; the kind and the user id (not secret) are kept with
 * it. Nothing here logs or shows a secret.
 */
import type * as vscode from 'vscode';
import { displayUrl, type Auth } from '../../core/fleet/endpoint';

const KEY_PREFIX = 'dynamoHotpath.credentials:';

/** SecretStorage key of a server: its display URL (scheme, host, path), so credentials follow the server. */
export function credentialKey(url: string): string {
  return KEY_PREFIX + displayUrl(url);
}

/** The stored auth of a server, or undefined when none is stored (or the entry is unreadable). */
export async function loadAuth(secrets: vscode.SecretStorage, url: string): Promise<Auth | undefined> {
  const raw = await secrets.get(credentialKey(url));
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as { kind?: string; user?: unknown; password?: unknown; token?: unknown };
    if (v.kind === 'none') return { kind: 'none' };
    if (v.kind === 'basic' && typeof v.user === 'string' && typeof v.password === 'string') return { kind: 'basic', user: v.user, password: v.password };
    if (v.kind === 'bearer' && typeof v.token === 'string') return { kind: 'bearer', token: v.token };
  } catch {
    // an entry written by another version: ask again
  }
  return undefined;
}

/** Stores (replaces) a server's auth. */
export async function storeAuth(secrets: vscode.SecretStorage, url: string, auth: Auth): Promise<void> {
  await secrets.store(credentialKey(url), JSON.stringify(auth));
}

/** Forgets a server's auth. */
export async function forgetAuth(secrets: vscode.SecretStorage, url: string): Promise<void> {
  await secrets.delete(credentialKey(url));
}
