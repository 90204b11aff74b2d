/**
 * Our own decoder of the pprof wire format (`perftools.profiles.Profile`), fed in chunks so that
 * a file is never held whole. It keeps only what the model needs, in typed columns: per sample
 * the location indices and values, the location, function and string tables, the sample types.
 * pprof-format (the reference in the differential test) builds an object per sample, location,
 * line and even varint view; this decoder allocates per table entry at most a string.
 *
 * Framing is checked like `protoWire.walkFields` (a cut-off file is `truncated`, a bad wire type
 * `not-a-profile`); entries are counted against the table limit; a malformed entry is remembered
 * and reported after the framing, as the pprof-format reader did.
 */
import { ProfileError } from './errors';
import { GrowableF64, GrowableU16, GrowableU32, GrowableUint, type UintColumn } from './columns/growable';
import { IdIndex } from './columns/idIndex';
import { type ProfileLimits, TableBudget } from './limits';
import { countPprofSizes, PPROF_FIELD, type PprofSizes } from './pprofSizes';

const FIELD = PPROF_FIELD;
const TABLE_NAMES: Record<number, string> = { [FIELD.location]: 'locations', [FIELD.function]: 'functions', [FIELD.stringTable]: 'strings' };

/** Starting capacities when the record counts are not known. */
const UNKNOWN_SIZES: PprofSizes = { samples: 1024, values: 1024, locations: 1024, lines: 1024, functions: 1024, strings: 1024 };

/** Bytes per stack chunk: 4 MB. */
const CHUNK_BYTES = 4 << 20;
/** Most bytes of a unit's varint: dense indices stay below 2^31 (one per byte of the file, at most 2 GiB). */
const UNIT_BYTES = 5;

/** Position after the last varint read, −1 when it ran past the end or was longer than 10 bytes. */
let next = 0;

/**
 * Reads a varint in `bytes[pos, end)` as a number: exact below 2^49, through BigInt above
 * (returned as signed int64, what pprof's int64 fields mean). Sets {@link next}.
 */
function varint(bytes: Uint8Array, pos: number, end: number): number {
  if (pos < end) {
    const b = bytes[pos]!;
    if (b < 0x80) {
      next = pos + 1;
      return b;
    }
  }
  let value = 0;
  let mul = 1;
  const fast = Math.min(end, pos + 7);
  for (let i = pos; i < fast; i++) {
    const b = bytes[i]!;
    value += (b & 0x7f) * mul;
    if (b < 0x80) {
      next = i + 1;
      return value;
    }
    mul *= 0x80;
  }
  let big = 0n;
  let shift = 0n;
  for (let i = pos; i < end && i < pos + 10; i++) {
    const b = bytes[i]!;
    big |= BigInt(b & 0x7f) << shift;
    if (b < 0x80) {
      next = i + 1;
      return Number(BigInt.asIntN(64, big));
    }
    shift += 7n;
  }
  next = -1;
  return -1;
}

/** An unsigned 64-bit varint as a BigInt (addresses ≥ 2^49), or undefined when malformed. */
function bigVarint(bytes: Uint8Array, pos: number, end: number): bigint | undefined {
  let big = 0n;
  let shift = 0n;
  for (let i = pos; i < end && i < pos + 10; i++) {
    const b = bytes[i]!;
    big |= BigInt(b & 0x7f) << shift;
    if (b < 0x80) return BigInt.asUintN(64, big);
    shift += 7n;
  }
  return undefined;
}

class Malformed extends Error {}

