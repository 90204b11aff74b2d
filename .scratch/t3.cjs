"use strict";

// .scratch/t3.ts
var import_node_fs = require("node:fs");
var import_node_zlib = require("node:zlib");

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

// src/core/profile/frameInterner.ts
var FrameInterner = class {
  frames = [];
  /** name → ids of the frames with that name (usually one; one per line for hot functions). */
  byName = /* @__PURE__ */ new Map();
  /** Returns the id (index into {@link FrameInterner.frames}) of the frame, adding it if new. */
  intern(name, file, line, inlined) {
    const bucket = this.byName.get(name);
    if (bucket === void 0) {
      const id2 = this.add(name, file, line, inlined);
      this.byName.set(name, id2);
      return id2;
    }
    if (typeof bucket === "number") {
      if (this.matches(bucket, file, line, inlined)) return bucket;
      const id2 = this.add(name, file, line, inlined);
      this.byName.set(name, [bucket, id2]);
      return id2;
    }
    for (let i = 0; i < bucket.length; i++) {
      if (this.matches(bucket[i], file, line, inlined)) return bucket[i];
    }
    const id = this.add(name, file, line, inlined);
    bucket.push(id);
    return id;
  }
  matches(id, file, line, inlined) {
    const f2 = this.frames[id];
    return f2.line === line && f2.inlined === inlined && f2.file === file;
  }
  add(name, file, line, inlined) {
    this.frames.push({ name, file, line, inlined });
    return this.frames.length - 1;
  }
};

// src/core/profile/pprofColumns.ts
var NS_PER_UNIT = {
  nanoseconds: 1,
  microseconds: 1e3,
  milliseconds: 1e6,
  seconds: 1e9
};
function nsPerUnit(unit) {
  return NS_PER_UNIT[unit];
}
function chooseColumn(types, defaultType, override, sourcePath) {
  if (override !== void 0) {
    const i = types.findIndex((t) => t.type === override || `${t.type}/${t.unit}` === override);
    if (i < 0) {
      const offered = types.map((t) => `${t.type}/${t.unit}`).join(", ") || "none";
      throw new ProfileError(
        sourcePath,
        "unknown-sample-type",
        `the profile has no sample type "${override}"; it offers: ${offered}`
      );
    }
    return i;
  }
  if (defaultType) {
    const i = types.findIndex((t) => t.type === defaultType);
    if (i >= 0) return i;
  }
  const cpu = types.findIndex((t) => t.type === "cpu");
  if (cpu >= 0) return cpu;
  const time = types.findIndex((t) => nsPerUnit(t.unit) !== void 0);
  if (time >= 0) return time;
  return types.length - 1;
}
function countColumn(types) {
  return types.findIndex((t) => (t.type === "samples" || t.type === "sample") && t.unit === "count");
}

// src/core/profile/fileUrl.ts
var import_node_url = require("node:url");
function fileUrlToPath(url) {
  if (!url.startsWith("file://")) return url;
  try {
    return (0, import_node_url.fileURLToPath)(url);
  } catch {
    const rest = url.slice("file://".length);
    try {
      return decodeURIComponent(rest);
    } catch {
      return rest;
    }
  }
}

// src/core/profile/pprofFrames.ts
var TWO_32 = 2 ** 32;
function functionName(name, systemName, filename) {
  let chosen = name;
  if (systemName && (!name || name !== systemName && name.includes(systemName))) chosen = systemName;
  if (!systemName && filename && chosen.startsWith(filename + ":")) {
    const dash = chosen.indexOf(" - ", filename.length);
    if (dash > 0 && /^:-?\d+$/.test(chosen.slice(filename.length, dash))) chosen = chosen.slice(dash + 3);
  }
  return chosen;
}
function functionFile(filename) {
  return filename.startsWith("file://") ? fileUrlToPath(filename) : filename;
}
function lineNumber(line, startLine) {
  let l = line;
  if (l >= TWO_32) l = l % TWO_32;
  if (l > 0) return l;
  return startLine > 0 && startLine < TWO_32 ? startLine : 0;
}

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

