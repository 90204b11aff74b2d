/**
 * Go frames whose file path does not resolve, found through the package in their function name:
 * `github.com/acme/mono/services/api/internal/repo.(*Repo).Get` in `/build/internal/repo/repo.go`
 * belongs to the workspace module `github.com/acme/mono/services/api` (folder `services/api`), so
 * its file is `services/api/internal/repo/repo.go` — even when several `internal/repo/repo.go`
 * make the path ambiguous, none matches, or the path looks like the Go runtime's.
 */
import { isDependencyCopy, matchGoModule } from './goModule';
import { mapRuleFor } from './mapRuleFor';
import type { PathMappingRule, PathResolution, PathResolver, UnresolvedReason } from './types';

/** One profile file placed through its functions' Go package. */
export interface GoPackageFile {
  readonly profileFile: string;
  /** How the path alone resolved: `not-found`, `ambiguous` or `runtime`. */
  readonly pathReason: UnresolvedReason;
  /** The module-relative file in the workspace (root-relative). */
  readonly relativePath: string;
  /** Whether `relativePath` exists; when false the file stays unresolved. */
  readonly found: boolean;
  /** The `--map FROM=TO` that resolves the path without this step (checked); absent when no prefix rule can. */
  readonly map?: PathMappingRule;
}

/**
 * The import path of the package a Go function belongs to: `github.com/a/b/pkg.(*T).M.func1` →
 * `github.com/a/b/pkg`; type arguments (`F[go.shape.int]`) ignored. Undefined for names with no
 * package (V8, C) or no `/` and no `.` separator.
 */
export function goPackagePath(functionName: string): string | undefined {
  const name = functionName.replace(/\[[^\]]*\]/g, '');
  const slash = name.lastIndexOf('/');
  const dot = name.indexOf('.', slash + 1);
  if (dot <= 0 || /\s|[()]/.test(name.slice(0, dot))) return undefined;
  return name.slice(0, dot);
}

const RETRIED: ReadonlySet<UnresolvedReason> = new Set(['not-found', 'ambiguous', 'runtime']);

/**
 * Looks at every `.go` file of `frames` (frames, or distinct (name, file) pairs: iterated once, in order) that `resolver` leaves `not-found`, `ambiguous` or
 * `runtime` and whose functions name a package of one of the workspace's own Go modules
 * ({@link matchGoModule}; copied dependencies excluded): the module-relative file
 * `<module dir>/<package rest>/<file name>` is taken when it exists. Returns a resolver that
 * answers those files (`by: 'go-module'`) and defers everything else to `resolver`, and the
 * files it looked at, found or not.
 */
export function resolveGoFilesByPackage(frames: Iterable<{ readonly name: string; readonly file: string }>, resolver: PathResolver): { resolver: PathResolver; files: GoPackageFile[] } {
  const modules = resolver.index.goModules;
  if (modules.length === 0) return { resolver, files: [] };
  const known = new Set(resolver.index.files);
  const decided = new Map<string, PathResolution>();
  const files: GoPackageFile[] = [];
  const seen = new Set<string>();
  for (const frame of frames) {
    if (!frame.file.endsWith('.go') || seen.has(frame.file)) continue;
    const byPath = resolver.resolve(frame.file);
    if (byPath.kind === 'resolved' || !RETRIED.has(byPath.reason)) {
      seen.add(frame.file);
      continue;
    }
    const pkg = goPackagePath(frame.name);
    const baseName = frame.file.slice(frame.file.replace(/\\/g, '/').lastIndexOf('/') + 1);
    const match = pkg === undefined ? undefined : matchGoModule(modules, `${pkg}/${baseName}`);
    if (!match || match.version !== undefined || isDependencyCopy(match.module)) continue;
    seen.add(frame.file);
    const relativePath = match.module.dir === '' ? match.rest : `${match.module.dir}/${match.rest}`;
    const found = known.has(relativePath);
    const map = found ? mapRuleFor(frame.file, relativePath, resolver) : undefined;
    files.push({ profileFile: frame.file, pathReason: byPath.reason, relativePath, found, ...(map ? { map } : {}) });
    if (found) decided.set(frame.file, { kind: 'resolved', relativePath, absolutePath: `${resolver.index.root.replace(/\/$/, '')}/${relativePath}`, by: 'go-module' });
  }
  if (decided.size === 0) return { resolver, files };
  return { resolver: { index: resolver.index, resolve: (path) => decided.get(path) ?? resolver.resolve(path) }, files };
}

/** Files a group of {@link goPackageWarnings} names one by one before it summarises the rest. */
export const LISTED_GO_PACKAGE_FILES = 3;

const pathWhy = (f: GoPackageFile) => (f.pathReason === 'runtime' ? 'looks like a Go runtime path' : f.pathReason === 'ambiguous' ? 'matches several workspace files' : 'matches no workspace file');
const ruleText = (rule: PathMappingRule | undefined) => (rule ? `${rule.from}=${rule.to}` : '');

/**
 * The analysis notes for {@link resolveGoFilesByPackage}'s files: what was placed, and the `--map`
 * that says it explicitly. Files are grouped by outcome (found with the same `--map` rule, found
 * with none, missing); a group of up to {@link LISTED_GO_PACKAGE_FILES} files gets one note per
 * file, a larger one a single note with its count, the first files as examples and the rule they
 * share — a monorepo build path can leave hundreds of files to this step, and each note reaches
 * the CLI, the hover and every comparison.
 */
export function goPackageWarnings(files: readonly GoPackageFile[]): string[] {
  const groups = new Map<string, GoPackageFile[]>();
  for (const f of files) {
    const key = f.found ? `found ${ruleText(f.map)}` : 'missing';
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()].flatMap((group) => (group.length <= LISTED_GO_PACKAGE_FILES ? group.map(fileWarning) : [groupWarning(group)]));
}

function fileWarning(f: GoPackageFile): string {
  if (!f.found) return `${f.profileFile} ${pathWhy(f)}; its functions belong to your Go module, whose file would be ${f.relativePath}, which the workspace does not have (open the module's folder or add --map)`;
  const map = f.map ? `; --map ${ruleText(f.map)} says the same by path` : '';
  return `${f.profileFile} ${pathWhy(f)}; matched to ${f.relativePath} by the Go package of its functions${map}`;
}

function groupWarning(group: readonly GoPackageFile[]): string {
  const examples = group.slice(0, LISTED_GO_PACKAGE_FILES).map((f) => `${f.profileFile} → ${f.relativePath}`).join(', ');
  const more = `${examples}, and ${group.length - LISTED_GO_PACKAGE_FILES} more`;
  const first = group[0]!;
  if (!first.found) return `${group.length} profile files match no usable workspace file; their functions belong to your Go module, whose files the workspace does not have (${more}): open the module's folder or add --map`;
  const map = first.map ? `; --map ${ruleText(first.map)} says the same by path` : '';
  return `${group.length} profile files matched to workspace files by the Go package of their functions (${more})${map}`;
}
