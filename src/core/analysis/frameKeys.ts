/**
 * Integer keys for the units flat/cum is counted in: functions (name + file) and source lines
 * (file + line). Interning once per frame keeps the per-sample loops free of string work.
 */
import type { Profile } from '../profile/model';
import { frameTableOf } from '../profile/columns/profileTables';

export interface FrameKeys {
  /** Per frame id: its function id. */
  readonly functionOf: Uint32Array;
  /** Per frame id: its line id, or -1 when the line is unknown (0). */
  readonly lineOf: Int32Array;
  /** Per function id: name and file. */
  readonly functions: readonly { readonly name: string; readonly file: string }[];
  /** Per line id: file, 1-based line and the name of the first function seen on it. */
  readonly lines: readonly { readonly file: string; readonly line: number; readonly functionName: string }[];
}

/**
 * Interns the functions and lines of a profile's frames, read from its frame columns: names and
 * files are already interned there (equal strings, equal ids), so each file keeps small maps
 * keyed by name id and by line, integer keys V8 hashes fast. Ids are given in frame order.
 */
export function buildFrameKeys(profile: Profile): FrameKeys {
  const table = frameTableOf(profile);
  const { strings, nameId, fileId, line } = table;
  const functionOf = new Uint32Array(table.length);
  const lineOf = new Int32Array(table.length);
  const functions: { name: string; file: string }[] = [];
  const lines: { file: string; line: number; functionName: string }[] = [];
  const functionsOfFile = new Map<number, Map<number, number>>();
  const linesOfFile = new Map<number, Map<number, number>>();
  for (let id = 0; id < table.length; id++) {
    const file = fileId[id]!;
    const name = nameId[id]!;
    let byName = functionsOfFile.get(file);
    if (!byName) functionsOfFile.set(file, (byName = new Map()));
    let fn = byName.get(name);
    if (fn === undefined) {
      fn = functions.length;
      byName.set(name, fn);
      functions.push({ name: strings[name]!, file: strings[file]! });
    }
    functionOf[id] = fn;
    const at = line[id]!;
    if (at <= 0) {
      lineOf[id] = -1;
      continue;
    }
    let byLine = linesOfFile.get(file);
    if (!byLine) linesOfFile.set(file, (byLine = new Map()));
    let ln = byLine.get(at);
    if (ln === undefined) {
      ln = lines.length;
      byLine.set(at, ln);
      lines.push({ file: strings[file]!, line: at, functionName: strings[name]! });
    }
    lineOf[id] = ln;
  }
  return { functionOf, lineOf, functions, lines };
}
