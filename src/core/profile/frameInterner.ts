import type { Frame } from './model';

/** Frames sharing one name: file → position key ({@link positionKey}) → frame id. */
type Bucket = Map<string, Map<number | string, number>>;

/** Up to this many frames share a name in a plain array (linear scan); more get a map. */
const SMALL_BUCKET = 16;

/**
 * Interns frames so that equal (name, file, line, column, inlined) tuples share one id.
 *
 * No key strings are built: frames are looked up by name, then compared field by field. A
 * name has one frame (one map entry), a few (the lines of one function: a small array), or
 * many (V8's `(anonymous)`: a map by file, then by an integer line key). Readers call
 * {@link FrameInterner.intern} once per pprof location line or V8 node, never per sample;
 * string-keyed aggregation on hot paths dominated load time in the measurements of
 * `profile-formats.md` §1.3.
 */
export class FrameInterner {
  readonly frames: Frame[] = [];
  private readonly byName = new Map<string, number | number[] | Bucket>();

  /** Returns the id (index into {@link FrameInterner.frames}) of the frame, adding it if new. */
  intern(name: string, file: string, line: number, inlined: boolean, column = 0): number {
    const entry = this.byName.get(name);
    if (entry === undefined) {
      const id = this.add(name, file, line, inlined, column);
      this.byName.set(name, id);
      return id;
    }
    if (typeof entry === 'number') {
      if (this.matches(entry, file, line, inlined, column)) return entry;
      const id = this.add(name, file, line, inlined, column);
      this.byName.set(name, [entry, id]);
      return id;
    }
    if (Array.isArray(entry)) {
      for (let i = 0; i < entry.length; i++) if (this.matches(entry[i], file, line, inlined, column)) return entry[i];
      const id = this.add(name, file, line, inlined, column);
      if (entry.length < SMALL_BUCKET) {
        entry.push(id);
      } else {
        const bucket: Bucket = new Map();
        for (const other of [...entry, id]) this.put(bucket, other);
        this.byName.set(name, bucket);
      }
      return id;
    }
    const id = entry.get(file)?.get(positionKey(line, column, inlined));
    if (id !== undefined) return id;
    const added = this.add(name, file, line, inlined, column);
    this.put(entry, added);
    return added;
  }

  private matches(id: number, file: string, line: number, inlined: boolean, column: number): boolean {
    const f = this.frames[id];
    return f.line === line && f.inlined === inlined && (f.column ?? 0) === column && f.file === file;
  }

  private put(bucket: Bucket, id: number): void {
    const f = this.frames[id];
    let lines = bucket.get(f.file);
    if (lines === undefined) {
      lines = new Map();
      bucket.set(f.file, lines);
    }
    lines.set(positionKey(f.line, f.column ?? 0, f.inlined), id);
  }

  private add(name: string, file: string, line: number, inlined: boolean, column: number): number {
    this.frames.push(column > 0 ? { name, file, line, column, inlined } : { name, file, line, inlined });
    return this.frames.length - 1;
  }
}

const COLUMN_SPAN = 2 ** 24;
const LINE_SPAN = 2 ** 28;

/** One number per (line, column, inlined) while line < 2^28 and column < 2^24; a string beyond. */
function positionKey(line: number, column: number, inlined: boolean): number | string {
  if (line >= 0 && line < LINE_SPAN && column >= 0 && column < COLUMN_SPAN) return (line * COLUMN_SPAN + column) * 2 + (inlined ? 1 : 0);
  return `${line}:${column}:${inlined ? 1 : 0}`;
}