/** Position after the field of `wire` type starting at `pos` (its tag already read); throws when it overruns. */
function skip(bytes: Uint8Array, wire: number, pos: number, end: number): number {
  switch (wire) {
    case 0:
      varint(bytes, pos, end);
      if (next < 0) throw new Malformed('a varint runs past the end');
      return next;
    case 1:
      if (pos + 8 > end) throw new Malformed('a fixed64 runs past the end');
      return pos + 8;
    case 2: {
      const len = varint(bytes, pos, end);
      if (next < 0 || len < 0 || next + len > end) throw new Malformed('a length-delimited field runs past the end');
      return next + len;
    }
    case 5:
      if (pos + 4 > end) throw new Malformed('a fixed32 runs past the end');
      return pos + 4;
    default:
      throw new Malformed(`invalid wire type ${wire}`);
  }
}

/** Tag at `pos`: field number and wire type; throws when malformed. */
function tagAt(bytes: Uint8Array, pos: number, end: number): number {
  const tag = varint(bytes, pos, end);
  if (next < 0) throw new Malformed('a field tag runs past the end');
  return tag;
}

/**
 * Reads the varint fields numbered 1…`last` of the message in `bytes[start, end)` into
 * `out[1…last]` (0 when absent, the last occurrence wins) and skips every other field; throws
 * {@link Malformed} as {@link skip}. One loop per message, its varints read inline: the small
 * messages (line, function, label, value type) are most of a profile's fields.
 */
function varintFields(bytes: Uint8Array, start: number, end: number, out: Float64Array, last: number): void {
  for (let n = 1; n <= last; n++) out[n] = 0;
  let pos = start;
  while (pos < end) {
    let tag = bytes[pos]!;
    if (tag < 0x80) pos++;
    else {
      tag = tagAt(bytes, pos, end);
      pos = next;
    }
    const wire = tag & 7;
    const num = tag < 0x80000000 ? tag >>> 3 : Math.floor(tag / 8);
    if (wire !== 0 || num < 1 || num > last) {
      pos = skip(bytes, wire, pos, end);
      continue;
    }
    let v = pos < end ? bytes[pos]! : 0x80;
    let after = pos + 1;
    if (v >= 0x80) {
      let b = v;
      v &= 0x7f;
      for (let shift = 7; shift < 28 && after < end && b >= 0x80; shift += 7) {
        b = bytes[after++]!;
        v |= (b & 0x7f) << shift;
      }
      if (b >= 0x80) {
        v = varint(bytes, pos, end);
        if (next < 0) throw new Malformed('a varint runs past the end');
        after = next;
      }
    }
    pos = after;
    out[num] = v;
  }
}

const field = (tag: number): number => (tag < 0x80000000 ? tag >>> 3 : Math.floor(tag / 8));

/**
 * What the decoder collected: raw int64 numbers as the file wrote them, references unresolved.
 * `buildPprofProfile` takes the object over: it replaces each table by an empty one once it has
 * used it, so that the tables can be collected while the build goes on.
 */
