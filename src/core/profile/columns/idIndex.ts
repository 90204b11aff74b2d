/**
 * Dense indices for the ids of a pprof table (locations, functions). Go numbers them 1…n, so a
 * plain array indexed by id serves; ids far beyond the count (hashes, sparse numbering) go to a
 * map. Ids are int64 read as numbers.
 */
import { GrowableUint } from './growable';

/** Largest id kept in the direct array (16 M entries, 64 MB at most, only for dense numbering). */
const DIRECT_MAX = 1 << 24;

export class IdIndex {
  /**
   * Id → dense index (−1: not seen) for ids below its length; read directly by the decoder's hot
   * loop (a call per unit costs more than the lookup), written only here.
   */
  direct: Int32Array;
  private map: Map<number, number> | undefined;
  /** Dense index → id, in order of first appearance: 32-bit while every id fits (see {@link GrowableUint}). */
  readonly ids: GrowableUint;

  /** `capacity`: the number of ids expected (the direct array then covers ids 0…capacity at once). */
  constructor(capacity = 1023) {
    this.direct = new Int32Array(Math.min(DIRECT_MAX, capacity + 1)).fill(-1);
    this.ids = new GrowableUint(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The dense index of `id`, or −1 when it was never seen. */
  get(id: number): number {
    if (id >= 0 && id < this.direct.length) return this.direct[id]!;
    return this.map?.get(id) ?? -1;
  }

  /** The dense index of `id`, given the next free one when it is new. */
  getOrAdd(id: number): number {
    if (id >= 0 && id < this.direct.length) {
      let dense = this.direct[id]!;
      if (dense < 0) dense = this.direct[id] = this.add(id);
      return dense;
    }
    if (id >= 0 && id < DIRECT_MAX && id < 4 * this.size + 65536) {
      this.growTo(id + 1);
      return this.getOrAdd(id);
    }
    this.map ??= new Map();
    let dense = this.map.get(id);
    if (dense === undefined) this.map.set(id, (dense = this.add(id)));
    return dense;
  }

  private add(id: number): number {
    this.ids.push(id);
    return this.ids.length - 1;
  }

  private growTo(needed: number): void {
    const next = new Int32Array(Math.min(DIRECT_MAX, Math.max(needed, 2 * this.direct.length))).fill(-1);
    next.set(this.direct);
    if (this.map) {
      for (const [id, dense] of this.map) {
        if (id >= 0 && id < next.length) {
          next[id] = dense;
          this.map.delete(id);
        }
      }
    }
    this.direct = next;
  }
}
