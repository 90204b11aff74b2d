import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readItemsFile } from '../../../src/core/bench/itemSource';
import { prepareResponseSuite } from '../../../src/core/bench/responseSuite';

/** Node's own server idle limit: `keepAliveTimeout` (5 s) plus the 1 s buffer Node 20 adds. */
const NODE_SERVER_IDLE_LIMIT_MS = 5000 + 1000;

/**
 * Blocks this thread (no CPU spent) the way a worker process is stopped on a loaded machine: a
 * full GC, or being descheduled, while a keep-alive socket sits in the agent's free list.
 */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('response suite: keep-alive sockets survive a stalled process', () => {
  it('every query and put case answers after the process stalled past Node’s server idle limit (was read ECONNRESET)', async () => {
    const set = await readItemsFile('fixtures/data/query-targeting-model.json');
    const suite = await prepareResponseSuite(set);
    try {
      const cases = ['query-v2', 'query-v3', 'put-v2', 'put-v3-migration'].map((id) => suite.cases.find((c) => c.id === id)!);
      // Four requests in flight at once leave four sockets (the agent's maxSockets) in its free list.
      await Promise.all(cases.map((c) => c.fn()));
      stall(NODE_SERVER_IDLE_LIMIT_MS + 400);
      // Written before the event loop runs its timers again: each request reuses one of those sockets.
      const settled = await Promise.allSettled(cases.map((c) => c.fn() as Promise<{ Items?: unknown[] }>));
      const outcomes = settled.map((r, i) => `${cases[i]!.id}: ${r.status === 'fulfilled' ? (r.value.Items ? `${r.value.Items.length} items` : 'ok') : String(r.reason)}`);
      assert.deepEqual(outcomes, ['query-v2: 25 items', 'query-v3: 25 items', 'put-v2: ok', 'put-v3-migration: ok']);
    } finally {
      await suite.dispose();
    }
  });
});
