/**
 * The unconsumed tail of a byte stream in one reusable buffer: chunks are appended behind it and
 * what a decoder used is dropped from the front by moving the rest down. A 52 MB file read in
 * 1 MB chunks this way allocates one buffer, where concatenating chunks allocated (and left to
 * the GC) twice the file.
 */
export class ByteWindow {
  private buffer: Uint8Array;
  /** Bytes held, at the start of the buffer. */
  length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(capacity);
  }

  /** The bytes held (a view, valid until the next call that changes the window). */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  /** A view of at least `n` free bytes behind the held ones, to read into; then call {@link ByteWindow.added}. */
  room(n: number): Uint8Array {
    if (this.buffer.length - this.length < n) {
      const grown = new Uint8Array(Math.max(this.length + n, 2 * this.buffer.length));
      grown.set(this.view());
      this.buffer = grown;
    }
    return this.buffer.subarray(this.length);
  }

  /** Counts `n` bytes written into {@link ByteWindow.room} as held. */
  added(n: number): void {
    this.length += n;
  }

  /** Appends a copy of `chunk`. */
  append(chunk: Uint8Array): void {
    this.room(chunk.length).set(chunk);
    this.length += chunk.length;
  }

  /** Drops the first `n` bytes. */
  consume(n: number): void {
    if (n === 0) return;
    this.buffer.copyWithin(0, n, this.length);
    this.length -= n;
  }
}
