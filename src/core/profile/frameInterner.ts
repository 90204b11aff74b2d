import type { Frame } from './model';

/** Frames sharing one name: file → (line·2 + inlined) → frame id. */
type Bucket = Map<string, Map<number, number>>;

/**
 * Interns frames so that equal (name, file, line, inlined) tuples share one id.
 *
 * No key strings are built: frames are looked up by name, then file, then an integer
 * line key. A name seen with one frame only (most names) costs a single map entry.
 * Readers call {@link FrameInterner.intern} once per pprof location line or V8 node, never
 * per sample; string-keyed aggregation on hot paths dominated load time in the
 * measurements of `profile-formats.md` §1.3.
 */
export class FrameInterner {
  readonly frames: Frame[] = [];
  private readonly byName = new Map<string, number | Bucket>();

  /** Returns the id (index into {@link FrameInterner.frames}) of the frame, adding it if new. */
  intern(name: string, file: string, line: number, inlined: boolean): number {
    const entry = this.byName.get(name);
    if (entry === undefined) {
      const id = this.add(name, file, line, inlined);
      this.byName.set(name, id);
      return id;
    }
    let bucket: Bucket;
    if (typeof entry === 'number') {
      const f = this.frames[entry];
      if (f.line === line && f.inlined === inlined && f.file === file) return entry;
      bucket = new Map([[f.file, new Map([[lineKey(f.line, f.inlined), entry]])]]);
      this.byName.set(name, bucket);
    } else {
      bucket = entry;
    }
    let lines = bucket.get(file);
    if (lines === undefined) {
      lines = new Map();
      bucket.set(file, lines);
    }
    const key = lineKey(line, inlined);
    let id = lines.get(key);
    if (id === undefined) {
      id = this.add(name, file, line, inlined);
      lines.set(key, id);
    }
    return id;
  }

  private add(name: string, file: string, line: number, inlined: boolean): number {
    this.frames.push({ name, file, line, inlined });
    return this.frames.length - 1;
  }
}

function lineKey(line: number, inlined: boolean): number {
  return line * 2 + (inlined ? 1 : 0);
}
