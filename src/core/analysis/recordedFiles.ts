/**
 * The distinct files a profile's frames record, each resolved to the workspace once: the
 * attribution pass credits user code by file and reports each file's weight.
 */
import type { PathResolution, PathResolver } from '../paths/types';
import type { FrameTable } from '../profile/columns/frameTable';

/** The recorded files of a frame table, in order of first appearance among the frames. */
export interface RecordedFiles {
  readonly names: readonly string[];
  /** Per file index: how `resolver` resolved it. */
  readonly resolutions: readonly PathResolution[];
  /** Per string id of the table (`FrameTable.strings`): its file index, −1 for a string no frame has as its file. */
  readonly fileOfString: Int32Array;
  /** Per frame id: 1 when its file resolved into the workspace (the user's own code), else 0. */
  readonly isUser: Uint8Array;
}

/** Resolves each distinct file of `table` once with `resolver`. O(frames + strings). */
export function recordedFiles(table: FrameTable, resolver: PathResolver): RecordedFiles {
  const { strings, fileId } = table;
  const indexOfString = new Int32Array(strings.length).fill(-1);
  const names: string[] = [];
  const resolutions: PathResolution[] = [];
  const isUser = new Uint8Array(table.length);
  for (let id = 0; id < table.length; id++) {
    const file = fileId[id]!;
    let idx = indexOfString[file]!;
    if (idx < 0) {
      idx = names.length;
      indexOfString[file] = idx;
      names.push(strings[file]!);
      resolutions.push(resolver.resolve(strings[file]!));
    }
    isUser[id] = resolutions[idx]!.kind === 'resolved' ? 1 : 0;
  }
  return { names, resolutions, fileOfString: indexOfString, isUser };
}
