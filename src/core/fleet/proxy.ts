/**
 * Proxy choice the way curl and most HTTP clients make it: an explicit proxy (VS Code's
 * `http.proxy`, the CLI's `--proxy`) wins; loopback targets go direct; otherwise `HTTPS_PROXY` / `HTTP_PROXY` (either case)
 * for the target's scheme, unless `NO_PROXY` lists the host. The agents come from
 * `https-proxy-agent` / `http-proxy-agent` (CONNECT tunnel for https, absolute-form for http).
 */
import type { Agent } from 'node:http';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import type { ConnectionOptions } from 'node:tls';

/** The proxy URL to use for `target`, or undefined for a direct connection. */
export function proxyFor(target: URL, explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (explicit) return explicit;
  if (isLoopback(target.hostname)) return undefined;
  if (bypassesProxy(target, env.NO_PROXY ?? env.no_proxy ?? '')) return undefined;
  const fromEnv = target.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  return fromEnv || undefined;
}

/** Loopback hosts never go through a proxy (as in Go's ProxyFromEnvironment). */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * True when `NO_PROXY` (comma- or space-separated; `*`, `host`, `.domain`, `domain`, `host:port`,
 * IP literals) covers the target.
 */
export function bypassesProxy(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const bareIpv6 = (entry.match(/:/g) ?? []).length > 1 && !entry.startsWith('[');
    const m = bareIpv6 ? [entry, entry, undefined] : /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[|\](?=:|$)/g, ''))!;
    const name = m[1]!.replace(/^\*?\./, '.');
    if (m[2] && m[2] !== port) continue;
    if (name.startsWith('.') ? host.endsWith(name) || host === name.slice(1) : host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** An agent that goes through `proxy` to `target`, carrying the TLS options for the target. */
export function proxyAgent(target: URL, proxy: string, tls: ConnectionOptions): Agent {
  return target.protocol === 'https:' ? new HttpsProxyAgent(proxy, tls) : new HttpProxyAgent(proxy);
}
