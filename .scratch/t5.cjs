"use strict";

// .scratch/t5.ts
var import_node_fs = require("node:fs");

// src/core/profile/read.ts
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
  byName = /* @__PURE__ */ new Map();
  /** Returns the id (index into {@link FrameInterner.frames}) of the frame, adding it if new. */
  intern(name, file, line, inlined) {
    const entry = this.byName.get(name);
    if (entry === void 0) {
      const id2 = this.add(name, file, line, inlined);
      this.byName.set(name, id2);
      return id2;
    }
    let bucket;
    if (typeof entry === "number") {
      const f2 = this.frames[entry];
      if (f2.line === line && f2.inlined === inlined && f2.file === file) return entry;
      bucket = /* @__PURE__ */ new Map([[f2.file, /* @__PURE__ */ new Map([[lineKey(f2.line, f2.inlined), entry]])]]);
      this.byName.set(name, bucket);
    } else {
      bucket = entry;
    }
    let lines = bucket.get(file);
    if (lines === void 0) {
      lines = /* @__PURE__ */ new Map();
      bucket.set(file, lines);
    }
    const key = lineKey(line, inlined);
    let id = lines.get(key);
    if (id === void 0) {
      id = this.add(name, file, line, inlined);
      lines.set(key, id);
    }
    return id;
  }
  add(name, file, line, inlined) {
    this.frames.push({ name, file, line, inlined });
    return this.frames.length - 1;
  }
};
function lineKey(line, inlined) {
  return line * 2 + (inlined ? 1 : 0);
}

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

// src/core/profile/v8Tree.ts
var V8_SAMPLE_TYPES = [
  { type: "cpu", unit: "nanoseconds" },
  { type: "samples", unit: "count" }
];
var LINE_SPAN = 2 ** 21;
function addV8Samples(thread, interner, collector, byCount, sourcePath) {
  const { nodes, samples, timestampsUs, endTimeUs, lines } = thread;
  const indexById = /* @__PURE__ */ new Map();
  nodes.forEach((n, i) => indexById.set(n.id, i));
  const parentIndex = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const p = nodes[i].parent;
    const pi = p === void 0 ? -1 : indexById.get(p);
    if (pi === void 0) throw new ProfileError(sourcePath, "bad-reference", `node ${nodes[i].id} names parent ${p}, which is not in the profile`);
    parentIndex[i] = pi;
  }
  const nodeWeight = new Float64Array(nodes.length);
  const nodeCount = new Float64Array(nodes.length);
  const lineAgg = /* @__PURE__ */ new Map();
  for (let i = 0; i < samples.length; i++) {
    const index = indexById.get(samples[i]);
    if (index === void 0) throw new ProfileError(sourcePath, "bad-reference", `sample ${i} names node ${samples[i]}, which is not in the profile`);
    const next = i + 1 < samples.length ? timestampsUs[i + 1] : endTimeUs;
    const w = byCount ? 1 : Math.max(0, next - timestampsUs[i]) * 1e3;
    const line = lines?.[i] ?? 0;
    if (line > 0 && line < LINE_SPAN) {
      const key = index * LINE_SPAN + line;
      const agg = lineAgg.get(key);
      if (agg) {
        agg[0] += w;
        agg[1] += 1;
      } else {
        lineAgg.set(key, [w, 1]);
      }
    } else {
      nodeWeight[index] += w;
      nodeCount[index] += 1;
    }
  }
  const callerFrame = new Int32Array(nodes.length).fill(-1);
  const kind = nodes.map((n) => n.functionName === "(root)" && n.parent === void 0 ? "root" : n.functionName === "(idle)" ? "idle" : "frame");
  const frameOf = (i, line) => {
    const n = nodes[i];
    const own = n.lineNumber >= 0 ? n.lineNumber + 1 : 0;
    if (line === void 0 && callerFrame[i] >= 0) return callerFrame[i];
    const id = interner.intern(n.functionName || "(anonymous)", fileUrlToPath(n.url), line ?? own, false);
    if (line === void 0) callerFrame[i] = id;
    return id;
  };
  const stack = [];
  const emit = (index, leafLine, weight, count) => {
    if (kind[index] === "idle") {
      collector.addIdle(weight);
      return;
    }
    stack.length = 0;
    let depth = 0;
    for (let i = index; i >= 0 && depth <= nodes.length; i = parentIndex[i], depth++) {
      if (kind[i] === "root") continue;
      stack.push(i === index ? frameOf(i, leafLine) : frameOf(i));
    }
    collector.add(stack, stack.length, weight, count);
  };
  for (let index = 0; index < nodes.length; index++) {
    const weight = nodeWeight[index];
    const count = nodeCount[index];
    if (count === 0) continue;
    const ticks = nodes[index].positionTicks?.filter((t) => t.line > 0 && t.ticks > 0) ?? [];
    if (ticks.length === 0 || kind[index] !== "frame") {
      emit(index, void 0, weight, count);
      continue;
    }
    const totalTicks = ticks.reduce((a, t) => a + t.ticks, 0);
    const counts = apportion(count, ticks.map((t) => t.ticks / totalTicks));
    ticks.forEach((t, k) => emit(index, t.line, byCount ? counts[k] : weight * t.ticks / totalTicks, counts[k]));
  }
  for (const [key, [weight, count]] of lineAgg) {
    const index = Math.floor(key / LINE_SPAN);
    emit(index, key - index * LINE_SPAN, weight, count);
  }
}
function apportion(total, shares) {
  const exact = shares.map((s) => s * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b2) => a + b2, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i]).sort((a, b2) => b2[0] - a[0]);
  for (let k = 0; left > 0 && k < order.length; k++, left--) out[order[k][1]]++;
  return out;
}

