/**
 * Offsets and positions of one file's text: UTF-8 byte offsets (what Go reports) to UTF-16
 * offsets (what editors and JavaScript count), and offsets to 1-based lines and columns.
 */

/** Positions in one text. */
export class TextPositions {
  private readonly lineStarts: number[] = [0];
  private bytes: Buffer | undefined;

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** The UTF-16 offset of a UTF-8 byte offset. */
  fromByteOffset(byteOffset: number): number {
    this.bytes ??= Buffer.from(this.text, 'utf8');
    return this.bytes.subarray(0, byteOffset).toString('utf8').length;
  }

  /** 1-based line and column (UTF-16 code units) of a UTF-16 offset. */
  lineColumn(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }
}