export interface RawPprof {
  /** (type, unit) string indices per sample type. */
  readonly sampleTypes: readonly (readonly [number, number])[];
  readonly defaultSampleType: number;
  readonly durationNanos: number;
  /** `time_nanos`: wall-clock ns since the epoch the writer stamped (0 when absent). */
  readonly timeNanos: number;
  /** (type, unit) string indices of `period_type`, undefined when the file has none. */
  readonly periodType: readonly [number, number] | undefined;
  /** `period` in `periodType`'s unit (0 when absent). */
  readonly period: number;
  readonly strings: readonly string[];
  samples: {
    readonly length: number;
    /**
     * Per sample: chunk, byte offset in it and number of location indices (dense, see
     * `locations.ids`), each an unsigned varint (`StackStore.varint`).
     */
    readonly chunk: Uint16Array;
    readonly start: Uint32Array;
    readonly unitCount: Uint32Array;
    readonly chunks: Uint8Array[];
    /**
     * Values of sample i: `values[valueStart[i] … valueStart[i+1]-1]`; without `valueStart` (every
     * sample has the same number of values, `valueCount`), `values[i·valueCount …]`. 32-bit while
     * every value fits ({@link GrowableUint}).
     */
    readonly valueCount: number;
    readonly valueStart: Uint32Array | undefined;
    readonly values: UintColumn;
    /** Label (key, str) string-index pairs of sample i (numeric labels left out): `labelPairs[2·labelStart[i] …]`; absent when none. */
    readonly labels?: { readonly start: Uint32Array; readonly pairs: Float64Array };
  };
  locations: {
    /** Dense location index → location id (32-bit while every id fits, as the columns below). */
    readonly ids: UintColumn;
    /**
     * Definitions in file order, and the dense index of the id each one gives (its id:
     * `ids[defDense[d]]`; the last definition of an id holds it). A dense index that no definition
     * gives is a sample's reference to a location the file does not define.
     */
    readonly defCount: number;
    readonly defDense: Uint32Array;
    /** Address per definition, 0 for those in `bigAddress` (32-bit while every address fits). */
    readonly address: UintColumn;
    /** Addresses of 2^49 and above, exact. */
    readonly bigAddress: ReadonlyMap<number, bigint>;
    /** Lines of definition d: `lineStart[d] … lineStart[d+1]-1`. */
    readonly lineStart: Uint32Array;
    readonly lineFunction: UintColumn;
    readonly lineNumber: UintColumn;
  };
  functions: {
    readonly length: number;
    readonly id: UintColumn;
    readonly name: UintColumn;
    readonly systemName: UintColumn;
    readonly filename: UintColumn;
    readonly startLine: UintColumn;
  };
}


type Framing = { kind: 'truncated'; offset: number; length: number } | { kind: 'bad-wire-type'; offset: number; wireType: number };

/**
 * Decodes a pprof message pushed in chunks ({@link PprofWireDecoder.push}); {@link PprofWireDecoder.finish}
 * returns the raw tables or throws the first problem as a {@link ProfileError} naming the file.
 */
export class PprofWireDecoder {
  private base = 0;
  private framing: Framing | undefined;
  private malformed: string | undefined;
  private overTable: string | undefined;
  private locationCount = 0;
  private functionCount = 0;
  private stringCount = 0;
  private readonly maxTableEntries: number;

  private readonly sampleTypes: [number, number][] = [];
  private defaultSampleType = 0;
  private durationNanos = 0;
  private timeNanos = 0;
  private periodType: [number, number] | undefined;
  private period = 0;
  private readonly strings: string[] = [];
  private readonly decoder = new TextDecoder('utf-8');

  private readonly sampleChunk: GrowableU16;
  private readonly sampleStart: GrowableU32;
  private readonly sampleUnits: GrowableU32;
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(0);
  private used = 0;
  /** Values of every sample so far (−1 before the first). */
  private valueCount = -1;
  /** Made at the first sample whose number of values differs from the first one's. */
  private valueStart: GrowableU32 | undefined;
  private readonly values: GrowableUint;
  private labelStart: GrowableU32 | undefined;
  private readonly labelPairs = new GrowableF64(16);

  private readonly locationIndex: IdIndex;
  private readonly address: GrowableUint;
  private readonly defDense: GrowableU32;
  private readonly bigAddress = new Map<number, bigint>();
  private readonly lineStart: GrowableU32;
  private readonly lineFunction: GrowableUint;
  private readonly lineNumber: GrowableUint;

  private readonly fnId: GrowableUint;
  private readonly fnName: GrowableUint;
  private readonly fnSystemName: GrowableUint;
  private readonly fnFilename: GrowableUint;
  private readonly fnStartLine: GrowableUint;
  /** Scratch for {@link varintFields}: the fields of the message being read, by number. */
  private readonly messageFields = new Float64Array(6);