// src/core/profile/v8.ts
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var numberOr = (v, fallback) => typeof v === "number" && Number.isFinite(v) ? v : fallback;
var stringOr = (v) => typeof v === "string" ? v : "";
function looksLikeCpuProfile(json) {
  return isObject(json) && (Array.isArray(json.nodes) && Array.isArray(json.samples) || isObject(json.head) && Array.isArray(json.samples));
}
function toV8Node(raw, parent, sourcePath) {
  if (!isObject(raw) || typeof raw.id !== "number") {
    throw new ProfileError(sourcePath, "not-a-profile", "a profile node has no numeric `id`; this is not a V8 CPU profile");
  }
  const frame = isObject(raw.callFrame) ? raw.callFrame : raw;
  const ticks = Array.isArray(raw.positionTicks) ? raw.positionTicks.filter(isObject).map((t) => ({ line: numberOr(t.line, 0), ticks: numberOr(t.ticks, 0) })) : void 0;
  return {
    id: raw.id,
    parent: typeof raw.parent === "number" ? raw.parent : parent,
    functionName: stringOr(frame.functionName),
    url: stringOr(frame.url),
    lineNumber: numberOr(frame.lineNumber, -1),
    positionTicks: ticks
  };
}
function parentsFromChildren(rawNodes) {
  const parents = /* @__PURE__ */ new Map();
  for (const n of rawNodes) {
    if (!isObject(n) || typeof n.id !== "number" || !Array.isArray(n.children)) continue;
    for (const c of n.children) if (typeof c === "number") parents.set(c, n.id);
  }
  return parents;
}
function timestampsFromDeltas(startUs, deltas) {
  const out = new Array(deltas.length);
  let t = startUs;
  for (let i = 0; i < deltas.length; i++) {
    t += Math.max(0, numberOr(deltas[i], 0));
    out[i] = t;
  }
  return out;
}
function numbers(v, what, sourcePath) {
  if (!Array.isArray(v) || !v.every((x) => typeof x === "number")) {
    throw new ProfileError(sourcePath, "not-a-profile", `\`${what}\` is not an array of numbers; this is not a V8 CPU profile`);
  }
  return v;
}
function fromCdp(json, sourcePath) {
  const rawNodes = json.nodes;
  const parents = parentsFromChildren(rawNodes);
  const nodes = rawNodes.map((n) => toV8Node(n, isObject(n) && typeof n.id === "number" ? parents.get(n.id) : void 0, sourcePath));
  const samples = numbers(json.samples, "samples", sourcePath);
  const start = numberOr(json.startTime, 0);
  const end = numberOr(json.endTime, start);
  let timestamps;
  if (json.timeDeltas === void 0) {
    const step = samples.length > 0 ? Math.max(0, end - start) / samples.length : 0;
    timestamps = samples.map((_, i) => start + i * step);
  } else {
    const deltas = numbers(json.timeDeltas, "timeDeltas", sourcePath);
    if (deltas.length !== samples.length) {
      throw new ProfileError(sourcePath, "bad-reference", `the profile has ${samples.length} samples but ${deltas.length} timeDeltas`);
    }
    timestamps = timestampsFromDeltas(start, deltas);
  }
  const last = timestamps.length > 0 ? timestamps[timestamps.length - 1] : start;
  return {
    thread: { nodes, samples, timestampsUs: timestamps, endTimeUs: Math.max(end, last) },
    durationNs: end > start ? (end - start) * 1e3 : void 0
  };
}
function fromLegacyHead(json, sourcePath) {
  const nodes = [];
  const pending = [{ raw: json.head, parent: void 0 }];
  while (pending.length > 0) {
    const { raw, parent } = pending.pop();
    const node = toV8Node(raw, parent, sourcePath);
    nodes.push(node);
    const children = raw.children;
    if (Array.isArray(children)) for (const c of children) pending.push({ raw: c, parent: node.id });
  }
  const samples = numbers(json.samples, "samples", sourcePath);
  const startS = numberOr(json.startTime, 0);
  const endS = numberOr(json.endTime, startS);
  let timestamps;
  let startUs = startS * 1e6;
  if (Array.isArray(json.timestamps)) {
    timestamps = numbers(json.timestamps, "timestamps", sourcePath);
    if (timestamps.length === samples.length + 1) {
      startUs = timestamps[0];
      timestamps = timestamps.slice(1);
    }
    if (timestamps.length !== samples.length) {
      throw new ProfileError(sourcePath, "bad-reference", `the profile has ${samples.length} samples but ${timestamps.length} timestamps`);
    }
    let prev = -Infinity;
    timestamps = timestamps.map((t) => prev = Math.max(prev, t));
  } else {
    const step = samples.length > 0 ? Math.max(0, endS - startS) * 1e6 / samples.length : 0;
    timestamps = samples.map((_, i) => startUs + i * step);
  }
  const last = timestamps.length > 0 ? timestamps[timestamps.length - 1] : startUs;
  const endUs = Math.max(endS * 1e6, last);
  return {
    thread: { nodes, samples, timestampsUs: timestamps, endTimeUs: endUs },
    durationNs: endUs > startUs ? (endUs - startUs) * 1e3 : void 0
  };
}
function parseV8CpuProfile(json, sourcePath, options = {}) {
  if (!looksLikeCpuProfile(json)) {
    throw new ProfileError(sourcePath, "not-a-profile", "this JSON is not a V8 CPU profile (no `nodes` and `samples`)");
  }
  const obj = json;
  const column = chooseColumn(V8_SAMPLE_TYPES, "cpu", options.sampleType, sourcePath);
  const { thread, durationNs } = Array.isArray(obj.nodes) ? fromCdp(obj, sourcePath) : fromLegacyHead(obj, sourcePath);
  const interner = new FrameInterner();
  const collector = new SampleCollector();
  addV8Samples(thread, interner, collector, column === 1, sourcePath);
  return collector.finish({
    sourcePath,
    format: "v8-cpuprofile",
    sampleType: V8_SAMPLE_TYPES[column],
    sampleTypes: V8_SAMPLE_TYPES,
    durationNs,
    frames: interner.frames
  });
}

