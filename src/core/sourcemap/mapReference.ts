/**
 * Finding a generated file's source map: the `sourceMappingURL` comment (ECMA-426 §11.1.2,
 * "Linking generated code to source maps"), data URLs, and the map file beside the script.
 */

/** Where a generated file's map comes from. */
export type MapReference =
  | { readonly kind: 'inline'; readonly json: string }
  | { readonly kind: 'file'; readonly path: string; readonly comment: boolean }
  | { readonly kind: 'bad-data-url'; readonly reason: string };

/**
 * The URL of the last `//# sourceMappingURL=…` (or the old `//@` form, or a `/*# … *\/` block
 * comment) in `text`, or undefined. Only comments after the last code line count, as in the
 * spec, but trailing blank lines and other comments are allowed.
 */
export function findSourceMappingUrl(text: string): string | undefined {
  const pattern = /(?:\/\/[@#][ \t]+sourceMappingURL=([^\s'"]+)[ \t]*$)|(?:\/\*[@#][ \t]+sourceMappingURL=([^\s*'"]+)[ \t]*\*\/[ \t]*$)/gm;
  let found: string | undefined;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) found = match[1] ?? match[2];
  return found;
}

/** Decodes an `application/json` data URL (base64 or percent-encoded); throws with a reason. */
export function decodeDataUrl(url: string): string {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma < 0) throw new Error('not a data URL');
  const meta = url.slice(5, comma).toLowerCase();
  const body = url.slice(comma + 1);
  if (meta !== '' && !meta.startsWith('application/json') && !meta.startsWith('text/plain') && !meta.startsWith(';')) {
    throw new Error(`a data URL of type ${meta.split(';')[0]}, not application/json`);
  }
  if (meta.split(';').includes('base64')) return Buffer.from(body, 'base64').toString('utf8');
  return decodeURIComponent(body);
}

/**
 * The map reference of the generated file at `generatedPath` (absolute, `/`-separated) with
 * content `text`: the comment's data URL or file (relative to the script's folder, or a
 * `file://` URL), else `<script>.map` when `mapExists` says it is there.
 */
export function mapReferenceOf(generatedPath: string, text: string, mapExists: (path: string) => boolean): MapReference | undefined {
  const url = findSourceMappingUrl(text);
  const folder = generatedPath.slice(0, generatedPath.lastIndexOf('/') + 1);
  if (url === undefined) {
    const beside = `${generatedPath}.map`;
    return mapExists(beside) ? { kind: 'file', path: beside, comment: false } : undefined;
  }
  if (url.startsWith('data:')) {
    try {
      return { kind: 'inline', json: decodeDataUrl(url) };
    } catch (err) {
      return { kind: 'bad-data-url', reason: (err as Error).message };
    }
  }
  if (url.startsWith('file://')) return { kind: 'file', path: decodeURIComponent(url.slice('file://'.length)), comment: true };
  if (url.startsWith('/')) return { kind: 'file', path: url, comment: true };
  let relative = url;
  try {
    relative = decodeURIComponent(url);
  } catch {
    // keep the URL as written when it is not valid percent-encoding
  }
  return { kind: 'file', path: normalizeDots(folder + relative), comment: true };
}

/** Resolves `.` and `..` segments of a `/`-separated absolute path. */
export function normalizeDots(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '.') continue;
    if (part === '..') {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(part);
  }
  return out.join('/');
}