  /**
   * `sizes`: the record counts of a first pass ({@link PprofSizeCounter}), so that each column is
   * allocated once at its final length (no doubling, and `finish` hands the arrays over without a
   * copy), or a guess (`gzipSizeGuess`); columns still double past them. Without them, columns
   * start small and double.
   */
  constructor(
    private readonly sourcePath: string,
    private readonly limits: ProfileLimits,
    sizes: PprofSizes = UNKNOWN_SIZES,
  ) {
    this.maxTableEntries = limits.maxTableEntries;
    this.sampleChunk = new GrowableU16(sizes.samples);
    this.sampleStart = new GrowableU32(sizes.samples);
    this.sampleUnits = new GrowableU32(sizes.samples);
    this.values = new GrowableUint(sizes.values);
    this.locationIndex = new IdIndex(sizes.locations);
    this.address = new GrowableUint(sizes.locations);
    this.defDense = new GrowableU32(sizes.locations);
    this.lineStart = new GrowableU32(sizes.locations + 1);
    this.lineFunction = new GrowableUint(sizes.lines);
    this.lineNumber = new GrowableUint(sizes.lines);
    this.fnId = new GrowableUint(sizes.functions);
    this.fnName = new GrowableUint(sizes.functions);
    this.fnSystemName = new GrowableUint(sizes.functions);
    this.fnFilename = new GrowableUint(sizes.functions);
    this.fnStartLine = new GrowableUint(sizes.functions);
  }

  /**
   * Decodes the whole top-level fields of `bytes` (the stream's next bytes) and returns how many
   * bytes it used; the caller passes the rest again with more bytes behind it. With `final`, the
   * bytes are the end of the stream and an incomplete field is a truncated file.
   */
  push(bytes: Uint8Array, final: boolean): number {
    if (this.framing) return bytes.length;
    const end = bytes.length;
    let pos = 0;
    while (pos < end) {
      const fieldStart = pos;
      let tag = bytes[pos]!;
      if (tag < 0x80) pos++;
      else {
        tag = varint(bytes, pos, end);
        if (next < 0) {
          if (!final && end - pos < 10) break;
          return this.stop({ kind: 'truncated', offset: this.base + fieldStart, length: this.base + end }, end);
        }
        pos = next;
      }
      const wire = tag & 7;
      const num = field(tag);
      if (num === 0) return this.stop({ kind: 'bad-wire-type', offset: this.base + fieldStart, wireType: wire }, end);
      if (wire === 2) {
        let len = pos < end ? bytes[pos]! : 0x80;
        let start = pos + 1;
        if (len >= 0x80) {
          len = varint(bytes, pos, end);
          if (next < 0) {
            if (!final && end - pos < 10) {
              pos = fieldStart;
              break;
            }
            return this.stop({ kind: 'truncated', offset: this.base + fieldStart, length: this.base + end }, end);
          }
          if (len < 0) return this.stop({ kind: 'bad-wire-type', offset: this.base + fieldStart, wireType: wire }, end);
          start = next;
        }
        if (start + len > end) {
          if (!final) {
            pos = fieldStart;
            break;
          }
          return this.stop({ kind: 'truncated', offset: this.base + fieldStart, length: this.base + end }, end);
        }
        pos = start + len;
        this.lengthField(num, bytes, start, pos);
      } else if (wire === 0) {
        const value = varint(bytes, pos, end);
        if (next < 0) {
          if (!final && end - pos < 10) {
            pos = fieldStart;
            break;
          }
          return this.stop({ kind: 'truncated', offset: this.base + fieldStart, length: this.base + end }, end);
        }
        pos = next;
        if (!this.malformed && !this.overTable) {
          if (num === FIELD.durationNanos) this.durationNanos = value;
          else if (num === FIELD.timeNanos) this.timeNanos = value;
          else if (num === FIELD.defaultSampleType) this.defaultSampleType = value;
          else if (num === FIELD.period) this.period = value;
        }
      } else if (wire === 1 || wire === 5) {
        const size = wire === 1 ? 8 : 4;
        if (pos + size > end) {
          if (!final) {
            pos = fieldStart;
            break;
          }
          return this.stop({ kind: 'truncated', offset: this.base + fieldStart, length: this.base + end }, end);
        }
        pos += size;
      } else {
        return this.stop({ kind: 'bad-wire-type', offset: this.base + fieldStart, wireType: wire }, end);
      }
    }
    this.base += pos;
    return pos;
  }

