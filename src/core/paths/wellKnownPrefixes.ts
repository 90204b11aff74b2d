/**
 * Build-machine folders that commonly stand for the project root: container working
 * directories and Bazel's sandbox link, plus the classic GOPATH inside the `golang` images.
 */

/**
 * Prefixes whose remainder is a path relative to the project root:
 * `/proc/self/cwd/` (Bazel records paths through this link), `/app/` and `/usr/src/app/` (the
 * usual `WORKDIR` of Dockerfiles, the latter from the Node image docs), `/workspace/` (Cloud
 * Build, Buildpacks), `/src/` (many Go multi-stage Dockerfiles).
 */
const rootPrefixes = ['/proc/self/cwd/', '/app/', '/usr/src/app/', '/workspace/', '/src/'] as const;

/** GOPATH of the official `golang` images (`GOPATH=/go`): `/go/src/<import path>/…`. */
const goPathSrc = '/go/src/';

/** What remains of a path after a well-known prefix. */
export interface PrefixStrip {
  /** Remainder: root-relative (`kind: 'root'`) or a Go import path (`kind: 'go-import'`). */
  readonly rest: string;
  readonly kind: 'root' | 'go-import';
}

/** Strips the first matching well-known prefix from a normalized absolute path, if any. */
export function stripWellKnownPrefix(path: string): PrefixStrip | undefined {
  if (path.startsWith(goPathSrc)) return { rest: path.slice(goPathSrc.length), kind: 'go-import' };
  for (const prefix of rootPrefixes) {
    if (path.startsWith(prefix)) return { rest: path.slice(prefix.length), kind: 'root' };
  }
  return undefined;
}
