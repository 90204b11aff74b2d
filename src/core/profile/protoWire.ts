/**
 * Minimal protobuf wire-format walking, used only to check that a pprof file's top-level
 * fields are well framed before pprof-format decodes it.
 *
 * pprof-format decodes sub-messages (locations, functions, mappings) for us, but it silently
 * accepts truncated input (`profile-formats.md` §1.2); walking the top level ourselves tells
 * a cut-off file apart from a complete one.
 */

/** Wire types used by proto3 (groups, 3 and 4, are not). */
export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LEN = 2;
export const WIRE_FIXED32 = 5;

/** Position just after the last varint read by {@link readVarint} (avoids allocating a pair). */
let varintEnd = 0;

/** Where the last {@link readVarint} ended: the position after its varint, or −1 when it failed. */
export function lastVarintEnd(): number {
  return varintEnd;
}

/**
 * Reads an unsigned varint at `pos` as a JS number; values of 8 or more bytes (≥ 2^49) go
 * through BigInt and are returned as signed int64 (`BigInt.asIntN(64, …)`), which is what
 * pprof's int64 fields mean. Returns -1 with `varintEnd = -1` when the buffer ends inside
 * the varint or the varint is longer than 10 bytes.
 */
export function readVarint(bytes: Uint8Array, pos: number): number {
  if (pos >= bytes.length) {
    varintEnd = -1;
    return -1;
  }
  let b = bytes[pos];
  if (b < 0x80) {
    varintEnd = pos + 1;
    return b;
  }
  let value = b & 0x7f;
  let mul = 0x80;
  let i = pos + 1;
  const limit = Math.min(bytes.length, pos + 7);
  while (i < limit) {
    b = bytes[i++];
    value += (b & 0x7f) * mul;
    if (b < 0x80) {
      varintEnd = i;
      return value;
    }
    mul *= 0x80;
  }
  return readLongVarint(bytes, pos);
}

function readLongVarint(bytes: Uint8Array, pos: number): number {
  let value = 0n;
  let shift = 0n;
  for (let i = pos; i < bytes.length && i < pos + 10; i++) {
    const b = bytes[i];
    value |= BigInt(b & 0x7f) << shift;
    if (b < 0x80) {
      varintEnd = i + 1;
      return Number(BigInt.asIntN(64, value));
    }
    shift += 7n;
  }
  varintEnd = -1;
  return -1;
}

/** Why a message could not be walked. */
export type WalkProblem = { kind: 'truncated'; offset: number } | { kind: 'bad-wire-type'; offset: number; wireType: number };

/**
 * Calls `onField(field, wireType, start, end)` for every field of the message in
 * `bytes[from, to)`: for varints `start..end` spans the varint bytes, for length-delimited
 * fields the payload; fixed32/64 fields are skipped. Returns undefined when the message is
 * well framed, otherwise where it broke.
 */
export function walkFields(
  bytes: Uint8Array,
  from: number,
  to: number,
  onField: (field: number, wireType: number, start: number, end: number) => void,
): WalkProblem | undefined {
  let pos = from;
  while (pos < to) {
    const tag = readVarint(bytes, pos);
    if (varintEnd < 0 || varintEnd > to) return { kind: 'truncated', offset: pos };
    const fieldStart = pos;
    pos = varintEnd;
    const wireType = tag % 8;
    const field = Math.floor(tag / 8);
    if (field === 0) return { kind: 'bad-wire-type', offset: fieldStart, wireType };
    switch (wireType) {
      case WIRE_VARINT: {
        readVarint(bytes, pos);
        if (varintEnd < 0 || varintEnd > to) return { kind: 'truncated', offset: fieldStart };
        onField(field, wireType, pos, varintEnd);
        pos = varintEnd;
        break;
      }
      case WIRE_LEN: {
        const len = readVarint(bytes, pos);
        if (varintEnd < 0 || varintEnd > to) return { kind: 'truncated', offset: fieldStart };
        if (len < 0) return { kind: 'bad-wire-type', offset: fieldStart, wireType };
        const start = varintEnd;
        const end = start + len;
        if (end > to) return { kind: 'truncated', offset: fieldStart };
        onField(field, wireType, start, end);
        pos = end;
        break;
      }
      case WIRE_FIXED64:
        pos += 8;
        if (pos > to) return { kind: 'truncated', offset: fieldStart };
        break;
      case WIRE_FIXED32:
        pos += 4;
        if (pos > to) return { kind: 'truncated', offset: fieldStart };
        break;
      default:
        return { kind: 'bad-wire-type', offset: fieldStart, wireType };
    }
  }
  return undefined;
}
