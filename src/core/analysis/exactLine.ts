/**
 * Whether a call site's line is where the call is. V8 (`.cpuprofile`, Node pprof) gives a calling
 * frame its function's first line, so an unlabelled JavaScript call site may stand for its whole
 * function; Go records the line of each call, and `record` labels the exact line of the call into the SDK.
 */
import type { CallSite } from './types';

const JAVASCRIPT = /\.[cm]?[jt]sx?$/;

/** True when `site` is not JavaScript, or mostly credited through `record` labels. */
export function isExactLine(site: Pick<CallSite, 'profileFile' | 'labelledWeight' | 'dynamoWeight'>): boolean {
  return !JAVASCRIPT.test(site.profileFile) || (site.labelledWeight ?? 0) >= 0.5 * site.dynamoWeight;
}
