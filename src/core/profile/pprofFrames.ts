import { fileUrlToPath } from './fileUrl';

const TWO_32 = 2 ** 32;

/**
 * The display name of a pprof function. Go writes `name === system_name`; the Pyroscope
 * Node SDK decorates `name` (`./build/index.js:bikeSearchHandler:26`) and keeps the raw name
 * in `system_name`, so a `system_name` that `name` merely wraps wins. Pyroscope Python/Ruby
 * leave `system_name` empty and prefix `name` with `<file>:<line> - `, which is stripped.
 * C++ keeps the demangled `name` (it does not contain the mangled `system_name`).
 */
export function functionName(name: string, systemName: string, filename: string): string {
  let chosen = name;
  if (systemName && (!name || (name !== systemName && name.includes(systemName)))) chosen = systemName;
  if (!systemName && filename && chosen.startsWith(filename + ':')) {
    const dash = chosen.indexOf(' - ', filename.length);
    if (dash > 0 && /^:-?\d+$/.test(chosen.slice(filename.length, dash))) chosen = chosen.slice(dash + 3);
  }
  return chosen;
}

/** A pprof filename as a path (`file://` URLs from ESM producers decoded; others unchanged). */
export function functionFile(filename: string): string {
  return filename.startsWith('file://') ? fileUrlToPath(filename) : filename;
}

/**
 * The 1-based line of a pprof `Line`: @datadog/pprof's `columnNumbers: 'pack'` mode stores
 * `(column << 32) | line`, so values ≥ 2^32 keep their low 32 bits; `line <= 0` (Java,
 * Rust, kernel frames) falls back to the function's `start_line`, else 0 (unknown).
 */
export function lineNumber(line: number, startLine: number): number {
  let l = line;
  if (l >= TWO_32) l = l % TWO_32;
  if (l > 0) return l;
  return startLine > 0 && startLine < TWO_32 ? startLine : 0;
}
