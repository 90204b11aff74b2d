/**
 * Unprocessed items of batch calls: `BatchWriteItem` answers part of a throttled batch with
 * `UnprocessedItems`, `BatchGetItem` with `UnprocessedKeys`, not with an error (the note on
 * seed 003). Each one returned is counted for the call site that got it and remembered; a later
 * batch call of the process that sends it again (the retry loop the SDK documentation asks for)
 * counts it as resent. What is never resent was dropped.
 *
 * Items are compared by a canonical JSON text (object keys sorted, binary as base64), within one
 * client's form (DocumentClient's items are plain values, the low-level client's AttributeValues;
 * a program resends what it got back, in the same form).
 */
import type { RequestContext } from './requestContexts';

/** Remembered unprocessed items at most (a program that never resends would otherwise grow this without end). */
const MAX_PENDING = 100_000;

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Uint8Array) return { $b64: Buffer.from(v).toString('base64') };
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if ((v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data)) return { $b64: Buffer.from((v as { data: number[] }).data).toString('base64') };
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}

/** `table\0item` texts of a batch's request items (`RequestItems` or an `Unprocessed…` map of the same shape). */
function batchEntries(operation: 'BatchWriteItem' | 'BatchGetItem', items: unknown): string[] {
  if (!items || typeof items !== 'object') return [];
  const out: string[] = [];
  for (const [table, requests] of Object.entries(items as Record<string, unknown>)) {
    const list = operation === 'BatchGetItem' ? (requests as { Keys?: unknown } | undefined)?.Keys : requests;
    if (!Array.isArray(list)) continue;
    for (const entry of list) out.push(`${table}\u0000${canonical(entry)}`);
  }
  return out;
}

/** `BatchWriteItem` / `BatchGetItem` for the operations that answer with unprocessed items (lib-dynamodb names them `BatchWrite` / `BatchGet`), else undefined. */
function batchOperation(operation: string): 'BatchWriteItem' | 'BatchGetItem' | undefined {
  if (operation === 'BatchWriteItem' || operation === 'BatchWrite') return 'BatchWriteItem';
  if (operation === 'BatchGetItem' || operation === 'BatchGet') return 'BatchGetItem';
  return undefined;
}

/** The unprocessed items of one process. */
export class UnprocessedItems {
  private readonly pending = new Map<string, RequestContext>();

  /** A batch call of `operation` is sent with `params`: items returned unprocessed before are counted as resent. */
  sending(operation: string, params: unknown): void {
    const batch = batchOperation(operation);
    if (this.pending.size === 0 || !batch) return;
    for (const entry of batchEntries(batch, (params as { RequestItems?: unknown } | undefined)?.RequestItems)) {
      const owner = this.pending.get(entry);
      if (!owner) continue;
      owner.counter.unprocessedResent++;
      this.pending.delete(entry);
    }
  }

  /** The answer `output` of a batch call of `context`: its unprocessed items are counted and remembered. */
  answered(context: RequestContext, operation: string, output: unknown): void {
    const batch = batchOperation(operation);
    if (!batch || !output || typeof output !== 'object') return;
    const field = batch === 'BatchGetItem' ? 'UnprocessedKeys' : 'UnprocessedItems';
    const entries = batchEntries(batch, (output as Record<string, unknown>)[field]);
    context.counter.unprocessedItems += entries.length;
    for (const entry of entries) if (this.pending.size < MAX_PENDING) this.pending.set(entry, context);
  }
}
