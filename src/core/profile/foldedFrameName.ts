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

/** V8 code kinds that name JavaScript with a script position. */
const V8_SCRIPT_KINDS = 'JS|LazyCompile|Function|Script|Eval';
const V8_NAME = new RegExp(`^(?:(?:${V8_SCRIPT_KINDS}):)([~*^+]?)(.*?)\\s*(\\S+?):(\\d+)(?::(\\d+))?$`);
/** The same without the kind prefix (0x, tidied names): the file must then look like a script. */
const BARE_V8_NAME = /^([~*^+]?)(.*?)\s+(\S+?):(\d+)(?::(\d+))?$/;
const STACK_TRACE_NAME = /^(.*?)\s*\(([^()\s][^()]*?):(\d+)(?::(\d+))?\)$/;
const PYROSCOPE_NODE_NAME = /^(node:[^:\s]+|\S+?\.[cm]?[jt]sx?):([^:]*):(\d+)$/;
const ANNOTATION = /_\[([kjiwu])\]$/;
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
  let name = raw;
  let inlined = false;
  let kernel = false;
  for (let m = ANNOTATION.exec(name); m; m = ANNOTATION.exec(name)) {
    if (m[1] === 'i') inlined = true;
    if (m[1] === 'k') kernel = true;
    name = name.slice(0, m.index);
  }
  name = name.replace(/\+0x[\da-f]+$/, '');
  const plain = { name, file: '', line: 0, column: 0, inlined, kernel };
  if (kernel) return plain;
  const v8 = V8_NAME.exec(name) ?? (matchesBare(name) ? BARE_V8_NAME.exec(name) : null);
  if (v8) return { name: anonymousIfEmpty(v8[2]!), file: fileUrlToPath(v8[3]!), line: Number(v8[4]), column: Number(v8[5] ?? 0), inlined, kernel };
  const trace = STACK_TRACE_NAME.exec(name);
  if (trace && SCRIPT_FILE.test(trace[2]!)) {
    return { name: anonymousIfEmpty(trace[1]!), file: fileUrlToPath(trace[2]!), line: Number(trace[3]), column: Number(trace[4] ?? 0), inlined, kernel };
  }
  const pyroscope = PYROSCOPE_NODE_NAME.exec(name);
  if (pyroscope) return { name: anonymousIfEmpty(pyroscope[2]!), file: pyroscope[1]!, line: Number(pyroscope[3]), column: 0, inlined, kernel };
  return plain;
}

function matchesBare(name: string): boolean {
  const m = BARE_V8_NAME.exec(name);
  return m !== null && SCRIPT_FILE.test(m[3]!) && !m[3]!.includes('(');
}
