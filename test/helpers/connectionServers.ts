/**
 * The servers of the connection and throttling service tests, on 127.0.0.1: dynalite with the
 * tables `orders`, `events-churn`, `events-fixed`; the throttling stand-in in front of it for the
 * events tables; a TLS front (test CA) to the stand-in, the services' DynamoDB endpoint; a second
 * TLS front as the audit host. And what a test reads of one recorded run: its analysis as JSON
 * and text with the run record's request count, what the TLS front counted, what was stored.
 */
import { rmSync } from 'node:fs';
import { startDynalite, type LocalDynamo } from './dynalite';
import { makeCertificates, startThrottlingStandIn, startTlsFront, type RunningFront, type RunningThrottle, type TestCertificates } from './tlsFront';
import { toAnalysisJson } from '../../src/cli/analyzeJson';
import { renderAnalysisText } from '../../src/cli/analyzeText';
import { analyzeFile } from '../../src/core/analysis/analyzeFile';
import { readRunRecord, requestInputOf } from '../../src/core/compare/runRecord';
import { resolveRequests } from '../../src/core/compare/requestCount';

export interface ConnectionServers {
  readonly certs: TestCertificates;
  readonly dynamo: LocalDynamo;
  readonly throttle: RunningThrottle;
  /** The DynamoDB endpoint the services use (TLS → stand-in → dynalite). */
  readonly front: RunningFront;
  readonly audit: RunningFront;
  close(): Promise<void>;
}

/** Starts the servers; the stand-in lets `writesPerSecond` through, `burst` at most at once. */
export async function startConnectionServers(writesPerSecond: number, burst: number): Promise<ConnectionServers> {
  const certs = makeCertificates();
  const dynamo = await startDynalite();
  for (const table of ['orders', 'events-churn', 'events-fixed']) await dynamo.createTable(table);
  const throttle = await startThrottlingStandIn(dynamo.endpoint, writesPerSecond, ['events-churn', 'events-fixed'], burst);
  const front = await startTlsFront(throttle.url, certs);
  const audit = await startTlsFront(dynamo.endpoint, certs);
  return {
    certs,
    dynamo,
    throttle,
    front,
    audit,
    async close() {
      await audit.close();
      await front.close();
      await throttle.close();
      await dynamo.close();
      certs.remove();
    },
  };
}

/** One run of a service variant, analysed. */
export interface ServiceRun {
  readonly profile: string;
  readonly json: ReturnType<typeof toAnalysisJson>;
  readonly text: string;
  /** TLS connections the front saw during the run. */
  readonly frontHandshakes: number;
  /** Items stored in the variant's events table. */
  readonly stored: number;
}

/**
 * Runs `serve` (one service run writing `profile` and its run record `<profile>.json`), then
 * analyses the profile against `root` with the run record's requests and counts.
 */
export async function analysedRun(servers: ConnectionServers, variant: 'churn' | 'fixed', profile: string, root: string, serve: () => Promise<void>): Promise<ServiceRun> {
  const before = servers.front.handshakes();
  await serve();
  const frontHandshakes = servers.front.handshakes() - before;
  const runRecord = await readRunRecord(`${profile}.json`);
  const { analysis } = await analyzeFile(profile, { root, ...(runRecord.callSites ? { recordedStats: runRecord.callSites } : {}) });
  const requests = resolveRequests(requestInputOf(runRecord), analysis.durationNs);
  return {
    profile,
    json: toAnalysisJson(analysis, { root, top: 20, requests }),
    text: renderAnalysisText(analysis, { root, top: 20, requests }),
    frontHandshakes,
    stored: (await servers.dynamo.scan(`events-${variant}`)).length,
  };
}

/** Removes a test's temporary folder. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
