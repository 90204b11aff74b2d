"use strict";

// .scratch/t8.ts
var import_node_fs = require("node:fs");

// src/core/profile/protoWire.ts
var WIRE_VARINT = 0;
var WIRE_FIXED64 = 1;
var WIRE_LEN = 2;
var WIRE_FIXED32 = 5;
var varintEnd = 0;
function readVarint(bytes, pos) {
  if (pos >= bytes.length) {
    varintEnd = -1;
    return -1;
  }
  let b2 = bytes[pos];
  if (b2 < 128) {
    varintEnd = pos + 1;
    return b2;
  }
  let value = b2 & 127;
  let mul = 128;
  let i = pos + 1;
  const limit = Math.min(bytes.length, pos + 7);
  while (i < limit) {
    b2 = bytes[i++];
    value += (b2 & 127) * mul;
    if (b2 < 128) {
      varintEnd = i;
      return value;
    }
    mul *= 128;
  }
  return readLongVarint(bytes, pos);
}
function readLongVarint(bytes, pos) {
  let value = 0n;
  let shift = 0n;
  for (let i = pos; i < bytes.length && i < pos + 10; i++) {
    const b2 = bytes[i];
    value |= BigInt(b2 & 127) << shift;
    if (b2 < 128) {
      varintEnd = i + 1;
      return Number(BigInt.asIntN(64, value));
    }
    shift += 7n;
  }
  varintEnd = -1;
  return -1;
}
function walkFields(bytes, from, to, onField) {
  let pos = from;
  while (pos < to) {
    const tag = readVarint(bytes, pos);
    if (varintEnd < 0 || varintEnd > to) return { kind: "truncated", offset: pos };
    const fieldStart = pos;
    pos = varintEnd;
    const wireType = tag % 8;
    const field = Math.floor(tag / 8);
    if (field === 0) return { kind: "bad-wire-type", offset: fieldStart, wireType };
    switch (wireType) {
      case WIRE_VARINT: {
        readVarint(bytes, pos);
        if (varintEnd < 0 || varintEnd > to) return { kind: "truncated", offset: fieldStart };
        onField(field, wireType, pos, varintEnd);
        pos = varintEnd;
        break;
      }
      case WIRE_LEN: {
        const len = readVarint(bytes, pos);
        if (varintEnd < 0 || varintEnd > to) return { kind: "truncated", offset: fieldStart };
        if (len < 0) return { kind: "bad-wire-type", offset: fieldStart, wireType };
        const start = varintEnd;
        const end = start + len;
        if (end > to) return { kind: "truncated", offset: fieldStart };
        onField(field, wireType, start, end);
        pos = end;
        break;
      }
      case WIRE_FIXED64:
        pos += 8;
        if (pos > to) return { kind: "truncated", offset: fieldStart };
        break;
      case WIRE_FIXED32:
        pos += 4;
        if (pos > to) return { kind: "truncated", offset: fieldStart };
        break;
      default:
        return { kind: "bad-wire-type", offset: fieldStart, wireType };
    }
  }
  return void 0;
}
function readSampleRecord(bytes, start, end, locationIds, values) {
  locationIds.length = 0;
  values.length = 0;
  let pos = start;
  while (pos < end) {
    const tag = readVarint(bytes, pos);
    if (varintEnd < 0 || varintEnd > end) return false;
    pos = varintEnd;
    const wireType = tag & 7;
    const field = tag >>> 3;
    if (wireType === WIRE_VARINT) {
      const v = readVarint(bytes, pos);
      if (varintEnd < 0 || varintEnd > end) return false;
      if (field === 1) locationIds.push(v);
      else if (field === 2) values.push(v);
      pos = varintEnd;
    } else if (wireType === WIRE_LEN) {
      const len = readVarint(bytes, pos);
      if (varintEnd < 0 || len < 0) return false;
      const runEnd = varintEnd + len;
      if (runEnd > end) return false;
      if (field === 1 || field === 2) {
        const out = field === 1 ? locationIds : values;
        let p = varintEnd;
        while (p < runEnd) {
          const v = readVarint(bytes, p);
          if (varintEnd < 0 || varintEnd > runEnd) return false;
          out.push(v);
          p = varintEnd;
        }
      }
      pos = runEnd;
    } else if (wireType === WIRE_FIXED64) {
      pos += 8;
    } else if (wireType === WIRE_FIXED32) {
      pos += 4;
    } else {
      return false;
    }
  }
  return pos === end;
}

