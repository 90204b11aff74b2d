/**
 * The struct a Go call site converts, read from the source text for the `▶ Benchmark` lens:
 * the type of the value passed to a conversion call (`UnmarshalListOfMaps(out.Items, &acts)`,
 * `MarshalMap(imp)`, guregu's `All(&out)` / `One(&w)` / `Next(&w)`) on the line — or, for a line
 * with no such call (a hot `QueryWithContext`), the nearest one below it in the same function, else
 * above it.
 * The variable's declaration is found above the call (`x := make([]P.T, …)`, `var x []P.T`,
 * `x := P.T{…}`, a parameter `x *P.T`) and `P` is resolved through the file's imports; an
 * unqualified `T` is the file's own package. Token-level and best effort: undefined when unsure
 * (the editor then lets the user pick the struct).
 */
import { dirname, relative } from 'node:path';
import { goImports, tokenizeGo } from '../migrate/go/goTokens';
import { findModuleRoot, readModulePath } from '../go/goModule';

/** Calls whose argument names the struct (the last argument, `&x` or `x`). */
const CONVERSIONS = /\b(UnmarshalListOfMaps|UnmarshalMap|UnmarshalItem|Unmarshal|MarshalMap|MarshalItem|Marshal|All|AllWithContext|One|OneWithContext|Next|NextWithContext)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/;

/** The variable a conversion call on `line` passes, or undefined. */
function convertedVariable(line: string): string | undefined {
  const m = CONVERSIONS.exec(line);
  if (!m) return undefined;
  const last = m[2]!.split(',').pop()!.trim();
  const v = /^&?([A-Za-z_]\w*)$/.exec(last);
  return v?.[1];
}

/** `[P.]T` of `name`'s declaration above line index `upTo`, or undefined. */
function declaredType(lines: string[], upTo: number, name: string): { qualifier?: string; type: string } | undefined {
  const id = name.replace(/\W/g, '');
  const patterns = [
    new RegExp(`\\b${id}\\s*:?=\\s*make\\(\\s*\\[\\]\\*?(?:(\\w+)\\.)?(\\w+)`),
    new RegExp(`\\bvar\\s+${id}\\s+(?:\\[\\])?\\*?(?:(\\w+)\\.)?(\\w+)`),
    new RegExp(`\\b${id}\\s*:?=\\s*&?(?:\\[\\])?\\*?(?:(\\w+)\\.)?(\\w+)\\s*\\{`),
    new RegExp(`[(,]\\s*${id}\\s+(?:\\[\\])?\\*?(?:(\\w+)\\.)?(\\w+)\\s*[,)]`),
  ];
  for (let i = upTo; i >= 0; i--) {
    for (const p of patterns) {
      const m = p.exec(lines[i]!);
      if (m && /^[A-Z_a-z]/.test(m[2]!) && !['string', 'int', 'int64', 'map', 'interface', 'any', 'byte'].includes(m[2]!)) return { qualifier: m[1], type: m[2]! };
    }
    if (/^func\b/.test(lines[i]!) && i < upTo) {
      // The declaration can still be a parameter on this line (checked above); stop at the function head.
      break;
    }
  }
  return undefined;
}

/**
 * The last text asked about, split into lines, and its imports once needed: the `▶ Benchmark`
 * lenses of one document version ask for several of its lines, and tokenizing the whole file
 * for each took most of a CodeLens request on a 2,000-line file.
 */
let last: { text: string; lines: string[]; imports?: ReturnType<typeof goImports> } | undefined;

function parsed(text: string): { lines: string[]; imports: () => ReturnType<typeof goImports> } {
  if (last?.text !== text) last = { text, lines: text.split('\n') };
  const memo = last;
  return { lines: memo.lines, imports: () => (memo.imports ??= goImports(tokenizeGo(importSection(memo.lines)))) };
}

/** The text before the first top-level declaration: Go requires every import above it. */
function importSection(lines: readonly string[]): string {
  const end = lines.findIndex((l) => /^(func|type|var|const)\b/.test(l));
  return (end < 0 ? lines : lines.slice(0, end)).join('\n');
}

/**
 * `{ goType: "<import path>.<Type>", moduleRoot }` for the conversion at 0-based `line0` of the
 * Go file `filePath` with content `text`; `goType` is undefined when it cannot be told.
 */
export function goTypeAtLine(text: string, line0: number, filePath: string): { goType?: string; moduleRoot?: string } {
  const moduleRoot = findModuleRoot(dirname(filePath));
  if (!moduleRoot) return {};
  const { lines, imports } = parsed(text);
  let at = line0;
  let variable = convertedVariable(lines[at] ?? '');
  for (let i = line0 + 1; !variable && i < lines.length && !/^(func\b|})/.test(lines[i]!); i++) {
    variable = convertedVariable(lines[i]!);
    at = i;
  }
  for (let i = line0 - 1; !variable && i >= 0 && !/^func\b/.test(lines[i + 1] ?? ''); i--) {
    variable = convertedVariable(lines[i]!);
    at = i;
  }
  if (!variable) return { moduleRoot };
  const decl = declaredType(lines, at, variable);
  if (!decl) return { moduleRoot };
  let importPath: string | undefined;
  if (decl.qualifier) {
    const imp = imports().find((i) => (i.alias ?? i.path.split('/').pop()) === decl.qualifier);
    importPath = imp?.path;
  } else {
    try {
      const rel = relative(moduleRoot, dirname(filePath)).split('\\').join('/');
      importPath = rel ? `${readModulePath(moduleRoot)}/${rel}` : readModulePath(moduleRoot);
    } catch {
      importPath = undefined;
    }
  }
  return { moduleRoot, goType: importPath ? `${importPath}.${decl.type}` : undefined };
}
