/**
 * The pprof reader's stack units (`StackStore.varint`): unsigned LEB128 varints of dense location
 * indices, below 2^28 (four bytes at most). Each loop reads the varint inline: with TurboFan
 * inlining off (`analyze` of inputs up to 4 MiB, cli/v8Tuning.ts), a helper would be a real call
 * per stack unit (13.5 M on the 50 MB synthetic).
 */
import type { UnitExpansion } from './sampleTable';

/** Frames of the `n` varint units from byte `from` of `bytes`, unit u standing for the frames `expansion` gives it. */
export function varintDepth(bytes: Uint32Array | Uint8Array, from: number, n: number, expansion: UnitExpansion): number {
  const { unitFrame, multiStart } = expansion;
  let depth = 0;
  let pos = from;
  for (let k = 0; k < n; k++) {
    let unit = bytes[pos++]!;
    if (unit >= 0x80) {
      unit &= 0x7f;
      let shift = 7;
      let b: number;
      do {
        b = bytes[pos++]!;
        unit |= (b & 0x7f) << shift;
        shift += 7;
      } while (b >= 0x80);
    }
    const only = unitFrame[unit]!;
    depth += only >= 0 ? 1 : multiStart[-only]! - multiStart[-1 - only]!;
  }
  return depth;
}

/** Writes the `n` varint units from byte `from` of `bytes` into `out` (at least `n` long). */
export function decodeUnits(bytes: Uint8Array, from: number, n: number, out: Uint32Array): void {
  readVarintUnits(bytes, from, n, undefined, undefined, out);
}

/**
 * Frames of `n` varint units (unsigned LEB128, below 2^28: four bytes at most) from byte `from`
 * of `bytes` into `ids` (expanded, then mapped); returns how many.
 */
export function readVarintUnits(bytes: Uint32Array | Uint8Array, from: number, n: number, expansion: UnitExpansion | undefined, map: Uint32Array | undefined, ids: Uint32Array): number {
  let depth = 0;
  let pos = from;
  const unitFrame = expansion?.unitFrame;
  const multiStart = expansion?.multiStart;
  const multiFrames = expansion?.multiFrames;
  for (let k = 0; k < n; k++) {
    let unit = bytes[pos++]!;
    if (unit >= 0x80) {
      unit &= 0x7f;
      let shift = 7;
      let b: number;
      do {
        b = bytes[pos++]!;
        unit |= (b & 0x7f) << shift;
        shift += 7;
      } while (b >= 0x80);
    }
    if (!unitFrame) {
      ids[depth++] = map ? map[unit]! : unit;
      continue;
    }
    const only = unitFrame[unit]!;
    if (only >= 0) ids[depth++] = map ? map[only]! : only;
    else {
      const end = multiStart![-only]!;
      for (let f = multiStart![-1 - only]!; f < end; f++) ids[depth++] = map ? map[multiFrames![f]!]! : multiFrames![f]!;
    }
  }
  return depth;
}