// src/core/profile/errors.ts
var ProfileError = class extends Error {
  constructor(file, code, detail) {
    super(`${file}: ${detail}`);
    this.file = file;
    this.code = code;
    this.detail = detail;
  }
  file;
  code;
  detail;
  name = "ProfileError";
};

// src/core/profile/sampleCollector.ts
var POOL_CHUNK = 1 << 16;
var SampleCollector = class {
  samples = [];
  pool = new Uint32Array(POOL_CHUNK);
  poolUsed = 0;
  totalWeight = 0;
  idleWeight = 0;
  badWeights = 0;
  zeroWeights = 0;
  warnings = [];
  /** Number of samples kept so far. */
  get size() {
    return this.samples.length;
  }
  /**
   * Adds a sample. `stack` holds frame ids leaf first; only its first `length` entries are
   * read. `weight` is in the profile's unit, `count` in profiler samples.
   */
  add(stack, length, weight, count) {
    if (!(weight > 0) || !Number.isFinite(weight)) {
      if (weight === 0) this.zeroWeights++;
      else this.badWeights++;
      return;
    }
    if (this.poolUsed + length > this.pool.length) {
      this.pool = new Uint32Array(Math.max(POOL_CHUNK, length));
      this.poolUsed = 0;
    }
    const start = this.poolUsed;
    for (let i = 0; i < length; i++) this.pool[start + i] = stack[i];
    this.poolUsed += length;
    this.samples.push({ stack: this.pool.subarray(start, start + length), weight, count });
    this.totalWeight += weight;
  }
  /** Adds weight that belongs to V8 `(idle)` samples (kept out of the samples). */
  addIdle(weight) {
    if (weight > 0 && Number.isFinite(weight)) this.idleWeight += weight;
  }
  /**
   * Builds the profile.
   * @throws ProfileError `no-samples` when no sample with a positive weight remains.
   */
  finish(meta) {
    const warnings = [...meta.warnings ?? [], ...this.warnings];
    if (this.badWeights > 0) {
      warnings.push(`${this.badWeights} samples with a negative or invalid ${meta.sampleType.type} value were ignored`);
    }
    if (this.samples.length === 0) {
      const why = this.zeroWeights + this.badWeights > 0 ? `all ${this.zeroWeights + this.badWeights} samples have zero ${meta.sampleType.type} (${meta.sampleType.unit || "value"})` : "it contains no samples";
      const idle = this.idleWeight > 0 ? " (only idle time was recorded)" : "";
      throw new ProfileError(meta.sourcePath, "no-samples", `the profile has no samples: ${why}${idle}`);
    }
    return {
      sourcePath: meta.sourcePath,
      format: meta.format,
      sampleType: meta.sampleType,
      sampleTypes: meta.sampleTypes,
      durationNs: meta.durationNs,
      frames: meta.frames,
      samples: this.samples,
      totalWeight: this.totalWeight,
      idleWeight: this.idleWeight,
      warnings
    };
  }
};

// .scratch/t8.ts
var b = (0, import_node_fs.readFileSync)(process.argv[2]);
var cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e3;
};
for (let r = 0; r < 4; r++) {
  let t = cpu();
  const ranges = [];
  walkFields(b, 0, b.length, (f, w, s, e) => {
    if (f === 2) ranges.push(s, e);
  });
  const tFrame = cpu() - t;
  t = cpu();
  const locs = [], vals = [];
  let n = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    readSampleRecord(b, ranges[i], ranges[i + 1], locs, vals);
    n += locs.length;
  }
  const tDecode = cpu() - t;
  t = cpu();
  const c = new SampleCollector();
  const st = new Uint32Array(64).fill(3);
  for (let i = 0; i < ranges.length; i += 2) c.add(st, 20, 10, 1);
  const tAdd = cpu() - t;
  console.log("frame", tFrame.toFixed(0), "decode", tDecode.toFixed(0), "add", tAdd.toFixed(0), n);
}
