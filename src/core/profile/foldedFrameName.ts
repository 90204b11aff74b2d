/**
 * Positions hidden in the frame names of folded stacks. The folded format has no file or line
 * column, but the tools that write it for JavaScript put the position in the name:
 *
 * - V8's code-event names, as `perf script` prints them from Node's `--perf-basic-prof` map and
 *   `stackcollapse-perf.pl` keeps them: `JS:*marshall /srv/app/index.js:276:18` (Node ≥ 18),
 *   `LazyCompile:~marshall /srv/app/index.js:276:18` (older Node), `Function:`/`Script:`/`Eval:`
 *   kinds, the tier marker (`~` interpreted, `^` Sparkplug, `+` Maglev, `*` TurboFan) before the
 *   name, an empty name for anonymous functions, `node:internal/…` for Node's own modules. The
 *   line and column are those of the function's start (V8 names code objects, not call sites).
 * - Stack-trace style, `name (/srv/app/index.js:276:18)` or `name (/srv/app/index.js:276)`, as
 *   converters of `.cpuprofile` files write them.
 * - Pyroscope's Node SDK: `./build/index.js:bikeSearchHandler:26` (file, name, line), Node's own
 *   modules as `node:internal/modules/cjs/loader:Module._compile:1482`.
 *
 * `stackcollapse-perf.pl` annotations `_[k]` (kernel), `_[j]` (JIT), `_[i]` (inlined), `_[w]`
 * (waker) are removed from every name; a symbol offset `+0x1a` left by raw `perf script` too.
 */
import { fileUrlToPath } from './fileUrl';
import { matchBareV8Name, matchStackTraceName, matchV8Name, withoutAnnotations, type NameParts } from './foldedNameForms';

/** A frame name split into what it holds; `file` is `''` and `line` 0 when the name holds no position. */
export interface FoldedFrame {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  /** 1-based; 0 when unknown. */
  readonly column: number;
  /** `_[i]`: stackcollapse-perf.pl found the frame inlined by addr2line. */
  readonly inlined: boolean;
  /** `_[k]`: a kernel function. */
  readonly kernel: boolean;
}

const PYROSCOPE_NODE_NAME = /^(node:[^:\s]+|\S+?\.[cm]?[jt]sx?):([^:]*):(\d+)$/;
/** A script path or URL: has a folder separator, a `node:`/`file:` scheme, or a JavaScript/TypeScript extension. */
const SCRIPT_FILE = /[/\\]|^(node|file):|\.[cm]?[jt]sx?$/;

function anonymousIfEmpty(name: string): string {
  return name.trim() === '' ? '(anonymous)' : name.trim();
}


/**
 * Splits one folded frame name (see the file comment for the forms). Names without a
 * position (Go, C, kernel symbols) come back with `file: ''`, `line: 0` and the annotation removed.
 */
export function parseFoldedFrameName(raw: string): FoldedFrame {
  const annotated = withoutAnnotations(raw);
  const inlined = annotated.letters.includes('i');
  const kernel = annotated.letters.includes('k');
  const name = annotated.name.replace(/\+0x[\da-f]+$/, '');
  const plain = { name, file: '', line: 0, column: 0, inlined, kernel };
  if (kernel) return plain;
  // V8 code-event names (`JS:*name file:line:col`), or the same without the kind prefix (0x, tidied names): the file must then look like a script.
  const v8 = matchV8Name(name) ?? bareV8Name(name);
  if (v8) return { name: anonymousIfEmpty(v8.name), file: fileUrlToPath(v8.file), line: Number(v8.line), column: Number(v8.column ?? 0), inlined, kernel };
  const trace = matchStackTraceName(name);
  if (trace && SCRIPT_FILE.test(trace.file)) {
    return { name: anonymousIfEmpty(trace.name), file: fileUrlToPath(trace.file), line: Number(trace.line), column: Number(trace.column ?? 0), inlined, kernel };
  }
  const pyroscope = PYROSCOPE_NODE_NAME.exec(name);
  if (pyroscope) return { name: anonymousIfEmpty(pyroscope[2]!), file: pyroscope[1]!, line: Number(pyroscope[3]), column: 0, inlined, kernel };
  return plain;
}

function bareV8Name(name: string): NameParts | undefined {
  const m = matchBareV8Name(name);
  return m && SCRIPT_FILE.test(m.file) && !m.file.includes('(') ? m : undefined;
}
