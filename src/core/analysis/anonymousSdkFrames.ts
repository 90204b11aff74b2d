/**
 * Names the anonymous functions of the AWS SDK v3's bundled packages. Since about 3.5xx the
 * `dist-cjs` of the `@aws-sdk/*` and `@smithy/*` packages (`util-dynamodb`, `lib-dynamodb`, the
 * client's generated `se_`/`de_` serializers) is esbuild output in which
 * every function is `var convertToAttr = __name((data, options) => {…}, "convertToAttr")` (with a
 * `@__PURE__` comment before `__name`): the function literal is a call argument, so V8 infers no name and profilers write
 * `(anonymous:L#97:C#44)` (@datadog/pprof) or `(anonymous)` at the function's position (V8). Without
 * the names, marshal and unmarshal cannot be told apart (the rules read direction from names:
 * `marshallInput` vs `unmarshallOutput`, `convertToAttr` vs `convertToNative`, `se_PutItemInput` vs
 * `de_QueryOutput`). This stage reads
 * the package file at the recorded path, else the same package under the root's `node_modules`,
 * and takes the name from the assignment the function literal is the `__name` argument of.
 * A stage before source mapping (positions are the bundle's), see `prepare.ts`.
 */
import type { Frame, Profile } from '../profile/model';
import { frameTableOf, replaceFramesOrFields } from '../profile/columns/profileTables';
import { frameAt } from '../profile/columns/frameTable';
import type { SourceMapFiles } from '../sourcemap/sourceMapper';
import { fileTraitsOf } from '../detect/classify';