  private stop(framing: Framing, end: number): number {
    this.framing = framing;
    return end;
  }

  private lengthField(num: number, bytes: Uint8Array, start: number, end: number): void {
    if (this.malformed || this.overTable) return;
    const table = num === FIELD.location ? ++this.locationCount : num === FIELD.function ? ++this.functionCount : num === FIELD.stringTable ? ++this.stringCount : 0;
    if (table > this.maxTableEntries) {
      this.overTable = TABLE_NAMES[num];
      return;
    }
    try {
      if (num === FIELD.sample) this.sample(bytes, start, end);
      else if (num === FIELD.location) this.location(bytes, start, end);
      else if (num === FIELD.function) this.function(bytes, start, end);
      else if (num === FIELD.stringTable) this.strings.push(this.decoder.decode(bytes.subarray(start, end)));
      else if (num === FIELD.sampleType) this.sampleTypes.push(this.valueType(bytes, start, end));
      else if (num === FIELD.periodType) this.periodType = this.valueType(bytes, start, end);
    } catch (err) {
      if (!(err instanceof Malformed)) throw err;
      this.malformed = `field ${num} at byte ${this.base + start}: ${err.message}`;
    }
  }

  /** A `ValueType` message: (type, unit) string indices. */
  private valueType(bytes: Uint8Array, start: number, end: number): [number, number] {
    const v = this.messageFields;
    varintFields(bytes, start, end, v, 2);
    return [v[1]!, v[2]!];
  }

  /** Room for `bytes` more bytes in the current chunk, so that one stack never spans two. */
  private reserveBytes(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return;
    if (this.used > 0) this.chunks.push(this.chunk.subarray(0, this.used));
    this.chunk = new Uint8Array(Math.max(CHUNK_BYTES, bytes));
    this.used = 0;
  }

  // The hot loop of the decoder (one pass per location of every stack): varints and the dense-index
  // lookup are read inline, since a call per unit is most of the cost when V8 does not inline.
  private sample(bytes: Uint8Array, start: number, end: number): void {
    this.reserveBytes(UNIT_BYTES * (end - start)); // a location id takes at least one byte
    const from = this.used;
    let used = from;
    let units = 0;
    const chunk = this.chunk;
    const index = this.locationIndex;
    let direct = index.direct;
    const valueFrom = this.values.length;
    const labelFrom = this.labelPairs.length / 2;
    let labelled = false;
    let pos = start;
    while (pos < end) {
      let tag = bytes[pos]!;
      if (tag < 0x80) pos++;
      else {
        tag = tagAt(bytes, pos, end);
        pos = next;
      }
      const wire = tag & 7;
      const num = tag < 0x80000000 ? tag >>> 3 : Math.floor(tag / 8);
      if ((num === 1 || num === 2) && (wire === 2 || wire === 0)) {
        let stop = end;
        if (wire === 2) {
          const len = varint(bytes, pos, end);
          if (next < 0 || len < 0 || next + len > end) throw new Malformed('a packed field runs past the end');
          pos = next;
          stop = pos + len;
        }
        do {
          let v = pos < stop ? bytes[pos]! : 0x80;
          let after = pos + 1;
          if (v >= 0x80) {
            let b = v;
            v &= 0x7f;
            for (let shift = 7; shift < 28 && after < stop && b >= 0x80; shift += 7) {
              b = bytes[after++]!;
              v |= (b & 0x7f) << shift;
            }
            if (b >= 0x80) {
              v = varint(bytes, pos, stop);
              if (next < 0) throw new Malformed('a varint runs past the end');
              after = next;
            }
          }
          pos = after;
          if (num === 1) {
            let unit = v >= 0 && v < direct.length ? direct[v]! : -1;
            if (unit < 0) {
              unit = index.getOrAdd(v);
              direct = index.direct;
            }
            while (unit >= 0x80) {
              chunk[used++] = (unit & 0x7f) | 0x80;
              unit >>>= 7;
            }
            chunk[used++] = unit;
            units++;
          } else this.values.push(v);
        } while (wire === 2 && pos < stop);
      } else if (num === 3 && wire === 2) {
        const len = varint(bytes, pos, end);
        if (next < 0 || len < 0 || next + len > end) throw new Malformed('a label runs past the end');
        if (!labelled) this.startLabels();
        labelled = true;
        pos = next + len;
        this.label(bytes, next, pos);
      } else {
        pos = skip(bytes, wire, pos, end);
      }
    }
    this.used = used;
    this.noteValues(valueFrom);
    this.sampleChunk.push(this.chunks.length);
    this.sampleStart.push(from);
    this.sampleUnits.push(units);
    this.labelStart?.push(labelFrom);
  }

