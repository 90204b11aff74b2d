/**
 * Which certificate authorities a request trusts: Node's bundled roots, the system's bundle
 * (Node 20 does not read it by itself), `NODE_EXTRA_CA_CERTS`, and the user's own CA files
 * (`--cacert`, the extension's setting). Passing `ca` to Node replaces its defaults, so all
 * of them are listed here.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

/** Where Linux distributions and macOS Homebrew keep the system bundle (first readable wins). */
const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/ca-bundle.pem', '/etc/ssl/cert.pem', '/usr/local/etc/openssl/cert.pem'];

let systemCache: string[] | undefined;

/** The system's CA bundle as PEM strings (SSL_CERT_FILE first); empty when none is readable. */
export function systemCaPem(env: NodeJS.ProcessEnv = process.env): string[] {
  if (systemCache) return systemCache;
  const candidates = [env.SSL_CERT_FILE, ...SYSTEM_BUNDLES].filter((p): p is string => !!p);
  for (const path of candidates) {
    try {
      systemCache = [readFileSync(path, 'utf8')];
      return systemCache;
    } catch {
      // try the next location
    }
  }
  systemCache = [];
  return systemCache;
}

/** Thrown when a CA file the user named cannot be read; names the file. */
export class CaFileError extends Error {
  override readonly name = 'CaFileError';
}

/**
 * Reads a user's CA file (PEM, may hold several certificates).
 * @throws CaFileError naming the file when it is missing or holds no PEM certificate
 */
export function readCaFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CaFileError(`${path}: cannot read the CA file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new CaFileError(`${path}: not a PEM certificate file (no BEGIN CERTIFICATE block)`);
  return text;
}

/** The full `ca` list for a TLS connection: Node's roots, the system's, NODE_EXTRA_CA_CERTS, then `extra`. */
export function trustedCas(extra: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv: string[] = [];
  if (env.NODE_EXTRA_CA_CERTS) {
    try {
      fromEnv.push(readFileSync(env.NODE_EXTRA_CA_CERTS, 'utf8'));
    } catch {
      // Node itself warns about an unreadable NODE_EXTRA_CA_CERTS at start-up
    }
  }
  return [...rootCertificates, ...systemCaPem(env), ...fromEnv, ...extra];
}
