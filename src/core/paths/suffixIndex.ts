/**
 * Longest path-suffix matching of a build-machine path against the workspace's files: the
 * fallback that places `/home/ci/build/internal/x/y.go` on the workspace's `internal/x/y.go`.
 */

/** Result of a suffix lookup. */
export type SuffixMatch =
  | { readonly kind: 'unique'; readonly file: string; readonly matchedSegments: number }
  | { readonly kind: 'ambiguous'; readonly files: readonly string[]; readonly matchedSegments: number }
  | { readonly kind: 'none' };

/** Files grouped by (lower-cased) file name, for {@link SuffixIndex.match}. */
export interface SuffixIndex {
  /**
   * The workspace file(s) sharing the longest run of trailing path segments with `path`.
   *
   * A match counts when at least the file name and its parent folder agree (2 segments), or
   * when it covers the whole relative path of the workspace file (a file at the root), or when
   * `path` is a bare file name (nothing better to go on; then only a unique name resolves).
   * A file name alone is not enough when the profile names a folder: `/x/other/scorer.go` is
   * not `internal/adselect/scorer.go`. Several files with the same best run → `ambiguous`,
   * listing them sorted. Leading `..`, drive and empty segments of `path` are ignored.
   * `caseInsensitive` compares segments lower-cased (Windows profiles).
   */
  match(path: string, caseInsensitive: boolean): SuffixMatch;
}

/** Builds a {@link SuffixIndex} over relative `/`-separated file paths. Memory: one entry per file. */
export function createSuffixIndex(files: readonly string[]): SuffixIndex {
  const byName = new Map<string, { file: string; segments: string[] }[]>();
  for (const file of files) {
    const segments = file.split('/');
    const key = segments[segments.length - 1]!.toLowerCase();
    let bucket = byName.get(key);
    if (!bucket) byName.set(key, (bucket = []));
    bucket.push({ file, segments });
  }

  return {
    match(path, caseInsensitive) {
      const query = path.split('/').filter((s) => s !== '' && s !== '.' && s !== '..' && !/^[A-Za-z]:$/.test(s));
      if (query.length === 0) return { kind: 'none' };
      const bucket = byName.get(query[query.length - 1]!.toLowerCase());
      if (!bucket) return { kind: 'none' };
      const same = caseInsensitive
        ? (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
        : (a: string, b: string) => a === b;
      let best = 0;
      let winners: string[] = [];
      for (const { file, segments } of bucket) {
        let k = 0;
        while (
          k < segments.length &&
          k < query.length &&
          same(segments[segments.length - 1 - k]!, query[query.length - 1 - k]!)
        ) {
          k++;
        }
        const accepted = k >= 2 || (k >= 1 && (k === segments.length || query.length === 1));
        if (!accepted || k < best) continue;
        if (k > best) {
          best = k;
          winners = [];
        }
        winners.push(file);
      }
      if (winners.length === 0) return { kind: 'none' };
      if (winners.length === 1) return { kind: 'unique', file: winners[0]!, matchedSegments: best };
      return { kind: 'ambiguous', files: winners.sort(), matchedSegments: best };
    },
  };
}
