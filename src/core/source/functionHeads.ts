/**
 * Function declarations in Go, JavaScript and TypeScript source text, found by the name a
 * profile records: `pkg/path.(*T).Method.func1` → `func (r *T) Method(`, `Class.method` →
 * `method(…) {`. Textual (no parser), so it works on any file the profile names, compiled or not.
 */

/**
 * Short source-level name of a profiled function: `pkg/path.(*T).Method.func1` → `Method`
 * (closures anchor on their enclosing function), `Class.method` → `method`; undefined for
 * anonymous V8 functions and runtime pseudo-frames.
 */
export function shortFunctionName(profileName: string): string | undefined {
  let name = profileName.slice(profileName.lastIndexOf('/') + 1);
  name = name.replace(/\[[^\]]*\]/g, '');
  // Go closures: `.func1`, `.func1.2`, `.gowrap1`; V8 has none of these.
  name = name.replace(/(\.(func|gowrap)\d+(\.\d+)*)+$/, '').replace(/(\.\d+)+$/, '');
  const last = name.slice(name.lastIndexOf('.') + 1).replace(/[()*]/g, '');
  if (!/^[A-Za-z_$][\w$]*$/.test(last) || last === 'anonymous') return undefined;
  return last;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Patterns of a line that declares a function named `name` in Go, JavaScript or TypeScript (a class named `name` too). */
export function headPatterns(name: string): RegExp[] {
  const n = escapeRegExp(name);
  return [
    new RegExp(`^\\s*func\\s*(\\([^)]*\\)\\s*)?${n}\\s*[[(]`),
    new RegExp(`\\bfunction\\s*\\*?\\s*${n}\\s*[<(]`),
    new RegExp(`\\b${n}\\s*[=:]\\s*(async\\s+)?(function\\b|\\([^)]*\\)\\s*(:[^=]+)?=>|[A-Za-z_$][\\w$]*\\s*=>)`),
    new RegExp(`^\\s*((public|private|protected|static|async|override|readonly|get|set)\\s+)*\\*?${n}\\s*(<[^>]*>)?\\(.*\\)\\s*(:\\s*[^{]+)?\\{\\s*$`),
    // V8 names a class's constructor after the class.
    new RegExp(`^\\s*(export\\s+)?(default\\s+)?(abstract\\s+)?class\\s+${n}\\b`),
  ];
}

/** How far below its head a parameter list is followed: longer lists are not recognised. */
const MAX_PARAMETER_LINES = 40;

/**
 * True when `lines[i]` opens the parameter list of a method (`name(`) or of a function assigned to
 * `name` (`name = (`, `name: async (`) and the list closes on a later line followed by a body —
 * `) {` for a method, `) =>` for an arrow function, each after an optional type annotation. A call
 * statement such as `name({` … `});` is not a head: nothing but a declaration puts `{` or `=>`
 * after the closing parenthesis.
 */
function isMultiLineHead(lines: readonly string[], i: number, name: string): boolean {
  const n = escapeRegExp(name);
  const method = new RegExp(`^\\s*((public|private|protected|static|async|override|readonly)\\s+)*\\*?${n}\\s*(<[^>]*>)?\\(`).exec(lines[i]!);
  const arrow = method ? undefined : new RegExp(`\\b${n}\\s*[=:]\\s*(async\\s+)?\\(`).exec(lines[i]!);
  const open = method ?? arrow;
  if (!open) return false;
  let depth = 0;
  let quote: string | undefined;
  for (let k = i; k < Math.min(lines.length, i + MAX_PARAMETER_LINES); k++) {
    const text = lines[k]!;
    for (let c = k === i ? open.index + open[0].length - 1 : 0; c < text.length; c++) {
      const ch = text[c]!;
      if (quote) {
        if (ch === '\\') c++;
        else if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) {
        if (k === i) return false;
        const rest = text.slice(c + 1);
        return method ? /^\s*(:\s*[^{;=]+)?\{/.test(rest) : /^\s*(:\s*[^=;]+)?=>/.test(rest);
      }
    }
  }
  return false;
}

/** True when `line` matches one of `patterns` (see {@link headPatterns}). */
export function isHead(line: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(line));
}

/** The receiver type of a Go method name: `ddbv1.(*Adapter).Get` → `Adapter`, `pkg.T.M` → `T`; undefined for plain functions. */
export function goReceiverType(profileName: string): string | undefined {
  const name = profileName.slice(profileName.lastIndexOf('/') + 1).replace(/(\.(func|gowrap)\d+(\.\d+)*)+$/, '');
  const pointer = /\.\(\*?([A-Za-z_]\w*)(\[[^\]]*\])?\)\.[A-Za-z_]\w*$/.exec(name);
  if (pointer) return pointer[1];
  const value = /^[\w-]+\.([A-Za-z_]\w*)(\[[^\]]*\])?\.[A-Za-z_]\w*$/.exec(name);
  return value?.[1];
}

/** `func (r *Adapter) Get(` → `Adapter`; undefined for a function without receiver. */
function declaredReceiver(line: string): string | undefined {
  return /^\s*func\s*\(\s*(?:\w+\s+)?\*?\s*([A-Za-z_]\w*)/.exec(line)?.[1];
}

/** Where a function's declaration was looked for: the 1-based line, or why there is none. */
export type DeclarationSearch = { readonly line: number } | { readonly line: undefined; readonly reason: 'anonymous' | 'not-found' | 'ambiguous'; readonly candidates?: readonly number[] };

/**
 * Finds the declaration of the function a profile names in `text`. An anonymous function named
 * by its start (`(anonymous:L#55:C#28)`, @datadog/pprof) is at that line. A Go method's receiver type
 * must match when the name carries one; several declarations that nothing tells apart give
 * `ambiguous` (with their lines), never a guess.
 */
export function findDeclaration(text: string, profileFunctionName: string): DeclarationSearch {
  // @datadog/pprof names an anonymous function by where it starts (`profile-serializer.js`).
  const anonymous = /^\(anonymous:L#(\d+)(:C#\d+)?\)$/.exec(profileFunctionName);
  if (anonymous) {
    const line = Number(anonymous[1]);
    return line >= 1 && line <= text.split(/\r?\n/).length ? { line } : { line: undefined, reason: 'not-found' };
  }
  // V8 names an accessor `get scan` / `set scan`: only an accessor declaration is its head.
  const accessor = /(?:^|\.)(get|set) ([A-Za-z_$][\w$]*)$/.exec(profileFunctionName);
  const name = accessor ? accessor[2] : shortFunctionName(profileFunctionName);
  if (name === undefined) return { line: undefined, reason: 'anonymous' };
  const patterns = accessor ? [new RegExp(`^\\s*(static\\s+)?${accessor[1]}\\s+${escapeRegExp(name)}\\s*\\(`)] : headPatterns(name);
  const receiver = goReceiverType(profileFunctionName);
  const lines = text.split(/\r?\n/);
  let heads: number[] = [];
  for (let i = 0; i < lines.length; i++) if (isHead(lines[i]!, patterns) || (!accessor && lines[i]!.includes(name) && isMultiLineHead(lines, i, name))) heads.push(i);
  if (receiver !== undefined && heads.some((i) => /^\s*func\s*\(/.test(lines[i]!))) heads = heads.filter((i) => declaredReceiver(lines[i]!) === receiver);
  if (heads.length === 1) return { line: heads[0]! + 1 };
  if (heads.length === 0) return { line: undefined, reason: 'not-found' };
  return { line: undefined, reason: 'ambiguous', candidates: heads.map((i) => i + 1) };
}
