"use strict";

// .scratch/t10.ts
var import_node_fs = require("node:fs");
var import_node_zlib = require("node:zlib");

// node_modules/pprof-format/dist/esm/index.js
var __classPrivateFieldGet = function(receiver, state, kind, f) {
  if (kind === "a" && !f) throw new TypeError("Private accessor was defined without a getter");
  if (typeof state === "function" ? receiver !== state || !f : !state.has(receiver)) throw new TypeError("Cannot read private member from an object whose class did not declare it");
  return kind === "m" ? f : kind === "a" ? f.call(receiver) : f ? f.value : state.get(receiver);
};
var _StringTable_encodings;
var _StringTable_positions;
var lowMaxBig = 2n ** 32n - 1n;
var lowMax = 2 ** 32 - 1;
var lowMaxPlus1 = lowMax + 1;
var toUtf8 = typeof Buffer === "undefined" ? (value) => new TextEncoder().encode(value) : (value) => Buffer.from(value, "utf8");
function countNumberBytes(buffer) {
  if (!buffer.length)
    return 0;
  let i = 0;
  while (i < buffer.length && buffer[i++] >= 128)
    ;
  return i;
}
function decodeBigNumber(buffer) {
  if (!buffer.length)
    return BigInt(0);
  let value = BigInt(buffer[0] & 127);
  let i = 0;
  while (buffer[i++] >= 128) {
    value |= BigInt(buffer[i] & 127) << BigInt(7 * i);
  }
  return value;
}
function makeValue(value, offset = 0) {
  return { value, offset };
}
function getValue(mode, buffer) {
  switch (mode) {
    case kTypeVarInt:
      for (let i = 0; i < buffer.length; i++) {
        if (!(buffer[i] & 128)) {
          return makeValue(buffer.subarray(0, i + 1));
        }
      }
      return makeValue(buffer);
    case kTypeLengthDelim: {
      const offset = countNumberBytes(buffer);
      const size = decodeNumber(buffer);
      return makeValue(buffer.subarray(offset, Number(size) + offset), offset);
    }
    default:
      throw new Error(`Unrecognized value type: ${mode}`);
  }
}
function lowBits(number) {
  return typeof number !== "bigint" ? (number >>> 0) % lowMaxPlus1 : Number(number & lowMaxBig);
}
function highBits(number) {
  return typeof number !== "bigint" ? number / lowMaxPlus1 >>> 0 : Number(number >> 32n & lowMaxBig);
}
function long(number) {
  const sign = number < 0;
  if (sign)
    number = -number;
  let lo = lowBits(number);
  let hi = highBits(number);
  if (sign) {
    hi = ~hi >>> 0;
    lo = ~lo >>> 0;
    if (++lo > lowMax) {
      lo = 0;
      if (++hi > lowMax) {
        hi = 0;
      }
    }
  }
  return [hi, lo];
}
var kTypeVarInt = 0;
var kTypeLengthDelim = 2;
function decodeNumber(buffer) {
  const size = countNumberBytes(buffer);
  if (size > 4)
    return decodeBigNumber(buffer);
  if (!buffer.length)
    return 0;
  let value = buffer[0] & 127;
  let i = 0;
  while (buffer[i++] >= 128) {
    value |= (buffer[i] & 127) << 7 * i;
  }
  return value;
}
function decodeNumbers(buffer) {
  const values = [];
  let start = 0;
  for (let i = 0; i < buffer.length; i++) {
    if ((buffer[i] & 128) === 0) {
      values.push(decodeNumber(buffer.subarray(start, i + 1)));
      start = i + 1;
    }
  }
  return values;
}
function push(value, list) {
  if (list == null) {
    return [value];
  }
  list.push(value);
  return list;
}
function pushAll(values, list) {
  if (list == null) {
    return values;
  }
  for (const value of values) {
    list.push(value);
  }
  return list;
}
function measureNumber(number) {
  if (number === 0 || number === 0n)
    return 0;
  const [hi, lo] = long(number);
  const a = lo;
  const b = (lo >>> 28 | hi << 4) >>> 0;
  const c = hi >>> 24;
  if (c !== 0) {
    return c < 128 ? 9 : 10;
  }
  if (b !== 0) {
    if (b < 16384) {
      return b < 128 ? 5 : 6;
    }
    return b < 2097152 ? 7 : 8;
  }
  if (a < 16384) {
    return a < 128 ? 1 : 2;
  }
  return a < 2097152 ? 3 : 4;
}
function measureValue(value) {
  if (typeof value === "undefined")
    return 0;
  if (typeof value === "number" || typeof value === "bigint") {
    return measureNumber(value) || 1;
  }
  return value.length;
}
function measureArray(list) {
  let size = 0;
  for (const item of list) {
    size += measureValue(item);
  }
  return size;
}
function measureNumberField(number) {
  const length = measureNumber(number);
  return length ? 1 + length : 0;
}
function measureNumberArrayField(values) {
  let total = 0;
  for (const value of values) {
    total += measureNumber(value) || 1;
  }
  return total ? 1 + measureNumber(total) + total : 0;
}
function measureLengthDelimField(value) {
  const length = measureValue(value);
  return length ? 1 + measureNumber(length) + length : 0;
}
function measureLengthDelimArrayField(values) {
  let total = 0;
  for (const value of values) {
    total += measureLengthDelimField(value);
  }
  return total;
}
function encodeNumber(buffer, i, number) {
  if (number === 0 || number === 0n) {
    buffer[i++] = 0;
    return i;
  }
  let [hi, lo] = long(number);
  while (hi) {
    buffer[i++] = lo & 127 | 128;
    lo = (lo >>> 7 | hi << 25) >>> 0;
    hi >>>= 7;
  }
  while (lo > 127) {
    buffer[i++] = lo & 127 | 128;
    lo = lo >>> 7;
  }
  buffer[i++] = lo;
  return i;
}
var emptyTableToken = /* @__PURE__ */ Symbol();
var StringTable = class _StringTable {
  constructor(tok) {
    this.strings = new Array();
    _StringTable_encodings.set(this, new Array());
    _StringTable_positions.set(this, /* @__PURE__ */ new Map());
    if (tok !== emptyTableToken) {
      this.dedup("");
    }
  }
  get encodedLength() {
    let size = 0;
    for (const encoded of __classPrivateFieldGet(this, _StringTable_encodings, "f")) {
      size += encoded.length;
    }
    return size;
  }
  _encodeToBuffer(buffer, offset) {
    for (const encoded of __classPrivateFieldGet(this, _StringTable_encodings, "f")) {
      buffer.set(encoded, offset);
      offset += encoded.length;
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.encodedLength)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static _encodeStringFromUtf8(stringBuffer) {
    const buffer = new Uint8Array(1 + stringBuffer.length + (measureNumber(stringBuffer.length) || 1));
    let offset = 0;
    buffer[offset++] = 50;
    offset = encodeNumber(buffer, offset, stringBuffer.length);
    if (stringBuffer.length > 0) {
      buffer.set(stringBuffer, offset);
    }
    return buffer;
  }
  static _encodeString(string) {
    return _StringTable._encodeStringFromUtf8(toUtf8(string));
  }
  dedup(string) {
    if (typeof string === "number")
      return string;
    if (!__classPrivateFieldGet(this, _StringTable_positions, "f").has(string)) {
      const pos = this.strings.push(string) - 1;
      __classPrivateFieldGet(this, _StringTable_positions, "f").set(string, pos);
      __classPrivateFieldGet(this, _StringTable_encodings, "f").push(_StringTable._encodeString(string));
    }
    return __classPrivateFieldGet(this, _StringTable_positions, "f").get(string);
  }
  _decodeString(buffer) {
    const string = new TextDecoder().decode(buffer);
    __classPrivateFieldGet(this, _StringTable_positions, "f").set(string, this.strings.push(string) - 1);
    __classPrivateFieldGet(this, _StringTable_encodings, "f").push(_StringTable._encodeStringFromUtf8(buffer));
  }
};
_StringTable_encodings = /* @__PURE__ */ new WeakMap(), _StringTable_positions = /* @__PURE__ */ new WeakMap();
function decode(buffer, decoder) {
  const data = {};
  let index = 0;
  while (index < buffer.length) {
    const field = buffer[index] >> 3;
    const mode = buffer[index] & 7;
    index++;
    const { offset, value } = getValue(mode, buffer.subarray(index));
    index += value.length + offset;
    decoder(data, field, value);
  }
  return data;
}
var ValueType = class _ValueType {
  static create(data) {
    return data instanceof _ValueType ? data : new _ValueType(data);
  }
  constructor(data) {
    this.type = data.type || 0;
    this.unit = data.unit || 0;
  }
  get length() {
    let total = 0;
    total += measureNumberField(this.type);
    total += measureNumberField(this.unit);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.type) {
      buffer[offset++] = 8;
      offset = encodeNumber(buffer, offset, this.type);
    }
    if (this.unit) {
      buffer[offset++] = 16;
      offset = encodeNumber(buffer, offset, this.unit);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.type = decodeNumber(buffer);
        break;
      case 2:
        data.unit = decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Label = class _Label {
  static create(data) {
    return data instanceof _Label ? data : new _Label(data);
  }
  constructor(data) {
    this.key = data.key || 0;
    this.str = data.str || 0;
    this.num = data.num || 0;
    this.numUnit = data.numUnit || 0;
  }
  get length() {
    let total = 0;
    total += measureNumberField(this.key);
    total += measureNumberField(this.str);
    total += measureNumberField(this.num);
    total += measureNumberField(this.numUnit);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.key) {
      buffer[offset++] = 8;
      offset = encodeNumber(buffer, offset, this.key);
    }
    if (this.str) {
      buffer[offset++] = 16;
      offset = encodeNumber(buffer, offset, this.str);
    }
    if (this.num) {
      buffer[offset++] = 24;
      offset = encodeNumber(buffer, offset, this.num);
    }
    if (this.numUnit) {
      buffer[offset++] = 32;
      offset = encodeNumber(buffer, offset, this.numUnit);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.key = decodeNumber(buffer);
        break;
      case 2:
        data.str = decodeNumber(buffer);
        break;
      case 3:
        data.num = decodeNumber(buffer);
        break;
      case 4:
        data.numUnit = decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Sample = class _Sample {
  static create(data) {
    return data instanceof _Sample ? data : new _Sample(data);
  }
  constructor(data) {
    this.locationId = data.locationId || [];
    this.value = data.value || [];
    this.label = (data.label || []).map(Label.create);
  }
  get length() {
    let total = 0;
    total += measureNumberArrayField(this.locationId);
    total += measureNumberArrayField(this.value);
    total += measureLengthDelimArrayField(this.label);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.locationId.length) {
      buffer[offset++] = 10;
      offset = encodeNumber(buffer, offset, measureArray(this.locationId));
      for (const locationId of this.locationId) {
        offset = encodeNumber(buffer, offset, locationId);
      }
    }
    if (this.value.length) {
      buffer[offset++] = 18;
      offset = encodeNumber(buffer, offset, measureArray(this.value));
      for (const value of this.value) {
        offset = encodeNumber(buffer, offset, value);
      }
    }
    for (const label of this.label) {
      buffer[offset++] = 26;
      offset = encodeNumber(buffer, offset, label.length);
      offset = label._encodeToBuffer(buffer, offset);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.locationId = pushAll(decodeNumbers(buffer), data.locationId);
        break;
      case 2:
        data.value = pushAll(decodeNumbers(buffer), data.value);
        break;
      case 3:
        data.label = push(Label.decode(buffer), data.label);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Mapping = class _Mapping {
  static create(data) {
    return data instanceof _Mapping ? data : new _Mapping(data);
  }
  constructor(data) {
    this.id = data.id || 0;
    this.memoryStart = data.memoryStart || 0;
    this.memoryLimit = data.memoryLimit || 0;
    this.fileOffset = data.fileOffset || 0;
    this.filename = data.filename || 0;
    this.buildId = data.buildId || 0;
    this.hasFunctions = !!data.hasFunctions;
    this.hasFilenames = !!data.hasFilenames;
    this.hasLineNumbers = !!data.hasLineNumbers;
    this.hasInlineFrames = !!data.hasInlineFrames;
  }
  get length() {
    let total = 0;
    total += measureNumberField(this.id);
    total += measureNumberField(this.memoryStart);
    total += measureNumberField(this.memoryLimit);
    total += measureNumberField(this.fileOffset);
    total += measureNumberField(this.filename);
    total += measureNumberField(this.buildId);
    total += measureNumberField(this.hasFunctions ? 1 : 0);
    total += measureNumberField(this.hasFilenames ? 1 : 0);
    total += measureNumberField(this.hasLineNumbers ? 1 : 0);
    total += measureNumberField(this.hasInlineFrames ? 1 : 0);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.id) {
      buffer[offset++] = 8;
      offset = encodeNumber(buffer, offset, this.id);
    }
    if (this.memoryStart) {
      buffer[offset++] = 16;
      offset = encodeNumber(buffer, offset, this.memoryStart);
    }
    if (this.memoryLimit) {
      buffer[offset++] = 24;
      offset = encodeNumber(buffer, offset, this.memoryLimit);
    }
    if (this.fileOffset) {
      buffer[offset++] = 32;
      offset = encodeNumber(buffer, offset, this.fileOffset);
    }
    if (this.filename) {
      buffer[offset++] = 40;
      offset = encodeNumber(buffer, offset, this.filename);
    }
    if (this.buildId) {
      buffer[offset++] = 48;
      offset = encodeNumber(buffer, offset, this.buildId);
    }
    if (this.hasFunctions) {
      buffer[offset++] = 56;
      offset = encodeNumber(buffer, offset, 1);
    }
    if (this.hasFilenames) {
      buffer[offset++] = 64;
      offset = encodeNumber(buffer, offset, 1);
    }
    if (this.hasLineNumbers) {
      buffer[offset++] = 72;
      offset = encodeNumber(buffer, offset, 1);
    }
    if (this.hasInlineFrames) {
      buffer[offset++] = 80;
      offset = encodeNumber(buffer, offset, 1);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.id = decodeNumber(buffer);
        break;
      case 2:
        data.memoryStart = decodeNumber(buffer);
        break;
      case 3:
        data.memoryLimit = decodeNumber(buffer);
        break;
      case 4:
        data.fileOffset = decodeNumber(buffer);
        break;
      case 5:
        data.filename = decodeNumber(buffer);
        break;
      case 6:
        data.buildId = decodeNumber(buffer);
        break;
      case 7:
        data.hasFunctions = !!decodeNumber(buffer);
        break;
      case 8:
        data.hasFilenames = !!decodeNumber(buffer);
        break;
      case 9:
        data.hasLineNumbers = !!decodeNumber(buffer);
        break;
      case 10:
        data.hasInlineFrames = !!decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Line = class _Line {
  static create(data) {
    return data instanceof _Line ? data : new _Line(data);
  }
  constructor(data) {
    this.functionId = data.functionId || 0;
    this.line = data.line || 0;
    this.column = data.column || 0;
  }
  get length() {
    let total = 0;
    total += measureNumberField(this.functionId);
    total += measureNumberField(this.line);
    total += measureNumberField(this.column);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.functionId) {
      buffer[offset++] = 8;
      offset = encodeNumber(buffer, offset, this.functionId);
    }
    if (this.line) {
      buffer[offset++] = 16;
      offset = encodeNumber(buffer, offset, this.line);
    }
    if (this.column) {
      buffer[offset++] = 24;
      offset = encodeNumber(buffer, offset, this.column);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.functionId = decodeNumber(buffer);
        break;
      case 2:
        data.line = decodeNumber(buffer);
        break;
      case 3:
        data.column = decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Location = class _Location {
  static create(data) {
    return data instanceof _Location ? data : new _Location(data);
  }
  constructor(data) {
    this.id = data.id || 0;
    this.mappingId = data.mappingId || 0;
    this.address = data.address || 0;
    this.line = (data.line || []).map(Line.create);
    this.isFolded = !!data.isFolded;
  }
  get length() {
    let total = 0;
    total += measureNumberField(this.id);
    total += measureNumberField(this.mappingId);
    total += measureNumberField(this.address);
    total += measureLengthDelimArrayField(this.line);
    total += measureNumberField(this.isFolded ? 1 : 0);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.id) {
      buffer[offset++] = 8;
      offset = encodeNumber(buffer, offset, this.id);
    }
    if (this.mappingId) {
      buffer[offset++] = 16;
      offset = encodeNumber(buffer, offset, this.mappingId);
    }
    if (this.address) {
      buffer[offset++] = 24;
      offset = encodeNumber(buffer, offset, this.address);
    }
    for (const line of this.line) {
      buffer[offset++] = 34;
      offset = encodeNumber(buffer, offset, line.length);
      offset = line._encodeToBuffer(buffer, offset);
    }
    if (this.isFolded) {
      buffer[offset++] = 40;
      offset = encodeNumber(buffer, offset, 1);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.id = decodeNumber(buffer);
        break;
      case 2:
        data.mappingId = decodeNumber(buffer);
        break;
      case 3:
        data.address = decodeNumber(buffer);
        break;
      case 4:
        data.line = push(Line.decode(buffer), data.line);
        break;
      case 5:
        data.isFolded = !!decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Function = class _Function {
  static create(data) {
    return data instanceof _Function ? data : new _Function(data);
  }
  constructor(data) {
    this.id = data.id || 0;
    this.name = data.name || 0;
    this.systemName = data.systemName || 0;
    this.filename = data.filename || 0;
    this.startLine = data.startLine || 0;
  }
  get length() {
    let total = 0;
    total += measureNumberField(this.id);
    total += measureNumberField(this.name);
    total += measureNumberField(this.systemName);
    total += measureNumberField(this.filename);
    total += measureNumberField(this.startLine);
    return total;
  }
  _encodeToBuffer(buffer, offset = 0) {
    if (this.id) {
      buffer[offset++] = 8;
      offset = encodeNumber(buffer, offset, this.id);
    }
    if (this.name) {
      buffer[offset++] = 16;
      offset = encodeNumber(buffer, offset, this.name);
    }
    if (this.systemName) {
      buffer[offset++] = 24;
      offset = encodeNumber(buffer, offset, this.systemName);
    }
    if (this.filename) {
      buffer[offset++] = 32;
      offset = encodeNumber(buffer, offset, this.filename);
    }
    if (this.startLine) {
      buffer[offset++] = 40;
      offset = encodeNumber(buffer, offset, this.startLine);
    }
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.id = decodeNumber(buffer);
        break;
      case 2:
        data.name = decodeNumber(buffer);
        break;
      case 3:
        data.systemName = decodeNumber(buffer);
        break;
      case 4:
        data.filename = decodeNumber(buffer);
        break;
      case 5:
        data.startLine = decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};
var Profile = class {
  constructor(data = {}) {
    this.sampleType = (data.sampleType || []).map(ValueType.create);
    this.sample = (data.sample || []).map(Sample.create);
    this.mapping = (data.mapping || []).map(Mapping.create);
    this.location = (data.location || []).map(Location.create);
    this.function = (data.function || []).map(Function.create);
    this.stringTable = data.stringTable || new StringTable();
    this.dropFrames = data.dropFrames || 0;
    this.keepFrames = data.keepFrames || 0;
    this.timeNanos = data.timeNanos || 0;
    this.durationNanos = data.durationNanos || 0;
    this.periodType = data.periodType ? ValueType.create(data.periodType) : void 0;
    this.period = data.period || 0;
    this.comment = data.comment || [];
    this.defaultSampleType = data.defaultSampleType || 0;
    this.docUrl = data.docUrl || 0;
  }
  get length() {
    let total = 0;
    total += measureLengthDelimArrayField(this.sampleType);
    total += measureLengthDelimArrayField(this.sample);
    total += measureLengthDelimArrayField(this.mapping);
    total += measureLengthDelimArrayField(this.location);
    total += measureLengthDelimArrayField(this.function);
    total += this.stringTable.encodedLength;
    total += measureNumberField(this.dropFrames);
    total += measureNumberField(this.keepFrames);
    total += measureNumberField(this.timeNanos);
    total += measureNumberField(this.durationNanos);
    total += measureLengthDelimField(this.periodType);
    total += measureNumberField(this.period);
    total += measureNumberArrayField(this.comment);
    total += measureNumberField(this.defaultSampleType);
    total += measureNumberField(this.docUrl);
    return total;
  }
  _encodeSampleTypesToBuffer(buffer, offset = 0) {
    for (const sampleType of this.sampleType) {
      buffer[offset++] = 10;
      offset = encodeNumber(buffer, offset, sampleType.length);
      offset = sampleType._encodeToBuffer(buffer, offset);
    }
    return offset;
  }
  _encodeSamplesToBuffer(buffer, offset = 0) {
    for (const sample of this.sample) {
      buffer[offset++] = 18;
      offset = encodeNumber(buffer, offset, sample.length);
      offset = sample._encodeToBuffer(buffer, offset);
    }
    return offset;
  }
  _encodeMappingsToBuffer(buffer, offset = 0) {
    for (const mapping of this.mapping) {
      buffer[offset++] = 26;
      offset = encodeNumber(buffer, offset, mapping.length);
      offset = mapping._encodeToBuffer(buffer, offset);
    }
    return offset;
  }
  _encodeLocationsToBuffer(buffer, offset = 0) {
    for (const location of this.location) {
      buffer[offset++] = 34;
      offset = encodeNumber(buffer, offset, location.length);
      offset = location._encodeToBuffer(buffer, offset);
    }
    return offset;
  }
  _encodeFunctionsToBuffer(buffer, offset = 0) {
    for (const fun of this.function) {
      buffer[offset++] = 42;
      offset = encodeNumber(buffer, offset, fun.length);
      offset = fun._encodeToBuffer(buffer, offset);
    }
    return offset;
  }
  _encodeBasicValuesToBuffer(buffer, offset = 0) {
    if (this.dropFrames) {
      buffer[offset++] = 56;
      offset = encodeNumber(buffer, offset, this.dropFrames);
    }
    if (this.keepFrames) {
      buffer[offset++] = 64;
      offset = encodeNumber(buffer, offset, this.keepFrames);
    }
    if (this.timeNanos) {
      buffer[offset++] = 72;
      offset = encodeNumber(buffer, offset, this.timeNanos);
    }
    if (this.durationNanos) {
      buffer[offset++] = 80;
      offset = encodeNumber(buffer, offset, this.durationNanos);
    }
    if (typeof this.periodType !== "undefined") {
      buffer[offset++] = 90;
      offset = encodeNumber(buffer, offset, this.periodType.length);
      offset = this.periodType._encodeToBuffer(buffer, offset);
    }
    if (this.period) {
      buffer[offset++] = 96;
      offset = encodeNumber(buffer, offset, this.period);
    }
    if (this.comment.length) {
      buffer[offset++] = 106;
      offset = encodeNumber(buffer, offset, measureArray(this.comment));
      for (const comment of this.comment) {
        offset = encodeNumber(buffer, offset, comment);
      }
    }
    if (this.defaultSampleType) {
      buffer[offset++] = 112;
      offset = encodeNumber(buffer, offset, this.defaultSampleType);
    }
    if (this.docUrl) {
      buffer[offset++] = 120;
      offset = encodeNumber(buffer, offset, this.docUrl);
    }
    return offset;
  }
  _encodeToBuffer(buffer, offset = 0) {
    offset = this._encodeSampleTypesToBuffer(buffer, offset);
    offset = this._encodeSamplesToBuffer(buffer, offset);
    offset = this._encodeMappingsToBuffer(buffer, offset);
    offset = this._encodeLocationsToBuffer(buffer, offset);
    offset = this._encodeFunctionsToBuffer(buffer, offset);
    offset = this.stringTable._encodeToBuffer(buffer, offset);
    offset = this._encodeBasicValuesToBuffer(buffer, offset);
    return offset;
  }
  async _encodeToBufferAsync(buffer, offset = 0) {
    offset = this._encodeSampleTypesToBuffer(buffer, offset);
    await new Promise(setImmediate);
    offset = this._encodeSamplesToBuffer(buffer, offset);
    await new Promise(setImmediate);
    offset = this._encodeMappingsToBuffer(buffer, offset);
    await new Promise(setImmediate);
    offset = this._encodeLocationsToBuffer(buffer, offset);
    await new Promise(setImmediate);
    offset = this._encodeFunctionsToBuffer(buffer, offset);
    await new Promise(setImmediate);
    offset = this.stringTable._encodeToBuffer(buffer, offset);
    await new Promise(setImmediate);
    offset = this._encodeBasicValuesToBuffer(buffer, offset);
    return offset;
  }
  encode(buffer = new Uint8Array(this.length)) {
    this._encodeToBuffer(buffer, 0);
    return buffer;
  }
  async encodeAsync(buffer = new Uint8Array(this.length)) {
    await this._encodeToBufferAsync(buffer, 0);
    return buffer;
  }
  static decodeValue(data, field, buffer) {
    switch (field) {
      case 1:
        data.sampleType = push(ValueType.decode(buffer), data.sampleType);
        break;
      case 2:
        data.sample = push(Sample.decode(buffer), data.sample);
        break;
      case 3:
        data.mapping = push(Mapping.decode(buffer), data.mapping);
        break;
      case 4:
        data.location = push(Location.decode(buffer), data.location);
        break;
      case 5:
        data.function = push(Function.decode(buffer), data.function);
        break;
      case 6: {
        if (data.stringTable === void 0) {
          data.stringTable = new StringTable(emptyTableToken);
        }
        data.stringTable._decodeString(buffer);
        break;
      }
      case 7:
        data.dropFrames = decodeNumber(buffer);
        break;
      case 8:
        data.keepFrames = decodeNumber(buffer);
        break;
      case 9:
        data.timeNanos = decodeNumber(buffer);
        break;
      case 10:
        data.durationNanos = decodeNumber(buffer);
        break;
      case 11:
        data.periodType = ValueType.decode(buffer);
        break;
      case 12:
        data.period = decodeNumber(buffer);
        break;
      case 13:
        data.comment = pushAll(decodeNumbers(buffer), data.comment);
        break;
      case 14:
        data.defaultSampleType = decodeNumber(buffer);
        break;
      case 15:
        data.docUrl = decodeNumber(buffer);
        break;
    }
  }
  static decode(buffer) {
    return new this(decode(buffer, this.decodeValue));
  }
};

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
      const f = this.frames[entry];
      if (f.line === line && f.inlined === inlined && f.file === file) return entry;
      bucket = /* @__PURE__ */ new Map([[f.file, /* @__PURE__ */ new Map([[lineKey(f.line, f.inlined), entry]])]]);
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
  let b = bytes[pos];
  if (b < 128) {
    varintEnd = pos + 1;
    return b;
  }
  let value = b & 127;
  let mul = 128;
  let i = pos + 1;
  const limit = Math.min(bytes.length, pos + 7);
  while (i < limit) {
    b = bytes[i++];
    value += (b & 127) * mul;
    if (b < 128) {
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
    const b = bytes[i];
    value |= BigInt(b & 127) << shift;
    if (b < 128) {
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
      const f = fnIndex.get(fnId);
      if (f === void 0) throw dangling(sourcePath, `location ${raw.locId[i]} refers to function ${fnId}, which the file does not define`);
      const name = fnName[f] || hexAddress(raw.locAddress[i]);
      frameIds[used++] = interner.intern(name, fnFile[f], lineNumber(raw.lineLine[first + j], fnStart[f]), j < n - 1);
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

// .scratch/t10.ts
for (const f of process.argv.slice(2)) {
  let b = (0, import_node_fs.readFileSync)(f);
  if (b[0] === 31) b = (0, import_node_zlib.gunzipSync)(b);
  const u = new Uint8Array(b.buffer, b.byteOffset, b.length);
  const ours = [], theirs = [];
  for (let i = 0; i < 8; i++) {
    let t = performance.now();
    parsePprof(u, f);
    ours.push(performance.now() - t);
    t = performance.now();
    Profile.decode(u);
    theirs.push(performance.now() - t);
  }
  ours.sort((a, b2) => a - b2);
  theirs.sort((a, b2) => a - b2);
  console.log(f.split("/").pop(), "parsePprof (decode+model) min/median", ours[0].toFixed(0), ours[4].toFixed(0), "| pprof-format Profile.decode only min/median", theirs[0].toFixed(0), theirs[4].toFixed(0));
}
/*! Bundled license information:

pprof-format/dist/esm/index.js:
  (*!
   * Private helpers. These are only used by other helpers.
   *)
*/
