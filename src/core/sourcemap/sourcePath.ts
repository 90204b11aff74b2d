/**
 * A map's `sources` entry as a path the workspace resolver understands.
 */

/**
 * Turns a resolved source URL (trace-mapping resolves `sourceRoot` + `sources[i]` against the
 * map's own path) into a path:
 * - `file:///abs/x.ts` → `/abs/x.ts` (percent-decoded);
 * - webpack's `webpack://<namespace>/./src/x.ts` → `src/x.ts`, relative to webpack's `context`
 *   (the project folder by default), which the resolver then finds by exact or suffix match;
 *   its generated modules (`webpack/bootstrap`, `webpack/runtime/…`, `external "fs"`) → `''`;
 * - other absolute paths and relative paths as they are.
 */
export function sourcePathOf(resolved: string): string {
  if (resolved.startsWith('file://')) return safeDecode(resolved.slice('file://'.length));
  const webpack = /^webpack:\/\/[^/]*\/(.*)$/.exec(resolved);
  if (webpack) {
    const rest = webpack[1]!.replace(/^(\.\/)+/, '').replace(/\?[^/]*$/, '');
    if (rest.startsWith('webpack/') || rest.startsWith('external ') || rest.startsWith('(webpack)')) return '';
    return safeDecode(rest);
  }
  return resolved;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
