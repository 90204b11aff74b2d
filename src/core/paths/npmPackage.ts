/**
 * The npm package a JavaScript file belongs to, read from its path: the part after the last
 * `node_modules` segment (`…/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js` →
 * `@aws-sdk/util-dynamodb`; pnpm's `.pnpm/<name>@<version>/node_modules/<name>/…` gives the
 * inner name). Windows separators are accepted.
 */

/** A file's npm package and its path inside the package (`/`-separated). */
export interface NpmPackageFile {
  /** `aws-sdk`, `@aws-sdk/util-dynamodb`. */
  readonly name: string;
  /** `lib/dynamodb/converter.js`; '' when the path ends at the package folder. */
  readonly path: string;
}

/** The package of `file`, or undefined when the path has no `node_modules/<package>` segment. */
export function npmPackageOf(file: string): NpmPackageFile | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const scoped = parts[at + 1]!.startsWith('@');
  const nameParts = parts.slice(at + 1, at + (scoped ? 3 : 2));
  if (nameParts.length < (scoped ? 2 : 1) || nameParts.some((p) => p === '')) return undefined;
  return { name: nameParts.join('/'), path: parts.slice(at + 1 + nameParts.length).join('/') };
}
