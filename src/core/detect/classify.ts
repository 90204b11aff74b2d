/**
 * Matching frames against the rule catalogue, and the "transparent" frames whose cost is
 * charged to the nearest non-transparent caller.
 */
import type { Frame } from '../profile/model';
import { FRAME_RULES, frameClassOf, type Direction, type FrameRule } from './rules';
import type { FrameClass } from './types';

/** A frame matched to a rule; `direction` undefined when the name alone does not tell. */
export interface RuleMatch {
  readonly rule: FrameRule;
  readonly direction: Direction | undefined;
}

/** `/`-separated, percent-decoded form of a recorded path, for fragment matching. */
function normalizeForMatch(file: string): string {
  let path = file.replace(/\\/g, '/');
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // keep the recorded form when it is not valid percent-encoding
    }
  }
  return path;
}

function matchesRule(rule: FrameRule, frame: Frame, path: string): boolean {
  if (rule.goNamePrefixes) {
    if (!rule.goNamePrefixes.some((p) => frame.name.startsWith(p))) return false;
    if (rule.goNameExcludes?.some((p) => frame.name.startsWith(p))) return false;
  } else if (rule.jsPathFragments) {
    // A frame with no file (folded stacks of bare V8 names) matches by the names only this rule's package uses.
    if (path === '' ? !rule.jsBareNames?.test(frame.name) : !rule.jsPathFragments.some((f) => path.includes(f))) return false;
  } else {
    return false;
  }
  if (rule.nameExclude?.test(frame.name)) return false;
  return !rule.nameFilter || rule.nameFilter.test(frame.name);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a name that starts with some rule's Go prefix: no Go rule can match a name it rejects. */
const ANY_GO_PREFIX = new RegExp(`^(?:${FRAME_RULES.flatMap((r) => r.goNamePrefixes ?? []).map(escapeRegExp).join('|') || '(?!)'})`);
/** Matches a path that holds some rule's JS fragment: no JS rule can match a path it rejects. */
const ANY_JS_FRAGMENT = new RegExp(FRAME_RULES.flatMap((r) => r.jsPathFragments ?? []).map(escapeRegExp).join('|') || '(?!)');
/** Matches a file-less frame's name that some rule's `jsBareNames` holds. */
const ANY_BARE_NAME = new RegExp(FRAME_RULES.flatMap((r) => (r.jsBareNames ? [`(?:${r.jsBareNames.source})`] : [])).join('|') || '(?!)');

/** True when a file-less frame named `name` matches some rule by its name alone (`jsBareNames`). */
export function matchesByBareName(name: string): boolean {
  return ANY_BARE_NAME.test(name);
}

/** What {@link matchFrame} and {@link isTransparent} read of a recorded file: the same for every function of the file, so a caller classifying many functions judges it once per file. */
export interface FileTraits {
  /** `/`-separated, percent-decoded path. */
  readonly path: string;
  /** True when the path holds some JS rule's fragment (no JS rule can match otherwise). */
  readonly jsFragment: boolean;
}

/** The {@link FileTraits} of recorded file `file` (any form: Windows separators, percent-encoding). */
export function fileTraitsOf(file: string): FileTraits {
  const path = normalizeForMatch(file);
  return { path, jsFragment: ANY_JS_FRAGMENT.test(path) };
}

/**
 * The rule a frame matches, if any, with the direction its name implies.
 * Rules are tried in catalogue order; the first match wins.
 * @param traits the frame file's {@link fileTraitsOf}, when the caller has it already.
 */
export function matchFrame(frame: Frame, traits: FileTraits = fileTraitsOf(frame.file)): RuleMatch | undefined {
  // Most frames of a large profile match no rule: one test against every prefix and fragment at once rules them out.
  if (!traits.jsFragment && !ANY_GO_PREFIX.test(frame.name) && !(traits.path === '' && ANY_BARE_NAME.test(frame.name))) return undefined;
  for (const rule of FRAME_RULES) {
    if (!matchesRule(rule, frame, traits.path)) continue;
    const hit = rule.directions?.find(([pattern]) => pattern.test(frame.name));
    return { rule, direction: hit?.[1] };
  }
  return undefined;
}

/**
 * What a single frame is, judged on its own (direction from its name, else the rule's fallback).
 * Returns undefined for frames no rule matches. Use {@link directionFromStack} when the stack is
 * known: shared helpers (v2 `Translator.translate`, v3 `processObj`) take the direction of the
 * caller that entered them.
 */
export function classifyFrame(frame: Frame): FrameClass | undefined {
  const match = matchFrame(frame);
  return match ? frameClassOf(match.rule, match.direction ?? match.rule.fallback) : undefined;
}

/**
 * Direction of a matched frame at `stack[index]`: its own name's, else the nearest caller of the
 * same rule family whose name tells, else the rule's fallback.
 *
 * @param matchAt the match (or undefined) of a frame id; `stack` is leaf first.
 */
export function directionFromStack(stack: Uint32Array, index: number, matchAt: (frame: number) => RuleMatch | undefined): Direction {
  const own = matchAt(stack[index]!)!;
  if (own.direction) return own.direction;
  if (!own.rule.directions) return own.rule.fallback;
  for (let i = index + 1; i < stack.length; i++) {
    const caller = matchAt(stack[i]!);
    if (caller && caller.rule.family === own.rule.family && caller.direction) return caller.direction;
  }
  return own.rule.fallback;
}

const NODE_SYNTHETIC = new Set(['(root)', '(program)', '(idle)', '(garbage collector)', 'Garbage Collection', 'Non JS threads activity', 'Node.js']);

/** Go package path of a function name: `encoding/json.(*decodeState).object` → `encoding/json`. */
function goPackageOf(name: string): string | undefined {
  const slash = name.lastIndexOf('/');
  const dot = name.indexOf('.', slash + 1);
  return dot > 0 ? name.slice(0, dot) : undefined;
}

const GO_STDLIB_PACKAGE = /^[a-z0-9_]+(\/[a-z0-9_]+)*$/;

/**
 * True for frames whose cost belongs to whoever called them: the Go runtime and standard
 * library (`runtime.*`, `reflect.*`, `encoding/json.*`, `net/http.*`, compiler-generated
 * `type..hash…`), Node builtins without a URL (`JSON.parse`) and `node:` internals, and SDK
 * helpers that only iterate (`smithy-go` io/ptr, aws-sdk v2 `lib/util.js`).
 * The definition follows the fixture README's measurement method (fixtures/README.md,
 * "How DynamoDB (un)marshalling is measured").
 * @param traits the frame file's {@link fileTraitsOf}, when the caller has it already.
 */
export function isTransparent(frame: Frame, traits?: FileTraits): boolean {
  const { name, file } = frame;
  if (NODE_SYNTHETIC.has(name)) return false;
  const path = (traits ?? fileTraitsOf(file)).path;
  if (path.startsWith('node:') || path.includes('/aws-sdk/lib/util.js')) return true;
  if (name.startsWith('github.com/aws/smithy-go/io.') || name.startsWith('github.com/aws/smithy-go/ptr.')) return true;
  if (name.startsWith('type..') || name.startsWith('go:')) return true;
  const looksGo = path.endsWith('.go') || path.endsWith('.s') || (path === '' && /^[a-z0-9_/]+\.[\w(]/.test(name));
  if (looksGo) {
    const pkg = goPackageOf(name);
    // Assembly routines of the runtime (`indexbytebody`, `memeqbody`) carry no package at all.
    if (pkg === undefined) return path.endsWith('.s');
    return pkg !== 'main' && GO_STDLIB_PACKAGE.test(pkg);
  }
  // A JavaScript builtin (JSON.parse, Array.prototype.map) has no URL; nor has any frame of folded
  // stacks of bare V8 names, where an anonymous function tells nothing either.
  return path === '' && (!name.startsWith('(') || name.startsWith('(anonymous'));
}

const GC_NAME =
  /^runtime\.(gcBgMarkWorker|bgsweep|bgscavenge|gcAssistAlloc|gcDrain|markroot|scanobject|gcMarkDone|gcMarkTermination|gcStart|sweepone)|^\(garbage collector\)$|^Garbage Collection$|^v8::internal::(Heap::(CollectGarbage|PerformGarbageCollection|Scavenge|MarkCompact)|(Scavenger|ScavengerCollector|MarkCompactCollector|MinorMarkSweepCollector|ConcurrentMarking|IncrementalMarking|MinorGCJob)::)/;

/**
 * True for frames that do garbage-collection work (Go runtime GC, V8 `(garbage collector)`, and
 * V8's C++ collector entry points as `perf` sees them in Node: `v8::internal::Heap::CollectGarbage`,
 * `v8::internal::ScavengerCollector::…`).
 */
export function isGcFrame(frame: Frame): boolean {
  return GC_NAME.test(frame.name);
}
