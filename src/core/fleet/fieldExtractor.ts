/**
 * Streams one length-delimited field out of a protobuf message without holding the message:
 * `path` names the nested field (`[5, 1]` is `SelectMergeStacktracesResponse.pprof.profile`);
 * its bytes are passed on as they arrive and every other field is skipped. Repeated
 * occurrences are concatenated, which for an embedded message is protobuf's merge.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** Thrown (as a stream error) when the message is cut off or malformed. */
export class ExtractError extends Error {
  override readonly name = 'ExtractError';
}

type State = 'tag' | 'length' | 'varint' | 'skip' | 'emit';

export class FieldExtractor extends Transform {
  /** Bytes of the field emitted so far. */
  emitted = 0;
  /** Whether the field occurred at all (an empty profile still counts). */
  found = false;
  private state: State = 'tag';
  private pos = 0;
  private remaining = 0;
  private varintValue = 0;
  private varintMul = 1;
  private varintBytes = 0;
  private wantField = false;
  /** Absolute end offsets of the sub-messages entered along `path`. */
  private readonly ends: number[] = [];

  constructor(private readonly path: readonly number[]) {
    super();
    if (path.length === 0) throw new RangeError('FieldExtractor needs a field path');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.consume(chunk);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    this.closeLevels();
    if (this.state !== 'tag' || this.varintBytes > 0 || this.ends.length > 0) {
      done(new ExtractError(`the response is cut off at byte ${this.pos} (inside a ${this.state === 'emit' ? 'profile' : 'protobuf field'})`));
      return;
    }
    done();
  }

  private consume(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'skip' || this.state === 'emit') {
        const n = Math.min(this.remaining, chunk.length - i);
        if (this.state === 'emit') {
          this.push(chunk.subarray(i, i + n));
          this.emitted += n;
        }
        i += n;
        this.pos += n;
        this.remaining -= n;
        if (this.remaining === 0) this.state = 'tag';
        continue;
      }
      if (this.state === 'tag') this.closeLevels();
      const b = chunk[i++]!;
      this.pos++;
      this.varintValue += (b & 0x7f) * this.varintMul;
      this.varintMul *= 128;
      if (++this.varintBytes > 10) throw new ExtractError(`malformed varint at byte ${this.pos}`);
      if (b & 0x80) continue;
      const value = this.varintValue;
      this.varintValue = 0;
      this.varintMul = 1;
      this.varintBytes = 0;
      this.afterVarint(value);
    }
  }

  private afterVarint(value: number): void {
    if (this.state === 'varint') {
      this.state = 'tag';
      return;
    }
    if (this.state === 'length') {
      if (!Number.isSafeInteger(value)) throw new ExtractError(`implausible field length at byte ${this.pos}`);
      this.checkWithinLevel(this.pos + value);
      if (!this.wantField) return this.startRun('skip', value);
      if (this.ends.length + 1 === this.path.length) {
        this.found = true;
        return this.startRun('emit', value);
      }
      this.ends.push(this.pos + value);
      this.state = 'tag';
      return;
    }
    const field = Math.floor(value / 8);
    const wire = value % 8;
    if (field === 0) throw new ExtractError(`invalid field number 0 at byte ${this.pos}`);
    if (wire === 2) {
      this.wantField = field === this.path[this.ends.length];
      this.state = 'length';
    } else if (wire === 0) this.state = 'varint';
    else if (wire === 1) this.startRun('skip', 8);
    else if (wire === 5) this.startRun('skip', 4);
    else throw new ExtractError(`unsupported wire type ${wire} at byte ${this.pos}`);
  }

  private startRun(state: 'skip' | 'emit', length: number): void {
    this.remaining = length;
    this.state = length === 0 ? 'tag' : state;
  }

  private checkWithinLevel(end: number): void {
    const levelEnd = this.ends[this.ends.length - 1];
    if (levelEnd !== undefined && end > levelEnd) throw new ExtractError(`a field at byte ${this.pos} runs past the end of its message`);
  }

  private closeLevels(): void {
    while (this.ends.length > 0 && this.pos >= this.ends[this.ends.length - 1]!) {
      if (this.pos > this.ends[this.ends.length - 1]!) throw new ExtractError(`a message ends inside a field at byte ${this.pos}`);
      this.ends.pop();
    }
  }
}
