/**
 * Contract of the path mapper: profile file paths (build-machine paths, `-trimpath` module
 * paths, `file://` URLs) → files of the user's workspace.
 */

/** A user rule: a profile path prefix `from` is replaced by `to` (relative to the root, or absolute). */
export interface PathMappingRule {
  readonly from: string;
  readonly to: string;
}

/** What the mapper knows of one workspace root; build it with `scanWorkspace` or `createWorkspaceIndex`. */
export interface WorkspaceIndex {
  /** Absolute root folder, `/`-separated, no trailing slash. */
  readonly root: string;
  /** Every file under the root (dependency folders such as `node_modules`, `.git` left out), relative, `/`-separated. */
  readonly files: readonly string[];
  /** Go modules found (`go.mod` files): folder relative to the root (`''` for the root) and the `module` path. */
  readonly goModules: readonly { readonly dir: string; readonly modulePath: string }[];
  /** Problems met while building the index (file cap reached, unreadable folder or `go.mod`); absent or empty when none. */
  readonly warnings?: readonly string[];
}

/** How a profile path was resolved. */
export type ResolvedBy =
  | 'exact'
  | 'file-url'
  | 'go-module'
  | 'rule'
  | 'well-known-prefix'
  | 'suffix';

/** Why a path did not resolve to a user file. */
export type UnresolvedReason =
  /** No file name in the profile (synthetic or kernel frame). */
  | 'no-file'
  /** A third-party dependency (`node_modules`, Go module cache `…@vX`, `vendor/`, `/usr/share/gocode`). */
  | 'dependency'
  /** Language runtime or standard library (`$GOROOT`, `/usr/lib/go…/src`, `runtime/…`, `node:…`). */
  | 'runtime'
  /** Several workspace files match equally well; `candidates` lists them. */
  | 'ambiguous'
  /** Nothing in the workspace matches. */
  | 'not-found';

export type PathResolution =
  | {
      readonly kind: 'resolved';
      /** Path relative to the workspace root, `/`-separated. */
      readonly relativePath: string;
      /** Absolute path (root + relativePath). */
      readonly absolutePath: string;
      readonly by: ResolvedBy;
    }
  | {
      readonly kind: 'unresolved';
      readonly reason: UnresolvedReason;
      /** For `ambiguous`: the equally good relative paths. */
      readonly candidates?: readonly string[];
    };

/** Resolves profile paths of one workspace root; results are cached per distinct input path. */
export interface PathResolver {
  readonly index: WorkspaceIndex;
  resolve(profilePath: string): PathResolution;
}
