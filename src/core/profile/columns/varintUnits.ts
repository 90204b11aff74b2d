/**
 * The pprof reader's stack units (`StackStore.varint`): unsigned LEB128 varints of dense location
 * indices, below 2^28 (four bytes at most). Each loop reads the varint inline: with TurboFan
 * inlining off (`analyze` of inputs up to 4 MiB, cli/v8Tuning.ts), a helper would be a real call
 * per stack unit (13.5 M on the 50 MB synthetic).
 */
import type { StackStore } from './sampleTable';

type StackExpansion = NonNullable<StackStore['expansion']>;

/** Frames of the `n` varint units from byte `from` of `bytes`, unit u standing for `start[u+1] − start[u]` frames. */
export function varintDepth(bytes: Uint32Array | Uint8Array, from: number, n: number, start: Uint32Array): number {
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
    depth += start[unit + 1]! - start[unit]!;
  }
  return depth;
}

/** Writes the `n` varint units from byte `from` of `bytes` into `out` (at least `n` long). */
export function decodeUnits(bytes: Uint8Array, from: number, n: number, out: Uint32Array): void {
  readVarintUnits(bytes, from, n, undefined, undefined, out);
}

/**
 * Per unit of `expansion`: its frame when it stands for exactly one (a location without inlined
 * calls: most of them), else −1. With it, {@link readVarintUnits} reads one array per such unit
 * instead of three (start, next start, frame).
 */
export function singleFrameUnits(expansion: StackExpansion): Int32Array {
  const { start, frames } = expansion;
  const single = new Int32Array(start.length - 1);
  for (let u = 0; u < single.length; u++) single[u] = start[u + 1]! - start[u]! === 1 ? frames[start[u]!]! : -1;
  return single;
}

/**
 * Frames of `n` varint units (unsigned LEB128, below 2^28: four bytes at most) from byte `from`
 * of `bytes` into `ids` (expanded, then mapped); returns how many. `single`: the expansion's
 * {@link singleFrameUnits}, when the caller reads many stacks.
 */
export function readVarintUnits(bytes: Uint32Array | Uint8Array, from: number, n: number, expansion: StackExpansion | undefined, map: Uint32Array | undefined, ids: Uint32Array, single?: Int32Array): number {
  let depth = 0;
  let pos = from;
  const start = expansion?.start;
  const frames = expansion?.frames;
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
    const only = single ? single[unit]! : -1;
    if (!start) ids[depth++] = map ? map[unit]! : unit;
    else if (only >= 0) ids[depth++] = map ? map[only]! : only;
    else if (map) {
      const end = start[unit + 1]!;
      for (let f = start[unit]!; f < end; f++) ids[depth++] = map[frames![f]!]!;
    } else {
      const end = start[unit + 1]!;
      for (let f = start[unit]!; f < end; f++) ids[depth++] = frames![f]!;
    }
  }
  return depth;
}

