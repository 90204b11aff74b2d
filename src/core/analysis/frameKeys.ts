/**
 * Integer keys for the units flat/cum is counted in: functions (name + file) and source lines
 * (file + line). Interning once per frame keeps the per-sample loops free of string work.
 */
import type { Profile } from '../profile/model';

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

/** Interns the functions and lines of a profile's frames. */
export function buildFrameKeys(profile: Profile): FrameKeys {
  const functionOf = new Uint32Array(profile.frames.length);
  const lineOf = new Int32Array(profile.frames.length);
  const functions: { name: string; file: string }[] = [];
  const lines: { file: string; line: number; functionName: string }[] = [];
  const functionIds = new Map<string, Map<string, number>>();
  const lineIds = new Map<string, Map<number, number>>();
  profile.frames.forEach((frame, id) => {
    let byFile = functionIds.get(frame.name);
    if (!byFile) functionIds.set(frame.name, (byFile = new Map()));
    let fn = byFile.get(frame.file);
    if (fn === undefined) {
      fn = functions.length;
      byFile.set(frame.file, fn);
      functions.push({ name: frame.name, file: frame.file });
    }
    functionOf[id] = fn;
    if (frame.line <= 0) {
      lineOf[id] = -1;
      return;
    }
    let byLine = lineIds.get(frame.file);
    if (!byLine) lineIds.set(frame.file, (byLine = new Map()));
    let ln = byLine.get(frame.line);
    if (ln === undefined) {
      ln = lines.length;
      byLine.set(frame.line, ln);
      lines.push({ file: frame.file, line: frame.line, functionName: frame.name });
    }
    lineOf[id] = ln;
  });
  return { functionOf, lineOf, functions, lines };
}
