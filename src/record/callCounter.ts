/**
 * The counts of one request context as the recorder adds them up ({@link CallStats}): attempts,
 * retries and their error codes, final errors, TLS handshakes of the sockets its requests opened,
 * unprocessed batch items. Plain fields, added to from the SDK patches and the socket patch.
 */
import type { CallStats } from '../core/analysis/callStats';

export class CallCounter {
  attempts = 0;
  retriedCalls = 0;
  readonly retries: Record<string, number> = {};
  readonly errors: Record<string, number> = {};
  handshakes = 0;
  resumedHandshakes = 0;
  unprocessedItems = 0;
  unprocessedResent = 0;

  /** One call ended: `attempts` made, failed with `errorCode` (undefined: succeeded). */
  callEnded(attempts: number, errorCode: string | undefined): void {
    this.attempts += attempts;
    if (attempts > 1) this.retriedCalls++;
    if (errorCode !== undefined) this.errors[errorCode] = (this.errors[errorCode] ?? 0) + 1;
  }

  /** One attempt failed with `code` and is retried. */
  retried(code: string): void {
    this.retries[code] = (this.retries[code] ?? 0) + 1;
  }

  /** The counts, with `calls` from the context. */
  snapshot(calls: number): CallStats {
    return {
      calls,
      attempts: this.attempts,
      retriedCalls: this.retriedCalls,
      retries: { ...this.retries },
      errors: { ...this.errors },
      handshakes: this.handshakes,
      resumedHandshakes: this.resumedHandshakes,
      unprocessedItems: this.unprocessedItems,
      unprocessedResent: this.unprocessedResent,
    };
  }
}
