/**
 * File names of fetched profiles: the service (from the selector's `service_name`) or the side of
 * a deploy comparison, and the time range in UTC, with characters no file system objects to.
 */
import type { Window } from './deployWindows';
import { isoTime } from './timeSpec';

const stamp = (ms: number) => isoTime(Math.floor(ms / 1000) * 1000).replace(/[^A-Za-z0-9._-]+/g, '-');

/** `adserver_2026-03-14T09-50-00Z_2026-03-14T10-20-00Z.pb.gz` (`profile_…` without a service_name). */
export function defaultOutName(selector: string, startMs: number, endMs: number): string {
  const service = /service_name\s*=\s*"([^"]+)"/.exec(selector)?.[1] ?? 'profile';
  return `${service.replace(/[^A-Za-z0-9._-]+/g, '-')}_${stamp(startMs)}_${stamp(endMs)}.pb.gz`;
}

/** `before_2026-03-14T09-50-00Z_2026-03-14T10-20-00Z.pb.gz`. */
export function windowFileName(side: 'before' | 'after', window: Window): string {
  return `${side}_${stamp(window.startMs)}_${stamp(window.endMs)}.pb.gz`;
}
