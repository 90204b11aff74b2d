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

/** Id of `value` in `ids`, adding it when new. */
function idOf(ids: Map<string, number>, value: string): number {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ids.size));
  return id;
}

/**
 * Interns the functions and lines of a profile's frames. Names and files are interned to
 * integers first, so the function and line tables are keyed by numbers, not concatenated strings.
 */
export function buildFrameKeys(profile: Profile): FrameKeys {
  const functionOf = new Uint32Array(profile.frames.length);
  const lineOf = new Int32Array(profile.frames.length);
  const functions: { name: string; file: string }[] = [];
  const lines: { file: string; line: number; functionName: string }[] = [];
  const nameIds = new Map<string, number>();
  const fileIds = new Map<string, number>();
  const functionIds = new Map<number, number>();
  const lineIds = new Map<number, number>();
  const FILE_STRIDE = 2 ** 32; // lines are < 2^32; file ids stay far below 2^21
  profile.frames.forEach((frame, id) => {
    const fileId = idOf(fileIds, frame.file);
    const fnKey = idOf(nameIds, frame.name) * 2 ** 21 + fileId;
    let fn = functionIds.get(fnKey);
    if (fn === undefined) {
      fn = functions.length;
      functionIds.set(fnKey, fn);
      functions.push({ name: frame.name, file: frame.file });
    }
    functionOf[id] = fn;
    if (frame.line <= 0) {
      lineOf[id] = -1;
      return;
    }
    const lineKey = fileId * FILE_STRIDE + frame.line;
    let ln = lineIds.get(lineKey);
    if (ln === undefined) {
      ln = lines.length;
      lineIds.set(lineKey, ln);
      lines.push({ file: frame.file, line: frame.line, functionName: frame.name });
    }
    lineOf[id] = ln;
  });
  return { functionOf, lineOf, functions, lines };
}
