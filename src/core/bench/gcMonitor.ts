/**
 * Garbage-collection events from `PerformanceObserver` ('gc' entries), kept with their start time
 * on the `performance.now()` clock so a window [t0, t1] can be checked for GCs after the fact
 * (entries arrive asynchronously, a little after the GC).
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** A GC seen by the observer: start on the performance.now() clock and pause, both ms. */
export interface GcEvent {
  startMs: number;
  durationMs: number;
}

/** Collects GC events until disposed. */
export class GcMonitor {
  private readonly events: GcEvent[] = [];
  private readonly observer: PerformanceObserver;

  constructor() {
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) this.events.push({ startMs: e.startTime, durationMs: e.duration });
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Waits two event-loop turns so entries for GCs that already happened are delivered. */
  async settle(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    for (const e of this.observer.takeRecords()) this.events.push({ startMs: e.startTime, durationMs: e.duration });
  }

  /** GCs that started within [fromMs, toMs] (performance.now() clock): count and total pause, ms. */
  between(fromMs: number, toMs: number): { count: number; pauseMs: number } {
    let count = 0;
    let pauseMs = 0;
    for (const e of this.events) {
      if (e.startMs >= fromMs && e.startMs <= toMs) {
        count++;
        pauseMs += e.durationMs;
      }
    }
    return { count, pauseMs };
  }

  now(): number {
    return performance.now();
  }

  dispose(): void {
    this.observer.disconnect();
  }
}
