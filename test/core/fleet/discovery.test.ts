// The pickers' calls against the STAND-IN Pyroscope querier (127.0.0.1, written from querier.proto).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listLabelNames, listLabelValues, listProfileTypes, serviceSelector } from '../../../src/core/fleet/discovery';
import { startPyroscopeStandIn } from '../../helpers/fleet/pyroscopeStandIn';

describe('discovery (stand-in Pyroscope server)', () => {
  it('lists profile types, label names and service names, with the range and matchers sent', async () => {
    const s = await startPyroscopeStandIn({ profileFor: () => undefined, services: ['checkout', 'adserver'], tenant: 't1' });
    try {
      const endpoint = { url: s.url, auth: { kind: 'none' as const }, tenant: 't1' };
      const range = { startMs: 1_773_480_600_000, endMs: 1_773_482_400_000 };
      const types = await listProfileTypes(endpoint, range);
      assert.deepEqual(types.map((t) => t.id), ['memory:alloc_space:bytes:space:bytes', 'process_cpu:cpu:nanoseconds:cpu:nanoseconds']);
      assert.equal(types[1]!.sampleUnit, 'nanoseconds');
      assert.deepEqual(await listLabelNames(endpoint, range), ['__name__', 'pod', 'service_name']);
      const matchers = ['{__profile_type__="process_cpu:cpu:nanoseconds:cpu:nanoseconds"}'];
      assert.deepEqual(await listLabelValues(endpoint, { name: 'service_name', matchers, ...range }), ['adserver', 'checkout']);
      const call = s.calls.find((c) => c.method === 'LabelValues')!;
      assert.deepEqual(call.fields, { 1: ['service_name'], 2: matchers, 3: [range.startMs], 4: [range.endMs] });
      assert.equal(s.calls[0]!.headers['x-scope-orgid'], 't1');
    } finally {
      await s.close();
    }
  });

  it('escapes quotes and backslashes in a picked value', () => {
    assert.equal(serviceSelector('ad"server\\x'), '{service_name="ad\\"server\\\\x"}');
    assert.equal(serviceSelector('prod', 'namespace'), '{namespace="prod"}');
  });
});