// src/core/profile/chromeTrace.ts
var isObject2 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function traceEvents(json) {
  if (Array.isArray(json)) return json;
  if (isObject2(json) && Array.isArray(json.traceEvents)) return json.traceEvents;
  return void 0;
}
var PROFILE_EVENTS = /* @__PURE__ */ new Set(["Profile", "ProfileChunk", "CpuProfile"]);
function looksLikeChromeTrace(json) {
  const events = traceEvents(json);
  return events !== void 0 && events.some((e) => isObject2(e) && typeof e.name === "string" && PROFILE_EVENTS.has(e.name));
}
function looksLikeTraceWithoutProfile(json) {
  const events = traceEvents(json);
  return events !== void 0 && events.length > 0 && events.slice(0, 20).some((e) => isObject2(e) && typeof e.ph === "string");
}
function parseChromeTrace(json, sourcePath, options = {}) {
  const events = traceEvents(json) ?? [];
  const legacy = events.find((e) => isObject2(e) && e.name === "CpuProfile");
  const threads = /* @__PURE__ */ new Map();
  for (const e of events) {
    if (!isObject2(e) || e.name !== "Profile" && e.name !== "ProfileChunk") continue;
    const key = `${String(e.pid)}\0${String(e.id)}`;
    const data = isObject2(e.args) && isObject2(e.args.data) ? e.args.data : {};
    let thread = threads.get(key);
    if (!thread) {
      thread = { startUs: NaN, endUs: void 0, rawNodes: [], samples: [], deltas: [], lines: [], hasLines: false };
      threads.set(key, thread);
    }
    if (typeof data.startTime === "number") thread.startUs = data.startTime;
    if (typeof data.endTime === "number") thread.endUs = data.endTime;
    const cpu = isObject2(data.cpuProfile) ? data.cpuProfile : void 0;
    if (!cpu) continue;
    if (Array.isArray(cpu.nodes)) thread.rawNodes.push(...cpu.nodes);
    const samples = Array.isArray(cpu.samples) ? cpu.samples.filter((s) => typeof s === "number") : [];
    const deltas = Array.isArray(data.timeDeltas) ? data.timeDeltas : Array.isArray(cpu.timeDeltas) ? cpu.timeDeltas : [];
    const lines = Array.isArray(data.lines) ? data.lines : Array.isArray(cpu.lines) ? cpu.lines : void 0;
    for (let i = 0; i < samples.length; i++) {
      thread.samples.push(samples[i]);
      thread.deltas.push(deltas[i] ?? 0);
      const line = lines?.[i];
      thread.lines.push(typeof line === "number" ? line : 0);
    }
    if (lines) thread.hasLines = true;
  }
  const sampled = [...threads.values()].filter((t) => t.samples.length > 0);
  if (sampled.length === 0 && legacy && isObject2(legacy.args) && isObject2(legacy.args.data) && looksLikeCpuProfile(legacy.args.data.cpuProfile)) {
    const profile = parseV8CpuProfile(legacy.args.data.cpuProfile, sourcePath, options);
    return { ...profile, format: "chrome-trace" };
  }
  if (sampled.length === 0) {
    throw new ProfileError(
      sourcePath,
      "no-samples",
      'the trace has no CPU samples (record it with the "JavaScript samples" / v8.cpu_profiler category enabled)'
    );
  }
  const column = chooseColumn(V8_SAMPLE_TYPES, "cpu", options.sampleType, sourcePath);
  const interner = new FrameInterner();
  const collector = new SampleCollector();
  let durationUs = 0;
  for (const t of sampled) {
    const parents = parentsFromChildren(t.rawNodes);
    const seen = /* @__PURE__ */ new Set();
    const nodes = [];
    for (const raw of t.rawNodes) {
      const node = toV8Node(raw, isObject2(raw) && typeof raw.id === "number" ? parents.get(raw.id) : void 0, sourcePath);
      if (!seen.has(node.id)) nodes.push(node);
      seen.add(node.id);
    }
    const start = Number.isFinite(t.startUs) ? t.startUs : 0;
    const timestampsUs = timestampsFromDeltas(start, t.deltas);
    const last = timestampsUs[timestampsUs.length - 1];
    const endTimeUs = t.endUs !== void 0 && t.endUs >= last ? t.endUs : last;
    durationUs += endTimeUs - start;
    addV8Samples(
      { nodes, samples: t.samples, timestampsUs, endTimeUs, lines: t.hasLines ? t.lines : void 0 },
      interner,
      collector,
      column === 1,
      sourcePath
    );
  }
  const warnings = sampled.length > 1 ? [`the trace holds ${sampled.length} profiled threads; their samples are merged`] : [];
  return collector.finish({
    sourcePath,
    format: "chrome-trace",
    sampleType: V8_SAMPLE_TYPES[column],
    sampleTypes: V8_SAMPLE_TYPES,
    durationNs: sampled.length === 1 && durationUs > 0 ? durationUs * 1e3 : void 0,
    frames: interner.frames,
    warnings
  });
}

