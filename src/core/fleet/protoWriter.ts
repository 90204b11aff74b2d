/**
 * A protobuf wire-format writer for the few request messages the Pyroscope client sends
 * (proto3: varint int64/enum fields and length-delimited strings and messages). Field numbers
 * come from the callers, which cite the `.proto` they follow.
 */
import { WIRE_LEN, WIRE_VARINT } from '../profile/protoWire';

/** Appends fields in the order written; {@link ProtoWriter.finish} returns the bytes. */
export class ProtoWriter {
  private readonly chunks: number[] = [];
  private readonly utf8 = new TextEncoder();

  /** An int64/uint64/enum field as a varint; negative values as 64-bit two's complement (10 bytes). */
  varint(field: number, value: number): this {
    if (!Number.isSafeInteger(value)) throw new RangeError(`field ${field}: ${value} is not a safe integer`);
    this.tag(field, WIRE_VARINT);
    this.rawVarint(value);
    return this;
  }

  /** A string field (UTF-8), written even when empty only if `always` (proto3 omits defaults). */
  string(field: number, value: string, always = false): this {
    if (value === '' && !always) return this;
    return this.bytes(field, this.utf8.encode(value));
  }

  /** A length-delimited field: bytes or an already encoded sub-message. */
  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_LEN);
    this.rawVarint(value.length);
    for (const b of value) this.chunks.push(b);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }

  private tag(field: number, wireType: number): void {
    this.rawVarint(field * 8 + wireType);
  }

  private rawVarint(value: number): void {
    let v = value < 0 ? BigInt.asUintN(64, BigInt(value)) : BigInt(value);
    while (v >= 0x80n) {
      this.chunks.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.chunks.push(Number(v));
  }
}
