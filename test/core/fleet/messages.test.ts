// Querier request encoding (golden bytes written from querier.proto) and response decoding.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeNamesResponse,
  decodeProfileTypesResponse,
  encodeLabelValuesRequest,
  encodeSelectMergeProfile,
  encodeSelectMergeStacktraces,
  MessageDecodeError,
} from '../../../src/core/fleet/querierMessages';
import { ProtoWriter } from '../../../src/core/fleet/protoWriter';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('querier messages', () => {
  it('encodes SelectMergeStacktraces with format PPROF (field 6 = 4) and max_nodes', () => {
    const q = { profileTypeId: 'a', labelSelector: '{}', startMs: 1, endMs: 300, maxNodes: 3 };
    // 0a 01 'a' | 12 02 '{}' | 18 01 | 20 ac 02 (300) | 28 03 | 30 04
    assert.equal(hex(encodeSelectMergeStacktraces(q)), '0a0161' + '12027b7d' + '1801' + '20ac02' + '2803' + '3004');
    assert.equal(hex(encodeSelectMergeProfile(q)), '0a0161' + '12027b7d' + '1801' + '20ac02' + '2803');
  });

  it('encodes millisecond timestamps of 2026 and an unset max_nodes exactly', () => {
    const bytes = encodeSelectMergeProfile({ profileTypeId: 'x', labelSelector: '', startMs: 1_773_480_600_000, endMs: 1_773_482_400_000 });
    assert.equal(hex(bytes), '0a0178' + '18' + varintHex(1_773_480_600_000) + '20' + varintHex(1_773_482_400_000));
  });

  it('writes negative int64 as ten-byte two\'s complement', () => {
    assert.equal(hex(new ProtoWriter().varint(5, -1).finish()), '28ffffffffffffffffff01');
  });

  it('encodes LabelValues with repeated matchers in field 2', () => {
    assert.equal(hex(encodeLabelValuesRequest({ name: 'service_name', matchers: ['{a="b"}'], startMs: 1, endMs: 2 })), '0a0c' + Buffer.from('service_name').toString('hex') + '1207' + Buffer.from('{a="b"}').toString('hex') + '18012002');
  });

  it('decodes ProfileTypes and names responses, and rejects a cut-off one', () => {
    const type = Buffer.concat([len(1, 'process_cpu:cpu:nanoseconds:cpu:nanoseconds'), len(2, 'process_cpu'), len(4, 'cpu'), len(5, 'nanoseconds'), len(6, 'cpu'), len(7, 'nanoseconds')]);
    const types = decodeProfileTypesResponse(lenBytes(1, type));
    assert.deepEqual(types, [{ id: 'process_cpu:cpu:nanoseconds:cpu:nanoseconds', name: 'process_cpu', sampleType: 'cpu', sampleUnit: 'nanoseconds', periodType: 'cpu', periodUnit: 'nanoseconds' }]);
    assert.deepEqual(decodeNamesResponse(Buffer.concat([len(1, 'adserver'), len(1, 'checkout')])), ['adserver', 'checkout']);
    assert.throws(() => decodeNamesResponse(len(1, 'adserver').subarray(0, 5)), MessageDecodeError);
  });
});

function varintHex(n: number): string {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return Buffer.from(out).toString('hex');
}
function lenBytes(field: number, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([field * 8 + 2, payload.length]), payload]);
}
function len(field: number, s: string): Buffer {
  return lenBytes(field, Buffer.from(s));
}