// src/core/profile/detectFormat.ts
var LEGACY_TEXT_PREFIXES = [
  "heap profile:",
  "heap_v2/",
  "--- heapz",
  "--- contention",
  "--- mutex",
  "goroutine profile:",
  "threadcreate profile:"
];
function detectFormat(bytes) {
  if (bytes.length >= 2 && bytes[0] === 31 && bytes[1] === 139) return "gzip";
  if (isLegacyGoCpu(bytes)) return "legacy-go-profile";
  let i = 0;
  if (bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191) i = 3;
  while (i < bytes.length && (bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 10 || bytes[i] === 13)) i++;
  if (i >= bytes.length) return "blank";
  if (bytes[i] === 123 || bytes[i] === 91) return "json";
  if (looksLikeText(bytes)) {
    const head = new TextDecoder().decode(bytes.subarray(i, Math.min(bytes.length, i + 64)));
    if (LEGACY_TEXT_PREFIXES.some((p) => head.startsWith(p))) return "legacy-go-profile";
    return "text";
  }
  if (looksLikePprofTag(bytes[0])) return "pprof";
  return "unknown";
}
function looksLikePprofTag(b2) {
  const field = b2 >> 3;
  const wire = b2 & 7;
  return field >= 1 && field <= 15 && (wire === 0 || wire === 2);
}
function looksLikeText(bytes) {
  const n = Math.min(bytes.length, 4096);
  for (let i = 0; i < n; i++) {
    const b2 = bytes[i];
    if (b2 < 9 || b2 > 13 && b2 < 32 || b2 === 127) return false;
  }
  return true;
}
function word(bytes, offset, size, littleEndian) {
  let v = 0;
  for (let k = 0; k < size; k++) {
    const b2 = bytes[offset + (littleEndian ? size - 1 - k : k)];
    v = v * 256 + b2;
  }
  return v;
}
function isLegacyGoCpu(bytes) {
  for (const size of [8, 4]) {
    if (bytes.length < size * 5) continue;
    for (const le of [true, false]) {
      if (word(bytes, 0, size, le) === 0 && word(bytes, size, size, le) === 3 && word(bytes, 2 * size, size, le) === 0) return true;
    }
  }
  return false;
}

