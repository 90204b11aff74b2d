/**
 * Append-only typed arrays for the readers: one backing buffer that doubles when full, so a
 * column of a million numbers is one allocation per doubling, not a million boxed values.
 *
 * One class per element type, on purpose: a shared generic base class makes `push` see every
 * typed-array kind at one store, which V8 cannot optimise (measured: 40 % of the decode time).
 */

type Column = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/**
 * `array` cut to `length`: a view when the spare room is at most an eighth of it (columns sized in
 * advance: no copy, which on a 50 MB profile was a second copy of every column at the peak),
 * otherwise a copy, so that a buffer left half empty by doubling is not kept.
 */
function fitted<T extends Column>(array: T, length: number): T {
  if (length === array.length) return array;
  return ((array.length - length) * 8 <= array.length ? array.subarray(0, length) : array.slice(0, length)) as T;
}

/** A growable `Uint32Array` (ids, indices, unsigned lines). */
export class GrowableU32 {
  array: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    this.array[this.length++] = value;
  }

  private grow(needed: number): void {
    const next = new Uint32Array(Math.max(needed, this.array.length * 2));
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The values pushed so far, in an array of exactly that length (see {@link fitted}). */
  finish(): Uint32Array {
    return fitted(this.array, this.length);
  }
}

/** A growable `Uint16Array` (small indices). */
export class GrowableU16 {
  array: Uint16Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint16Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    this.array[this.length++] = value;
  }

  private grow(needed: number): void {
    const next = new Uint16Array(Math.max(needed, this.array.length * 2));
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The values pushed so far, in an array of exactly that length (see {@link fitted}). */
  finish(): Uint16Array {
    return fitted(this.array, this.length);
  }
}

/** A growable `Int32Array` (indices where −1 means none). */
export class GrowableI32 {
  array: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Int32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    this.array[this.length++] = value;
  }

  private grow(needed: number): void {
    const next = new Int32Array(Math.max(needed, this.array.length * 2));
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The values pushed so far, in an array of exactly that length (see {@link fitted}). */
  finish(): Int32Array {
    return fitted(this.array, this.length);
  }
}

/** A column of integers: 32-bit while every value fits, else 64-bit floats (see {@link GrowableUint}). */
export type UintColumn = Uint32Array | Float64Array;

/**
 * A growable column of integers (pprof ids, string indices and line numbers) that is a
 * `Uint32Array` while every value is an integer in 0…2³²−1, and becomes a `Float64Array` at the
 * first value that is not (uint64 ids, negative int64 lines): half the bytes for nearly every
 * profile, every value kept exactly as a `Float64Array` would for the others.
 */
export class GrowableUint {
  array: UintColumn;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    if (value >>> 0 !== value && this.array instanceof Uint32Array) this.array = Float64Array.from(this.array);
    this.array[this.length++] = value;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.array.length * 2);
    const next = this.array instanceof Uint32Array ? new Uint32Array(size) : new Float64Array(size);
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The values pushed so far, in an array of exactly that length (see {@link fitted}). */
  finish(): UintColumn {
    return fitted(this.array, this.length);
  }
}

/** A growable `Float64Array` (weights, int64 values read as numbers). */
export class GrowableF64 {
  array: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Float64Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    this.array[this.length++] = value;
  }

  private grow(needed: number): void {
    const next = new Float64Array(Math.max(needed, this.array.length * 2));
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The values pushed so far, in an array of exactly that length (see {@link fitted}). */
  finish(): Float64Array {
    return fitted(this.array, this.length);
  }
}

/** A growable `Uint8Array` (flags). */
export class GrowableU8 {
  array: Uint8Array;
  length = 0;

  constructor(capacity = 1024) {
    this.array = new Uint8Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.array.length) this.grow(this.length + 1);
    this.array[this.length++] = value;
  }

  private grow(needed: number): void {
    const next = new Uint8Array(Math.max(needed, this.array.length * 2));
    next.set(this.array.subarray(0, this.length));
    this.array = next;
  }

  /** The values pushed so far, in an array of exactly that length (see {@link fitted}). */
  finish(): Uint8Array {
    return fitted(this.array, this.length);
  }
}