  /** Records where the sample being read starts its values when it has not as many as every sample before it. */
  private noteValues(from: number): void {
    const count = this.values.length - from;
    if (this.valueCount < 0) this.valueCount = count;
    if (!this.valueStart && count === this.valueCount) return;
    if (!this.valueStart) {
      this.valueStart = new GrowableU32(this.sampleStart.array.length + 1);
      for (let s = 0; s < this.sampleStart.length; s++) this.valueStart.push(s * this.valueCount);
    }
    this.valueStart.push(from);
  }

  /** Opens the label column: the samples before this one had none. */
  private startLabels(): void {
    if (this.labelStart) return;
    this.labelStart = new GrowableU32(this.sampleStart.array.length);
    for (let s = 0; s < this.sampleStart.length; s++) this.labelStart.push(0);
  }

  private label(bytes: Uint8Array, start: number, end: number): void {
    const v = this.messageFields;
    varintFields(bytes, start, end, v, 2);
    if (v[2] !== 0) {
      this.labelPairs.push(v[1]!);
      this.labelPairs.push(v[2]!);
    }
  }

  private location(bytes: Uint8Array, start: number, end: number): void {
    let id = 0;
    let address = 0;
    let big: bigint | undefined;
    const def = this.address.length;
    this.lineStart.push(this.lineFunction.length);
    let pos = start;
    while (pos < end) {
      let tag = bytes[pos]!;
      if (tag < 0x80) pos++;
      else {
        tag = tagAt(bytes, pos, end);
        pos = next;
      }
      const wire = tag & 7;
      const num = tag < 0x80000000 ? tag >>> 3 : Math.floor(tag / 8);
      if (wire === 0 && (num === 1 || num === 3)) {
        const at = pos;
        const v = varint(bytes, pos, end);
        if (next < 0) throw new Malformed('a varint runs past the end');
        pos = next;
        if (num === 1) id = v;
        else if (next - at >= 8) {
          big = bigVarint(bytes, at, end)!;
          address = 0;
        } else {
          address = v;
          big = undefined;
        }
      } else if (num === 4 && wire === 2) {
        let len = pos < end ? bytes[pos]! : 0x80;
        let from = pos + 1;
        if (len >= 0x80) {
          len = varint(bytes, pos, end);
          from = next;
        }
        if (from < 0 || len < 0 || from + len > end) throw new Malformed('a line runs past the end');
        pos = from + len;
        this.line(bytes, from, pos);
      } else {
        pos = skip(bytes, wire, pos, end);
      }
    }
    if (big !== undefined) this.bigAddress.set(def, big);
    this.address.push(address);
    const dense = this.locationIndex.getOrAdd(id);
    this.defDense.push(dense);
  }

  private line(bytes: Uint8Array, start: number, end: number): void {
    const v = this.messageFields;
    varintFields(bytes, start, end, v, 2);
    this.lineFunction.push(v[1]!);
    this.lineNumber.push(v[2]!);
  }

