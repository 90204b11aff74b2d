/**
 * The call-site lines of `record`'s summary (stderr), from the recorder's distinct contexts.
 */
import { CALL_SITE_LABEL, CALLERS_LABEL, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL, recordedCallers } from '../core/analysis/recorderLabels';

/** One recorded context: its labels (`recorderLabels.ts`) and how many DynamoDB calls it made. */
export interface RecordedContext {
  readonly labels: Readonly<Record<string, string>>;
  readonly calls: number;
}

/**
 * One line per call site and first caller, most calls first:
 * `     412  Query on DocumentClient  query  /srv/db.js:8:20  ← listOrders /srv/handlers.js:10:5`.
 * Contexts that differ only in outer callers (a warm-up loop and a handler above the same helper
 * call) share a line and their call counts add up: the summary names the first caller only.
 */
export function recordedSiteLines(contexts: readonly RecordedContext[]): string[] {
  const calls = new Map<string, number>();
  for (const c of contexts) {
    const where = c.labels[CALL_SITE_LABEL] ?? '(no frame of your code on the stack)';
    const [caller] = recordedCallers(c.labels[CALLERS_LABEL]);
    const via = caller ? `  ← ${caller.functionName} ${caller.file}:${caller.line}:${caller.column}` : '';
    const line = `${c.labels[OPERATION_LABEL]} on ${c.labels[CLIENT_LABEL]}  ${c.labels[FUNCTION_LABEL] ?? ''}  ${where}${via}`;
    calls.set(line, (calls.get(line) ?? 0) + c.calls);
  }
  return [...calls].sort((a, b) => b[1] - a[1]).map(([line, n]) => `  ${String(n).padStart(7)}  ${line}`);
}
