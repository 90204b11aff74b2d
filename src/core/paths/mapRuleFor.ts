/**
 * The `--map FROM=TO` that places a profile path on a given workspace file: the path's prefix
 * before the segments both share at their end, replaced by the file's folder before them.
 */
import { createPathResolver } from './resolve';
import { normalizeProfilePath } from './normalize';
import type { PathMappingRule, PathResolver } from './types';

/**
 * The prefix rule that rewrites `profilePath` to `relativePath` (root-relative), checked on
 * `resolver`'s index: `/var/task/src/a.js` + `svc/src/a.js` → `{ from: '/var/task', to: 'svc' }`.
 * Undefined when no prefix rule does (nothing in common, the whole path in common, or the rule
 * resolves elsewhere).
 */
export function mapRuleFor(profilePath: string, relativePath: string, resolver: PathResolver): PathMappingRule | undefined {
  const from = normalizeProfilePath(profilePath).path.split('/');
  const to = relativePath.split('/');
  let common = 0;
  while (common < Math.min(from.length, to.length) && from[from.length - 1 - common] === to[to.length - 1 - common]) common++;
  const rule = { from: from.slice(0, from.length - common).join('/'), to: to.slice(0, to.length - common).join('/') || '.' };
  if (rule.from === '' || rule.from === '/') return undefined;
  try {
    const check = createPathResolver(resolver.index, [rule]).resolve(profilePath);
    return check.kind === 'resolved' && check.relativePath === relativePath ? rule : undefined;
  } catch {
    return undefined;
  }
}

/** `--map FROM=TO` as typed on the command line. */
export function mapFlag(rule: PathMappingRule): string {
  return `--map ${rule.from}=${rule.to}`;
}
