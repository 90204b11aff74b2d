/**
 * User path-mapping rules (`--map FROM=TO`, the `dynamoHotpath.pathMappings` setting): a profile
 * path prefix `from` is replaced by a workspace folder `to`.
 */
import { normalizeFsPath, normalizeProfilePath, type NormalizedPath } from './normalize';
import type { PathMappingRule } from './types';

/** A rule checked and normalized against one workspace root. */
export interface CompiledRule {
  readonly rule: PathMappingRule;
  /** Normalized `from`, no trailing slash except for a bare root (`/`, `C:/`). */
  readonly from: string;
  /** Target folder (or file) relative to the workspace root; `''` is the root itself. */
  readonly to: string;
  /** Compare `from` case-insensitively (it is a Windows path). */
  readonly caseInsensitive: boolean;
}

/** A rule that cannot be used; the message names the rule and what is wrong. */
export class PathMappingRuleError extends Error {
  override readonly name = 'PathMappingRuleError';
  constructor(
    readonly rule: PathMappingRule,
    detail: string,
  ) {
    super(`Path mapping "${rule.from}" → "${rule.to}": ${detail}`);
  }
}

/**
 * Normalizes `rules` against the workspace `root` (already normalized, see `WorkspaceIndex.root`)
 * and orders them most specific first: longest normalized `from` first, ties in the given order.
 * `from` may be a path, a `file://` URL or a `-trimpath` module prefix; `to` is relative to the
 * root or an absolute path inside it.
 * @throws PathMappingRuleError when `from` is empty or `to` lies outside the root.
 */
export function compileMappingRules(rules: readonly PathMappingRule[], root: string): CompiledRule[] {
  const compiled = rules.map((rule): CompiledRule => {
    const from = normalizeProfilePath(rule.from);
    if (from.path === '') throw new PathMappingRuleError(rule, 'the profile path prefix is empty.');
    return { rule, from: from.path, to: targetInRoot(rule, root), caseInsensitive: from.windows };
  });
  return compiled
    .map((rule, order) => ({ rule, order }))
    .sort((a, b) => b.rule.from.length - a.rule.from.length || a.order - b.order)
    .map(({ rule }) => rule);
}

/**
 * The root-relative path `rule` rewrites `path` to, or `undefined` when `from` is not a prefix
 * of `path` at a segment boundary (`/build/app` matches `/build/app/x.go`, not `/build/apple.go`).
 */
export function applyMappingRule(rule: CompiledRule, path: NormalizedPath): string | undefined {
  const caseInsensitive = rule.caseInsensitive || path.windows;
  const subject = caseInsensitive ? path.path.toLowerCase() : path.path;
  const from = caseInsensitive ? rule.from.toLowerCase() : rule.from;
  let rest: string;
  if (subject === from) rest = '';
  else if (from.endsWith('/') && subject.startsWith(from)) rest = path.path.slice(from.length);
  else if (subject.startsWith(`${from}/`)) rest = path.path.slice(from.length + 1);
  else return undefined;
  if (rule.to === '') return rest;
  return rest === '' ? rule.to : `${rule.to}/${rest}`;
}

function targetInRoot(rule: PathMappingRule, root: string): string {
  const to = normalizeFsPath(rule.to);
  if (/^(\/|[A-Z]:\/)/.test(to)) {
    const windows = /^[A-Z]:\//.test(root);
    const [a, b] = windows ? [to.toLowerCase(), root.toLowerCase()] : [to, root];
    if (a === b) return '';
    const prefix = b.endsWith('/') ? b : `${b}/`;
    if (a.startsWith(prefix)) return to.slice(prefix.length);
    throw new PathMappingRuleError(rule, `the target is outside the workspace root "${root}".`);
  }
  if (to === '..' || to.startsWith('../')) {
    throw new PathMappingRuleError(rule, `the target is outside the workspace root "${root}".`);
  }
  return to;
}
