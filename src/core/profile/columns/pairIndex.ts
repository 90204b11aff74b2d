/**
 * An id per distinct pair of numbers, held in typed arrays: an open-addressing hash table whose
 * slots hold ids, and the pairs themselves by id. Interning 700,000 (file, line) pairs this way
 * allocates a handful of arrays; one `Map` per file took ~100 MB of heap and 0.5 s.
 */
export class PairIndex {
  private slots: Int32Array;
  private first: Uint32Array;
  /** 32-bit while every second number is a uint32 (lines, string ids), else 64-bit floats: exact either way. */
  private second: Uint32Array | Float64Array;
  /** Number of distinct pairs so far; ids are 0 … size−1, in order of first sight. */
  size = 0;

  /** `capacity`: the number of pairs expected; the table holds that many before its first rehash. */
  constructor(capacity = 32) {
    const pairs = Math.max(32, capacity);
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * pairs))).fill(-1);
    this.first = new Uint32Array(pairs);
    this.second = new Uint32Array(pairs);
  }

  /** The id of (a, b), given the next id when the pair is new. `a` is a uint32, `b` any double; equality is exact. */
  idOf(a: number, b: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash(a, b) & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id < 0) return this.add(slot, a, b);
      if (this.first[id] === a && this.second[id] === b) return id;
    }
  }

  private add(slot: number, a: number, b: number): number {
    const id = this.size++;
    if (id === this.first.length) {
      this.first = grown(this.first, new Uint32Array(2 * id));
      this.second = grown(this.second, this.second instanceof Uint32Array ? new Uint32Array(2 * id) : new Float64Array(2 * id));
    }
    if (b >>> 0 !== b && this.second instanceof Uint32Array) this.second = Float64Array.from(this.second);
    this.first[id] = a;
    this.second[id] = b;
    if (2 * this.size <= this.slots.length) this.slots[slot] = id;
    else this.rehash(2 * this.slots.length);
    return id;
  }

  private rehash(length: number): void {
    this.slots = new Int32Array(length).fill(-1);
    const mask = length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = hash(this.first[id]!, this.second[id]!) & mask;
      while (this.slots[slot]! >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = id;
    }
  }
}

function hash(a: number, b: number): number {
  const h = Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca6b);
  return (h ^ (h >>> 15)) >>> 0;
}

function grown<T extends Uint32Array | Float64Array>(old: T, next: T): T {
  next.set(old);
  return next;
}