// src/core/profile/folded.ts
var SAMPLE_TYPES = [{ type: "samples", unit: "count" }];
var COUNT = /^\d+(?:\.\d*)?$/;
var isSpace = (c) => c === 32 || c >= 9 && c <= 13;
function splitLast(text) {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  let i = end - 1;
  while (i >= 0 && !isSpace(text.charCodeAt(i))) i--;
  if (i < 0) return void 0;
  let j = i;
  while (j > 0 && isSpace(text.charCodeAt(j - 1))) j--;
  return [text.slice(0, j), text.slice(i + 1, end)];
}
function parseFolded(text, sourcePath, options = {}) {
  chooseColumn(SAMPLE_TYPES, "", options.sampleType, sourcePath);
  const interner = new FrameInterner();
  const frameIds = /* @__PURE__ */ new Map();
  const stacks = /* @__PURE__ */ new Map();
  let invalid = 0;
  let differential = 0;
  let valid = 0;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === "") continue;
    if (line.startsWith("#") || line.startsWith("//")) continue;
    let split = splitLast(line);
    if (!split || !COUNT.test(split[1])) {
      invalid++;
      continue;
    }
    const inner = splitLast(split[0]);
    if (inner && COUNT.test(inner[1]) && inner[0] !== "") {
      differential++;
      split = [inner[0], split[1]];
    }
    const [stackText, countText] = split;
    const count = Number(countText);
    const names = stackText.split(";").filter((n) => n !== "");
    if (names.length === 0) {
      invalid++;
      continue;
    }
    valid++;
    const entry = stacks.get(stackText);
    if (entry) {
      entry.count += count;
      continue;
    }
    const ids = new Array(names.length);
    for (let k = 0; k < names.length; k++) {
      const name = names[names.length - 1 - k];
      let id = frameIds.get(name);
      if (id === void 0) {
        id = interner.intern(name, "", 0, false);
        frameIds.set(name, id);
      }
      ids[k] = id;
    }
    stacks.set(stackText, { ids, count });
  }
  if (valid === 0 || invalid > valid) {
    throw new ProfileError(
      sourcePath,
      "not-a-profile",
      `not a recognised profile: the text is not folded stacks (\`frame;frame;leaf COUNT\`): ${valid} of ${valid + invalid} lines have that form`
    );
  }
  const collector = new SampleCollector();
  for (const { ids, count } of stacks.values()) collector.add(ids, ids.length, count, count);
  const warnings = [];
  if (invalid > 0) warnings.push(`${invalid} invalid lines skipped (not \`frame;\u2026;frame COUNT\`)`);
  if (differential > 0) warnings.push(`${differential} lines carry two counts (a difffolded.pl file); the second (after) count is used`);
  return collector.finish({
    sourcePath,
    format: "folded",
    sampleType: SAMPLE_TYPES[0],
    sampleTypes: SAMPLE_TYPES,
    durationNs: void 0,
    frames: interner.frames,
    warnings
  });
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
function indexLocations(ids) {
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  if (max <= 4 * ids.length + 1024 && ids.every((id) => Number.isInteger(id) && id >= 0)) {
    const dense = new Int32Array(max + 1).fill(-1);
    ids.forEach((id, i) => dense[id] = i);
    return (id) => id >= 0 && id <= max ? dense[id] : -1;
  }
  const map = /* @__PURE__ */ new Map();
  ids.forEach((id, i) => map.set(id, i));
  return (id) => map.get(id) ?? -1;
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
  if (locationCount > 0 && raw.lineFunction.length === 0) {
    throw new ProfileError(
      sourcePath,
      "unsymbolized",
      `the profile is unsymbolized: its ${locationCount} locations have addresses only, no function names or lines; symbolize it first (e.g. \`go tool pprof -proto <binary> <profile> > symbolized.pb.gz\`)`
    );
  }
  const locationIndex = indexLocations(raw.locId);
  const interner = new FrameInterner();
  const frameStart = new Int32Array(locationCount + 1);
  const frameIds = new Uint32Array(raw.lineFunction.length + locationCount);
  let addressOnly = 0;
  let used = 0;
  for (let i = 0; i < locationCount; i++) {
    frameStart[i] = used;
    const first = raw.locLineStart[i];
    const n = raw.locLineStart[i + 1] - first;
    if (n === 0) {
      addressOnly++;
      frameIds[used++] = interner.intern(hexAddress(raw.locAddress[i]), "", 0, false);
      continue;
    }
    for (let j = 0; j < n; j++) {
      const fnId = raw.lineFunction[first + j];
      const f2 = fnIndex.get(fnId);
      if (f2 === void 0) throw dangling(sourcePath, `location ${raw.locId[i]} refers to function ${fnId}, which the file does not define`);
      const name = fnName[f2] || hexAddress(raw.locAddress[i]);
      frameIds[used++] = interner.intern(name, fnFile[f2], lineNumber(raw.lineLine[first + j], fnStart[f2]), j < n - 1);
    }
  }
  frameStart[locationCount] = used;
  const collector = new SampleCollector();
  const locationIds = [];
  const values = [];
  let stack = new Uint32Array(256);
  const ranges = raw.sampleRanges;
  for (let s = 0; s < sampleCount; s++) {
    if (!readSampleRecord(bytes, ranges[2 * s], ranges[2 * s + 1], locationIds, values)) {
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
      const index = locationIndex(locationIds[k]);
      if (index < 0) throw dangling(sourcePath, `sample ${s} refers to location ${locationIds[k]}, which the file does not define`);
      const from = frameStart[index];
      const to = frameStart[index + 1];
      if (depth + (to - from) > stack.length) {
        const grown = new Uint32Array(2 * (depth + (to - from)));
        grown.set(stack);
        stack = grown;
      }
      for (let j = from; j < to; j++) stack[depth++] = frameIds[j];
    }
    collector.add(stack, depth, values[column] * scale, countCol >= 0 ? values[countCol] : 1);
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

// src/core/profile/speedscope.ts
var isObject3 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function looksLikeSpeedscope(json) {
  if (!isObject3(json)) return false;
  if (typeof json.$schema === "string" && json.$schema.includes("speedscope")) return true;
  return isObject3(json.shared) && Array.isArray(json.shared.frames) && Array.isArray(json.profiles);
}
function columnFor(unit) {
  if (nsPerUnit(unit) !== void 0) return { type: "cpu", unit: "nanoseconds" };
  if (unit === "bytes") return { type: "space", unit: "bytes" };
  return { type: "samples", unit: "count" };
}
function parseSpeedscope(json, sourcePath, options = {}) {
  if (!looksLikeSpeedscope(json) || !isObject3(json) || !isObject3(json.shared) || !Array.isArray(json.shared.frames) || !Array.isArray(json.profiles)) {
    throw new ProfileError(sourcePath, "not-a-profile", "this JSON is not a speedscope profile (no `shared.frames` and `profiles`)");
  }
  const rawFrames = json.shared.frames;
  const profiles = json.profiles.filter(isObject3);
  if (profiles.length === 0) throw new ProfileError(sourcePath, "no-samples", "the speedscope file contains no profiles");
  const firstUnit = typeof profiles[0].unit === "string" ? profiles[0].unit : "none";
  const sampleType = columnFor(firstUnit);
  chooseColumn([sampleType], "", options.sampleType, sourcePath);
  const interner = new FrameInterner();
  const frameIds = new Array(rawFrames.length);
  const frameId = (index) => {
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= rawFrames.length) {
      throw new ProfileError(sourcePath, "bad-reference", `a sample names frame ${String(index)}, but the file has ${rawFrames.length} frames`);
    }
    const cached = frameIds[index];
    if (cached !== void 0) return cached;
    const f2 = isObject3(rawFrames[index]) ? rawFrames[index] : {};
    const name = typeof f2.name === "string" && f2.name !== "" ? f2.name : "(anonymous)";
    const file = typeof f2.file === "string" ? fileUrlToPath(f2.file) : "";
    const line = typeof f2.line === "number" && f2.line > 0 ? Math.floor(f2.line) : 0;
    const id = interner.intern(name, file, line, false);
    frameIds[index] = id;
    return id;
  };
  const collector = new SampleCollector();
  const warnings = [];
  let skipped = 0;
  let durationNs = 0;
  for (const p of profiles) {
    const unit = typeof p.unit === "string" ? p.unit : "none";
    if (columnFor(unit).type !== sampleType.type) {
      skipped++;
      continue;
    }
    const scale = nsPerUnit(unit) ?? 1;
    if (typeof p.startValue === "number" && typeof p.endValue === "number") durationNs = Math.max(durationNs, (p.endValue - p.startValue) * scale);
    if (p.type === "sampled") addSampled(p, scale, frameId, collector, sourcePath);
    else if (p.type === "evented") addEvented(p, scale, frameId, collector, sourcePath);
    else skipped++;
  }
  if (profiles.length > 1) warnings.push(`the file holds ${profiles.length} profiles; ${profiles.length - skipped} were merged`);
  if (skipped > 0) warnings.push(`${skipped} profiles skipped (another unit than the first profile's "${firstUnit}", or an unknown type)`);
  return collector.finish({
    sourcePath,
    format: "speedscope",
    sampleType,
    sampleTypes: [sampleType],
    durationNs: sampleType.unit === "nanoseconds" && durationNs > 0 ? durationNs : void 0,
    frames: interner.frames,
    warnings
  });
}
function addSampled(p, scale, frameId, collector, sourcePath) {
  const samples = Array.isArray(p.samples) ? p.samples : [];
  const weights = Array.isArray(p.weights) ? p.weights : void 0;
  if (weights && weights.length !== samples.length) {
    throw new ProfileError(sourcePath, "bad-reference", `a sampled profile has ${samples.length} samples but ${weights.length} weights`);
  }
  const stack = [];
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    if (!Array.isArray(s)) continue;
    stack.length = 0;
    for (let k = s.length - 1; k >= 0; k--) stack.push(frameId(s[k]));
    const w = weights ? weights[i] : 1;
    const weight = typeof w === "number" ? w * scale : 0;
    collector.add(stack, stack.length, weight, 1);
  }
}
function addEvented(p, scale, frameId, collector, sourcePath) {
  const events = Array.isArray(p.events) ? p.events.filter(isObject3) : [];
  const open = [];
  const leafFirst = [];
  let last = typeof p.startValue === "number" ? p.startValue : void 0;
  for (const e of events) {
    const at = typeof e.at === "number" ? e.at : NaN;
    if (!Number.isFinite(at)) throw new ProfileError(sourcePath, "not-a-profile", "an evented profile has an event without a numeric `at`");
    if (open.length > 0 && last !== void 0 && at > last) {
      leafFirst.length = 0;
      for (let k = open.length - 1; k >= 0; k--) leafFirst.push(open[k]);
      collector.add(leafFirst, leafFirst.length, (at - last) * scale, 1);
    }
    last = last === void 0 ? at : Math.max(last, at);
    const id = frameId(e.frame);
    if (e.type === "O") open.push(id);
    else if (e.type === "C") {
      const k = open.lastIndexOf(id);
      if (k >= 0) open.splice(k, 1);
    }
  }
}