/** @datadog/pprof's name of an anonymous function: `(anonymous:L#<line>:C#<column>)`, both 1-based. */
const PPROF_ANONYMOUS = /^\(anonymous:L#(\d+):C#(\d+)\)$/;
/** The SDK v3 packages whose bundles are read: `node_modules/@aws-sdk/<package>/…` and `@smithy/<package>/…`. */
const SDK_PACKAGE = /[\\/]node_modules[\\/](@(?:aws-sdk|smithy)[\\/][\w.-]+[\\/].*)$/;
/**
 * The text before a function literal that names it: an assignment, through esbuild's `keepNames`
 * wrapper `__name(` and through curried arrows (`const schemaSerializationMiddleware = (config) =>
 * (next, context) => async (args) => {`: the inner arrow, which V8 leaves anonymous, is named after
 * the variable).
 */
const NAMED_BY_ASSIGNMENT = /(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:\/\*\s*[#@]__PURE__\s*\*\/\s*)?(?:__name\(\s*)?(?:(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>\s*)*(?:async\s*)?$/;

/** Characters before a function literal searched for its name (a declaration with curried arrows fits). */
const LOOK_BACK = 300;

/** What the stage did, for the analysis' notes. */
export interface SdkNamingResult {
  readonly profile: Profile;
  /** Anonymous SDK functions given their bundle name. */
  readonly named: number;
  /**
   * Bundles of packages the DynamoDB rules read (`fileTraitsOf(file).jsFragment`) that could not be read (recorded
   * path and the root's `node_modules` tried): their functions stay anonymous. Other SDK bundles
   * (HTTP handler, signing) are named when readable and not listed when not: no rule reads their names.
   */
  readonly unreadable: readonly string[];
}

/** The 1-based position of an anonymous function's start, if the frame says it. */
function anonymousPosition(frame: Frame): { line: number; column: number } | undefined {
  const pprof = PPROF_ANONYMOUS.exec(frame.name);
  if (pprof) return { line: Number(pprof[1]), column: Number(pprof[2]) };
  if (frame.name === '(anonymous)' && frame.line > 0 && (frame.column ?? 0) > 0) return { line: frame.line, column: frame.column! };
  return undefined;
}

/**
 * The variable a bundle assigns the function starting at 1-based `line`/`column` to, directly, as
 * esbuild's `__name(<function>, "…")` argument or as the inner arrow of a curried one
 * ({@link NAMED_BY_ASSIGNMENT}); undefined otherwise.
 */
export function bundleNameAt(lines: readonly string[], line: number, column: number): string | undefined {
  const text = lines[line - 1];
  if (text === undefined || column < 1) return undefined;
  // Only the text just before the literal: a minified bundle is one line of megabytes.
  const before = text.slice(Math.max(0, column - 1 - LOOK_BACK), column - 1);
  return NAMED_BY_ASSIGNMENT.exec(before)?.[1] ?? (RETURNED.test(before) ? enclosingFunction(lines, line) : undefined);
}

/** A function literal that its line returns (`return () => crypto.randomUUID();`). */
const RETURNED = /^\s*return\s+(?:async\s*)?$/;
/** A function declaration's first line, with its indentation and name. */
const DECLARATION = /^(\s*)(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/;
/** Lines searched above a returned literal for the function that returns it. */
const ENCLOSING_LINES = 8;

/**
 * The function declared (`function bindV4(getRandomValues) {`) at most {@link ENCLOSING_LINES}
 * lines above 1-based `line` and less indented than it, when no line between goes back to that
 * indentation or less (the declaration's body is still open): a factory's returned closure is
 * named after the factory, as a curried arrow is after its variable. @smithy/core 3.x's
 * `bindV4` returns `() => crypto.randomUUID()`, the invocation id's UUID, which V8 leaves anonymous.
 */
function enclosingFunction(lines: readonly string[], line: number): string | undefined {
  const indent = (text: string) => text.length - text.trimStart().length;
  let open = indent(lines[line - 1]!);
  for (let l = line - 1; l >= Math.max(1, line - ENCLOSING_LINES); l--) {
    const text = lines[l - 1]!;
    if (text.trim() === '') continue;
    const declared = DECLARATION.exec(text);
    if (declared && declared[1]!.length < open) return declared[2];
    open = Math.min(open, indent(text));
    if (indent(text) === 0) return undefined;
  }
  return undefined;
}

/**
 * Gives the anonymous frames of `@aws-sdk/*` and `@smithy/*` bundles their
 * esbuild names (see the module comment). Frames keep file, line and column; samples are unchanged.
 * `root` is the workspace root (absolute), whose `node_modules` is tried when the recorded path
 * cannot be read. Returns the input profile when nothing was named.
 */
export function nameAnonymousSdkFrames(profile: Profile, root: string | undefined, files: SourceMapFiles): SdkNamingResult {
  const table = frameTableOf(profile);
  // Per file id, judged once: the package path of an SDK bundle (null: no bundle); its lines, read
  // at the first anonymous frame (null: unreadable).
  const packages = new Map<number, string | null>();
  const bundles = new Map<number, readonly string[] | null>();
  const unreadable: string[] = [];
  let frames: Frame[] | undefined;
  let named = 0;
  for (let id = 0; id < table.length; id++) {
    const fileId = table.fileId[id]!;
    const file = table.strings[fileId]!;
    let packagePath = packages.get(fileId);
    if (packagePath === undefined) packages.set(fileId, (packagePath = SDK_PACKAGE.exec(file)?.[1] ?? null));
    if (packagePath === null) continue;
    const frame = frameAt(table, id);
    const at = anonymousPosition(frame);
    if (!at) continue;
    let lines = bundles.get(fileId);
    if (lines === undefined) {
      bundles.set(fileId, (lines = readBundle(file, packagePath, root, files) ?? null));
      if (!lines && fileTraitsOf(file).jsFragment) unreadable.push(file);
    }
    const name = lines && bundleNameAt(lines, at.line, at.column);
    if (!name) continue;
    frames ??= [...profile.frames];
    frames[id] = { ...frame, name };
    named++;
  }
  return { profile: frames ? replaceFramesOrFields(profile, { frames }) : profile, named, unreadable };
}

function readBundle(file: string, packagePath: string, root: string | undefined, files: SourceMapFiles): readonly string[] | undefined {
  const text = files.readText(file) ?? (root ? files.readText(`${root.replace(/[\\/]$/, '')}/node_modules/${packagePath.replace(/\\/g, '/')}`) : undefined);
  return text?.split('\n');
}

/** The analysis note for bundles that could not be read, or undefined. */
export function unreadableSdkNote(unreadable: readonly string[]): string | undefined {
  if (unreadable.length === 0) return undefined;
  const shown = unreadable.slice(0, 2).join(', ');
  const more = unreadable.length > 2 ? ` and ${unreadable.length - 2} more` : '';
  return `the AWS SDK v3 bundle ${shown}${more} could not be read (neither at the recorded path nor under the root's node_modules): its functions stay anonymous in this profile, so their marshal/unmarshal direction is the rule's fallback (unmarshal); analyse with --root at the project that has this SDK installed`;
}
