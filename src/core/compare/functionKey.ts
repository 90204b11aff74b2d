/**
 * Names under which a function can be recognized in two builds of the same program.
 *
 * Go symbols carry their package path (`github.com/x/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity`);
 * a migration often moves code to a sibling package (`ddbv2`), so we compare the part after the
 * package (`Adapter.GetUserActivity`, pointer receiver dropped). V8 names carry no package
 * (`getUserActivity`, `V2Adapter.getUserActivity`), so the name is its own key.
 */
import { npmPackageOf } from '../paths/npmPackage';
import { shortFunctionName as displayName } from '../analysis/labels';

/** A Go symbol split at its package: `pkgPath` (`…/ddbv1`), `pkg` (`ddbv1`) and `member` (`(*Adapter).GetUserActivity`). */
export interface GoSymbol {
  readonly pkgPath: string;
  readonly pkg: string;
  readonly member: string;
}

/**
 * Splits a Go symbol at its package. The package path ends at the first `.` after the last `/`
 * (import paths may contain dots only before their last slash, e.g. `github.com`).
 * @returns undefined when the name has no `pkg.member` shape
 */
export function splitGoSymbol(name: string): GoSymbol | undefined {
  const bracket = name.indexOf('[');
  const head = bracket >= 0 ? name.slice(0, bracket) : name;
  const slash = head.lastIndexOf('/');
  const dot = name.indexOf('.', slash + 1);
  if (dot <= 0) return undefined;
  const pkgPath = name.slice(0, dot);
  return { pkgPath, pkg: pkgPath.slice(slash + 1), member: name.slice(dot + 1) };
}

/** True when a frame looks like Go: a `.go` file, or a package-path symbol with no file. */
export function isGoFunction(name: string, file: string): boolean {
  if (file.endsWith('.go')) return true;
  return file === '' && /^[\w.-]+(\/[\w.-]+)+\.[\w(*]/.test(name);
}

/**
 * The cross-build key of a function: for Go the member with `(*T)` written as `T`
 * (`Adapter.GetUserActivity`), else the name itself.
 */
export function functionKey(name: string, file: string): string {
  if (!isGoFunction(name, file)) return name;
  const sym = splitGoSymbol(name);
  if (!sym) return name;
  return sym.member.replace(/^\(\*([^)]+)\)/, '$1');
}

/**
 * What makes a function the same function in two profiles of one build: a Go symbol is unique by
 * itself (its file differs between `-trimpath` and normal builds), a JavaScript name is not
 * (`(anonymous)`, `read`), so it is qualified by its file.
 */
export function functionIdentity(name: string, file: string): string {
  return isGoFunction(name, file) ? name : `${name}\u0000${file}`;
}

/**
 * A short display label: the Go member with its package (`ddbv1.(*Adapter).GetUserActivity`),
 * or the JavaScript name with where it lives: the npm package for a dependency
 * (`unmarshall (@aws-sdk/util-dynamodb)`, `marshallItem (aws-sdk converter.js)`; the file's base
 * name is left out when it is an `index` file), else the file's base name (`handle (main.js)`).
 */
export function shortFunctionName(name: string, file: string): string {
  if (!isGoFunction(name, file)) return file ? `${displayName(name)} (${jsFileLabel(file)})` : displayName(name);
  const sym = splitGoSymbol(name);
  return sym ? `${sym.pkg}.${sym.member}` : name;
}

function jsFileLabel(file: string): string {
  const base = file.replace(/^.*[\\/]/, '');
  const pkg = npmPackageOf(file);
  if (!pkg) return base;
  return /^index\.[cm]?js$/.test(base) || pkg.path === '' ? pkg.name : `${pkg.name} ${base}`;
}

/**
 * How alike two functions that share a key are, for choosing among several candidates: the
 * length of the common prefix of their names plus that of their files (higher is closer).
 */
export function nameAffinity(a: { name: string; file: string }, b: { name: string; file: string }): number {
  return commonPrefix(a.name, b.name) + commonPrefix(a.file, b.file);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
