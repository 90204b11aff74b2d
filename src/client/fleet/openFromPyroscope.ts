/**
 * `dynamoHotpath.openFromPyroscope`: server → profile type → service → time range, fetch the
 * merged profile into global storage (streaming, cancellable), then load it like Open CPU
 * Profile: the usual lenses, report and status bar. The result message puts the DynamoDB share
 * beside the share the server pruned into `other`.
 */
import { notificationText } from '../../core/text/displayText';
import * as vscode from 'vscode';
import { join } from 'node:path';
import { displayUrl } from '../../core/fleet/endpoint';
import { fetchProfile } from '../../core/fleet/fetchProfile';
import { isCancelled } from '../../core/fleet/fleetError';
import { parseRange } from '../../core/fleet/timeSpec';
import { prunedPercentOfWarnings } from '../../core/fleet/truncation';
import { defaultOutName } from '../../core/fleet/fileNames';
import type { ProfileSummary } from '../../shared/protocol';
import { openProfile } from '../openProfile';
import { connectToPyroscope } from './connect';
import { cleanFleetStorage, fleetStorageDir, withDownloadProgress } from './download';
import type { FleetHost } from './index';
import { pickProfileType, pickRange, pickSelector } from './pickQuery';

/** Optional command argument (tests, other extensions): what it names is not asked. Never secrets. */
export interface OpenFromPyroscopeArgs {
  readonly url?: string;
  readonly profileType?: string;
  /** Label selector, e.g. `{service_name="adserver"}`. */
  readonly query?: string;
  readonly from?: string;
  readonly to?: string;
}

/** Runs the command; the loaded profile's summary, or undefined when cancelled or failed (reported). */
export async function openFromPyroscope(context: vscode.ExtensionContext, host: FleetHost, arg: unknown): Promise<ProfileSummary | undefined> {
  const { server, log } = host;
  const args = (arg && typeof arg === 'object' ? arg : {}) as OpenFromPyroscopeArgs;
  try {
    const connection = await connectToPyroscope(context, log, args.url);
    if (!connection) return undefined;
    const profileTypeId = await pickProfileType(connection.profileTypes, args.profileType);
    if (!profileTypeId) return undefined;
    const labelSelector = await pickSelector(connection.endpoint, profileTypeId, args.query);
    if (!labelSelector) return undefined;
    const range = await pickRange({ ...(args.from ? { from: args.from } : {}), ...(args.to ? { to: args.to } : {}) });
    if (!range) return undefined;
    const window = parseRange(range.from, range.to);
    const outPath = join(await fleetStorageDir(context), defaultOutName(labelSelector, window.startMs, window.endMs));
    const server_ = displayUrl(connection.endpoint.url);
    log.info(`fetching ${profileTypeId} ${labelSelector} (${range.label}) from ${server_}`);
    const result = await withDownloadProgress(`DynamoDB Hot Path: fetching ${labelSelector} (${range.label})`, (signal, report) =>
      fetchProfile({ endpoint: connection.endpoint, query: { profileTypeId, labelSelector, ...window }, outPath, signal, onProgress: (p) => report('downloading', p) }),
    );
    log.info(`fetched ${outPath}: ${(result.profileBytes / 1e6).toFixed(2)} MB of pprof via ${result.method}, max_nodes ${result.maxNodes}${result.notes.length ? `; ${result.notes.join('; ')}` : ''}`);
    const summary = await openProfile(server, log, outPath);
    await cleanFleetStorage(context, log, [outPath, ...host.profilesInUse()]);
    if (summary) {
      const pruned = prunedPercentOfWarnings(summary.warnings);
      void vscode.window.showInformationMessage(
        notificationText(`DynamoDB Hot Path: ${labelSelector} (${range.label}): DynamoDB marshalling ${summary.dynamoPercent.toFixed(1)}% of CPU; pruned by the server into 'other': ${pruned.toFixed(2)}%${result.lookbackNote ? `. Note: ${result.lookbackNote}` : ''}`),
      );
    }
    return summary;
  } catch (e) {
    if (isCancelled(e)) {
      log.info('fetching from Pyroscope cancelled');
      return undefined;
    }
    throw e;
  }
}
