/**
 * The seed's before/after windows around a deploy: `before = [deploy − gap − window, deploy − gap]`,
 * `after = [deploy + gap, deploy + gap + window]`; the gap leaves out the minutes when old and new
 * pods coexisted (the seed: deploy 10:30, before 09:50–10:20, after 10:40–11:10).
 */
import { TimeSpecError } from './timeSpec';

export interface Window {
  readonly startMs: number;
  readonly endMs: number;
}

export interface DeployWindows {
  readonly before: Window;
  readonly after: Window;
}

/** Defaults of `compare --pyroscope`: 30-minute windows, 10 minutes left out on each side. */
export const DEFAULT_WINDOW_MS = 30 * 60e3;
export const DEFAULT_GAP_MS = 10 * 60e3;

/**
 * The two windows.
 * @param nowMs the after window must have ended by then
 * @throws TimeSpecError for a non-positive window, a negative gap, or an after window still in the future
 */
export function deployWindows(deployMs: number, windowMs: number = DEFAULT_WINDOW_MS, gapMs: number = DEFAULT_GAP_MS, nowMs: number = Date.now()): DeployWindows {
  if (!(windowMs > 0)) throw new TimeSpecError('--window must be longer than 0');
  if (!(gapMs >= 0)) throw new TimeSpecError('--gap must not be negative');
  const after = { startMs: deployMs + gapMs, endMs: deployMs + gapMs + windowMs };
  if (after.endMs > nowMs) {
    throw new TimeSpecError(`the after window ends at ${new Date(after.endMs).toISOString()}, which is still in the future; wait, or pass a shorter --window or --gap`);
  }
  return { before: { startMs: deployMs - gapMs - windowMs, endMs: deployMs - gapMs }, after };
}