// src/core/profile/pprof.ts
var F = {
  sampleType: 1,
  sample: 2,
  location: 4,
  function: 5,
  stringTable: 6,
  durationNanos: 10,
  defaultSampleType: 14
};
function decodeLocation(bytes, start, end, raw) {
  let id = 0;
  let address = 0;
  let ok = true;
  const problem = walkFields(bytes, start, end, (field, wireType, s, e) => {
    if (wireType === WIRE_VARINT) {
      if (field === 1) id = readVarint(bytes, s);
      else if (field === 3) address = readVarint(bytes, s);
    } else if (wireType === WIRE_LEN && field === 4) {
      let fn = 0;
      let line = 0;
      const lineProblem = walkFields(bytes, s, e, (lf, lw, ls) => {
        if (lw !== WIRE_VARINT) return;
        if (lf === 1) fn = readVarint(bytes, ls);
        else if (lf === 2) line = readVarint(bytes, ls);
      });
      if (lineProblem) ok = false;
      raw.lineFunction.push(fn);
      raw.lineLine.push(line);
    }
  });
  raw.locId.push(id);
  raw.locAddress.push(address);
  raw.locLineStart.push(raw.lineFunction.length);
  return ok && !problem;
}
function decodeFunction(bytes, start, end, raw) {
  const fields = [0, 0, 0, 0, 0];
  const problem = walkFields(bytes, start, end, (field, wireType, s) => {
    if (wireType === WIRE_VARINT && field >= 1 && field <= 5) fields[field - 1] = readVarint(bytes, s);
  });
  raw.functions.push(...fields);
  return !problem;
}
function decodeValueType(bytes, start, end, raw) {
  let type = 0;
  let unit = 0;
  const problem = walkFields(bytes, start, end, (field, wireType, s) => {
    if (wireType !== WIRE_VARINT) return;
    if (field === 1) type = readVarint(bytes, s);
    else if (field === 2) unit = readVarint(bytes, s);
  });
  raw.sampleTypes.push(type, unit);
  return !problem;
}
function frameProfile(bytes, sourcePath) {
  const raw = {
    sampleTypes: [],
    sampleRanges: [],
    locId: [],
    locAddress: [],
    locLineStart: [0],
    lineFunction: [],
    lineLine: [],
    functions: [],
    strings: [],
    durationNanos: 0,
    defaultSampleType: 0
  };
  const utf8 = new TextDecoder("utf-8");
  let malformed = "";
  const problem = walkFields(bytes, 0, bytes.length, (field, wireType, start, end) => {
    if (wireType === WIRE_LEN) {
      switch (field) {
        case F.sample:
          raw.sampleRanges.push(start, end);
          return;
        case F.stringTable:
          raw.strings.push(utf8.decode(bytes.subarray(start, end)));
          return;
        case F.location:
          if (!decodeLocation(bytes, start, end, raw)) malformed ||= `location at byte ${start}`;
          return;
        case F.function:
          if (!decodeFunction(bytes, start, end, raw)) malformed ||= `function at byte ${start}`;
          return;
        case F.sampleType:
          if (!decodeValueType(bytes, start, end, raw)) malformed ||= `sample type at byte ${start}`;
          return;
      }
    } else if (wireType === WIRE_VARINT) {
      if (field === F.durationNanos) raw.durationNanos = readVarint(bytes, start);
      else if (field === F.defaultSampleType) raw.defaultSampleType = readVarint(bytes, start);
    }
  });
  if (problem?.kind === "truncated") {
    throw new ProfileError(
      sourcePath,
      "truncated-protobuf",
      `the pprof data is truncated: a field at byte ${problem.offset} runs past the end (${bytes.length} bytes); the file was probably cut off while being written or copied`
    );
  }
  if (problem) {
    throw new ProfileError(
      sourcePath,
      "not-a-profile",
      `not a valid pprof protobuf: invalid field (wire type ${problem.wireType}) at byte ${problem.offset}`
    );
  }
  if (malformed) {
    throw new ProfileError(sourcePath, "truncated-protobuf", `the pprof data is corrupt or truncated: malformed ${malformed}`);
  }
  return raw;
}
function hexAddress(address) {
  const unsigned = address >= 0 ? BigInt(address) : BigInt.asUintN(64, BigInt(Math.trunc(address)));
  return `0x${unsigned.toString(16)}`;
}
function dangling(sourcePath, what) {
  return new ProfileError(
    sourcePath,
    "truncated-protobuf",
    `the pprof data is truncated or corrupt: ${what} (a dangling reference)`
  );
}
function parsePprof(bytes, sourcePath, options = {}) {
  const raw = frameProfile(bytes, sourcePath);
  const { strings } = raw;
  const str = (i, what) => {
    const s = strings[i];
    if (s === void 0) throw dangling(sourcePath, `${what} refers to string ${i}, but the string table has ${strings.length} entries`);
    return s;
  };
  const sampleTypes = [];
  for (let i = 0; i < raw.sampleTypes.length; i += 2) {
    const type = str(raw.sampleTypes[i], `sample type ${i / 2}`);
    const unit = str(raw.sampleTypes[i + 1], `sample type ${i / 2}`);
    sampleTypes.push({ type: type || "value", unit });
  }
  const sampleCount = raw.sampleRanges.length / 2;
  if (sampleCount === 0) {
    throw new ProfileError(sourcePath, "no-samples", "the profile has no samples (nothing was recorded, e.g. an idle process or a profile stopped at once)");
  }
  if (sampleTypes.length === 0) {
    throw dangling(sourcePath, `the profile has ${sampleCount} samples but no sample types`);
  }
  const defaultType = raw.defaultSampleType ? str(raw.defaultSampleType, "default_sample_type") : "";
  const column = chooseColumn(sampleTypes, defaultType, options.sampleType, sourcePath);
  const chosen = sampleTypes[column];
  const scale = nsPerUnit(chosen.unit) ?? 1;
  const sampleType = nsPerUnit(chosen.unit) !== void 0 ? { type: chosen.type, unit: "nanoseconds" } : chosen;
  const countCol = countColumn(sampleTypes);
  const fnIndex = /* @__PURE__ */ new Map();
  const fnName = [];
  const fnFile = [];
  const fnStart = [];
  const fns = raw.functions;
  for (let k = 0; k < fns.length; k += 5) {
    const id = fns[k];
    const what = `function ${id}`;
    const file = str(fns[k + 3], what);
    fnIndex.set(id, fnName.length);
    fnName.push(functionName(str(fns[k + 1], what), str(fns[k + 2], what), file));
    fnFile.push(functionFile(file));
    fnStart.push(fns[k + 4]);
  }
  const locationCount = raw.locId.length;
  const locationIndex = /* @__PURE__ */ new Map();
  for (let i = 0; i < locationCount; i++) locationIndex.set(raw.locId[i], i);
  if (locationCount > 0 && raw.lineFunction.length === 0) {
    throw new ProfileError(
      sourcePath,
      "unsymbolized",
      `the profile is unsymbolized: its ${locationCount} locations have addresses only, no function names or lines; symbolize it first (e.g. \`go tool pprof -proto <binary> <profile> > symbolized.pb.gz\`)`
    );
  }
  const interner = new FrameInterner();
  const expanded = new Array(locationCount);
  let addressOnly = 0;
  const expand = (index) => {
    const first = raw.locLineStart[index];
    const n = raw.locLineStart[index + 1] - first;
    let ids;
    if (n === 0) {
      addressOnly++;
      ids = Uint32Array.of(interner.intern(hexAddress(raw.locAddress[index]), "", 0, false));
    } else {
      ids = new Uint32Array(n);
      for (let j = 0; j < n; j++) {
        const fnId = raw.lineFunction[first + j];
        const f2 = fnIndex.get(fnId);
        if (f2 === void 0) throw dangling(sourcePath, `location ${raw.locId[index]} refers to function ${fnId}, which the file does not define`);
        const name = fnName[f2] || hexAddress(raw.locAddress[index]);
        ids[j] = interner.intern(name, fnFile[f2], lineNumber(raw.lineLine[first + j], fnStart[f2]), j < n - 1);
      }
    }
    expanded[index] = ids;
    return ids;
  };
  const collector = new SampleCollector();
  const locationIds = [];
  const values = [];
  let stack = [];
  for (let s = 0; s < sampleCount; s++) {
    const start = raw.sampleRanges[2 * s];
    const end = raw.sampleRanges[2 * s + 1];
    if (!readSampleRecord(bytes, start, end, locationIds, values)) {
      throw new ProfileError(sourcePath, "truncated-protobuf", `the pprof data is corrupt or truncated: sample ${s} is malformed`);
    }
    if (values.length !== sampleTypes.length) {
      throw new ProfileError(
        sourcePath,
        "truncated-protobuf",
        `the pprof data is truncated or corrupt: sample ${s} has ${values.length} values but the profile declares ${sampleTypes.length} sample types`
      );
    }
    let depth = 0;
    for (let k = 0; k < locationIds.length; k++) {
      const index = locationIndex.get(locationIds[k]);
      if (index === void 0) throw dangling(sourcePath, `sample ${s} refers to location ${locationIds[k]}, which the file does not define`);
      const ids = expanded[index] ?? expand(index);
      if (depth + ids.length > stack.length) stack = stack.concat(new Array(ids.length + 64).fill(0));
      for (let j = 0; j < ids.length; j++) stack[depth++] = ids[j];
    }
    const weight = values[column] * scale;
    const count = countCol >= 0 ? values[countCol] : 1;
    collector.add(stack, depth, weight, count);
  }
  const warnings = [];
  if (addressOnly > 0) warnings.push(`${addressOnly} locations have addresses only (no function or line); they are shown as 0x\u2026 frames`);
  return collector.finish({
    sourcePath,
    format: "pprof",
    sampleType,
    sampleTypes,
    durationNs: raw.durationNanos > 0 ? raw.durationNanos : void 0,
    frames: interner.frames,
    warnings
  });
}

// .scratch/t3.ts
var f = "fixtures/third-party/pprof/google-pprof_large.cpu.pb.gz";
var b = (0, import_node_zlib.gunzipSync)((0, import_node_fs.readFileSync)(f));
var u = new Uint8Array(b.buffer, b.byteOffset, b.length);
var times = [];
for (let i = 0; i < 15; i++) {
  const t0 = performance.now();
  parsePprof(u, f);
  times.push(performance.now() - t0);
}
times.sort((a, b2) => a - b2);
console.log("min", times[0].toFixed(0), "median", times[7].toFixed(0));