  private function(bytes: Uint8Array, start: number, end: number): void {
    const v = this.messageFields;
    varintFields(bytes, start, end, v, 5);
    this.fnId.push(v[1]!);
    this.fnName.push(v[2]!);
    this.fnSystemName.push(v[3]!);
    this.fnFilename.push(v[4]!);
    this.fnStartLine.push(v[5]!);
  }

  /**
   * The decoded tables.
   * @throws ProfileError `truncated-protobuf` (cut-off or malformed data), `not-a-profile` (a bad
   *   wire type at the top level), `too-large` (a table over the entry limit).
   */
  finish(): RawPprof {
    const framing = this.framing;
    if (framing?.kind === 'truncated') {
      throw new ProfileError(
        this.sourcePath,
        'truncated-protobuf',
        `the pprof data is truncated: a field at byte ${framing.offset} runs past the end (${framing.length} bytes); the file was probably cut off while being written or copied`,
      );
    }
    if (framing) {
      throw new ProfileError(this.sourcePath, 'not-a-profile', `not a valid pprof protobuf: invalid field (wire type ${framing.wireType}) at byte ${framing.offset}`);
    }
    if (this.overTable) throw new TableBudget(this.limits).exceeded(this.sourcePath, this.overTable);
    if (this.malformed) throw new ProfileError(this.sourcePath, 'truncated-protobuf', `the pprof data is truncated or corrupt: malformed ${this.malformed}`);
    if (this.used > 0) this.chunks.push(this.chunk.slice(0, this.used));
    this.chunk = new Uint8Array(0);
    this.valueStart?.push(this.values.length);
    this.lineStart.push(this.lineFunction.length);
    const n = this.sampleStart.length;
    return {
      sampleTypes: this.sampleTypes,
      defaultSampleType: this.defaultSampleType,
      durationNanos: this.durationNanos,
      timeNanos: this.timeNanos,
      periodType: this.periodType,
      period: this.period,
      strings: this.strings,
      samples: {
        length: n,
        chunk: this.sampleChunk.finish(),
        start: this.sampleStart.finish(),
        unitCount: this.sampleUnits.finish(),
        chunks: this.chunks,
        valueCount: Math.max(0, this.valueCount),
        valueStart: this.valueStart?.finish(),
        values: this.values.finish(),
        ...(this.labelStart ? { labels: { start: this.labelStartWithEnd(), pairs: this.labelPairs.finish() } } : {}),
      },
      locations: {
        ids: this.locationIndex.ids.finish(),
        defCount: this.address.length,
        defDense: this.defDense.finish(),
        address: this.address.finish(),
        bigAddress: this.bigAddress,
        lineStart: this.lineStart.finish(),
        lineFunction: this.lineFunction.finish(),
        lineNumber: this.lineNumber.finish(),
      },
      functions: {
        length: this.fnId.length,
        id: this.fnId.finish(),
        name: this.fnName.finish(),
        systemName: this.fnSystemName.finish(),
        filename: this.fnFilename.finish(),
        startLine: this.fnStartLine.finish(),
      },
    };
  }

  private labelStartWithEnd(): Uint32Array {
    const starts = this.labelStart!;
    const out = new Uint32Array(starts.length + 1);
    out.set(starts.array.subarray(0, starts.length));
    out[starts.length] = this.labelPairs.length / 2;
    return out;
  }
}

/**
 * Decodes a whole pprof message held in memory.
 * @throws ProfileError as {@link PprofWireDecoder.finish}.
 */
export function decodePprof(bytes: Uint8Array, sourcePath: string, limits: ProfileLimits): RawPprof {
  const decoder = new PprofWireDecoder(sourcePath, limits, countPprofSizes(bytes, limits));
  decoder.push(bytes, true);
  return decoder.finish();
}