// src/core/profile/read.ts
function parseProfile(bytes, sourcePath, options = {}) {
  try {
    return parseBytes(bytes, sourcePath, options, false);
  } catch (err) {
    if (err instanceof ProfileError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new ProfileError(sourcePath, "not-a-profile", `could not be read as a profile (${why})`);
  }
}
function parseBytes(bytes, sourcePath, options, gunzipped) {
  const kind = detectFormat(bytes);
  switch (kind) {
    case "blank":
      throw new ProfileError(
        sourcePath,
        "empty-file",
        gunzipped ? "the file is empty once decompressed" : bytes.length === 0 ? "the file is empty (0 bytes); a Go CPU profile stays empty when StopCPUProfile was never called" : "the file contains only whitespace"
      );
    case "gzip":
      if (gunzipped) return parsePprof(bytes, sourcePath, options);
      return parseBytes(gunzip(bytes, sourcePath), sourcePath, options, true);
    case "legacy-go-profile":
      throw new ProfileError(
        sourcePath,
        "legacy-go-profile",
        "this is a legacy (pre-protobuf) Go profile; convert it with `go tool pprof -proto <file> > profile.pb.gz`"
      );
    case "pprof":
      return parsePprof(bytes, sourcePath, options);
    case "json":
      return parseJson(bytes, sourcePath, options);
    case "text":
      return parseFolded(new TextDecoder().decode(bytes), sourcePath, options);
    case "unknown":
      throw new ProfileError(
        sourcePath,
        "not-a-profile",
        "not a recognised profile: expected pprof (protobuf, gzipped or raw), a V8 .cpuprofile, a Chrome trace, speedscope JSON or folded stacks"
      );
  }
}
function gunzip(bytes, sourcePath) {
  try {
    return (0, import_node_zlib.gunzipSync)(bytes);
  } catch (err) {
    const code = err.code;
    if (code === "Z_BUF_ERROR") {
      throw new ProfileError(sourcePath, "truncated-gzip", "the gzip data is truncated (unexpected end of file); the file was probably cut off while being written or copied");
    }
    throw new ProfileError(sourcePath, "truncated-gzip", `the gzip data is corrupt (${err.message}); the file is damaged or was cut off`);
  }
}
function parseJson(bytes, sourcePath, options) {
  const text = new TextDecoder().decode(bytes);
  let json;
  try {
    json = JSON.parse(text);
  } catch (err) {
    try {
      return parseFolded(text, sourcePath, options);
    } catch {
      throw new ProfileError(sourcePath, "not-a-profile", `the file starts like JSON but is not valid JSON (${err.message})`);
    }
  }
  if (looksLikeCpuProfile(json)) return parseV8CpuProfile(json, sourcePath, options);
  if (looksLikeChromeTrace(json)) return parseChromeTrace(json, sourcePath, options);
  if (looksLikeSpeedscope(json)) return parseSpeedscope(json, sourcePath, options);
  if (looksLikeTraceWithoutProfile(json)) {
    throw new ProfileError(
      sourcePath,
      "no-samples",
      'this Chrome trace has no CPU samples (no Profile/ProfileChunk events); record it with the "JavaScript samples" (v8.cpu_profiler) category enabled'
    );
  }
  const keys = json !== null && typeof json === "object" && !Array.isArray(json) ? Object.keys(json).slice(0, 8) : [];
  if (keys.includes("flamebearer")) {
    throw new ProfileError(sourcePath, "not-a-profile", "this is Pyroscope flamebearer JSON, which has function names only; export the profile as pprof instead");
  }
  const shape = keys.length > 0 ? `top-level keys: ${keys.join(", ")}` : Array.isArray(json) ? "an array without trace events" : `a JSON ${json === null ? "null" : typeof json}`;
  throw new ProfileError(
    sourcePath,
    "not-a-profile",
    `JSON that is not a CPU profile (${shape}); expected a V8 .cpuprofile (nodes, samples, timeDeltas), a Chrome trace (traceEvents) or a speedscope file`
  );
}

// .scratch/t5.ts
var f = process.argv[2];
var b = (0, import_node_fs.readFileSync)(f);
var rss0 = process.memoryUsage().rss;
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const p = parseProfile(b, f);
  const cpu = process.cpuUsage(cpu0);
  console.log("wall", (performance.now() - t0).toFixed(0), "cpu", ((cpu.user + cpu.system) / 1e3).toFixed(0), "samples", p.samples.length, "rss+", ((process.memoryUsage().rss - rss0) / 1e6).toFixed(0), "heap", (process.memoryUsage().heapUsed / 1e6).toFixed(0));
}
