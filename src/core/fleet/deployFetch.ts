/**
 * The fleet half of a deploy comparison: fetch the before and after windows of a deploy into
 * two `.pb.gz` files and, when a Prometheus query is given, count each window's requests at
 * its end. The comparison itself is the file comparison (`compareFiles`), so the table is
 * exactly what `compare` prints for files.
 */
import { join } from 'node:path';
import type { Endpoint } from './endpoint';
import { deployWindows, type Window } from './deployWindows';
import { fetchProfile, type FetchProgress, type FetchResult } from './fetchProfile';
import { requestsInWindow, type WindowRequests } from './prometheus';
import { windowFileName } from './fileNames';

export interface DeployFetchRequest {
  readonly endpoint: Endpoint;
  readonly profileTypeId: string;
  readonly labelSelector: string;
  readonly deployMs: number;
  readonly windowMs: number;
  readonly gapMs: number;
  /** Folder the two profiles are written to. */
  readonly dir: string;
  readonly maxNodes?: number;
  /** Request counts from Prometheus: the endpoint and the counter query (see `prometheus.ts`). */
  readonly requests?: { readonly endpoint: Endpoint; readonly query: string };
  readonly signal?: AbortSignal;
  readonly onProgress?: (side: 'before' | 'after', p: FetchProgress) => void;
  readonly nowMs?: number;
}

export interface FetchedWindow {
  readonly window: Window;
  readonly fetch: FetchResult;
  readonly requests?: WindowRequests;
}

/**
 * Fetches both windows (one after the other, so progress reads sensibly) and their request counts.
 * @throws TimeSpecError when the after window has not ended yet; FleetError as `fetchProfile`
 *   and `requestsInWindow`
 */
export async function fetchDeployWindows(req: DeployFetchRequest): Promise<{ before: FetchedWindow; after: FetchedWindow }> {
  const windows = deployWindows(req.deployMs, req.windowMs, req.gapMs, req.nowMs ?? Date.now());
  const side = async (name: 'before' | 'after'): Promise<FetchedWindow> => {
    const window = windows[name];
    const fetch = await fetchProfile({
      endpoint: req.endpoint,
      query: { profileTypeId: req.profileTypeId, labelSelector: req.labelSelector, ...window },
      ...(req.maxNodes !== undefined ? { maxNodes: req.maxNodes } : {}),
      outPath: join(req.dir, windowFileName(name, window)),
      ...(req.signal ? { signal: req.signal } : {}),
      onProgress: (p) => req.onProgress?.(name, p),
    });
    const requests = req.requests ? await requestsInWindow(req.requests.endpoint, req.requests.query, window, req.signal ? { signal: req.signal } : {}) : undefined;
    return { window, fetch, ...(requests ? { requests } : {}) };
  };
  const before = await side('before');
  const after = await side('after');
  return { before, after };
}
