import { fileURLToPath } from 'node:url';

/**
 * Turns a profiler's script URL into a file path: `file:///home/dev/my%20app/x.js` →
 * `/home/dev/my app/x.js` (percent-decoded, via `fileURLToPath` where the URL is valid on
 * this platform, else by stripping the scheme and decoding). Anything else (plain paths,
 * `node:internal/…`, `https://…`, `''`) is returned unchanged.
 */
export function fileUrlToPath(url: string): string {
  if (!url.startsWith('file://')) return url;
  try {
    return fileURLToPath(url);
  } catch {
    // e.g. a host part (`file://server/share/x.js`) on Linux, or a Windows drive URL elsewhere
    const rest = url.slice('file://'.length);
    try {
      return decodeURIComponent(rest);
    } catch {
      return rest;
    }
  }
}
