/** Describes where a benchmark ran: Node/V8, CPU, load, SDK versions (read at build time from the packages). */
import { cpus, loadavg, platform, arch } from 'node:os';
import v2Package from 'aws-sdk/package.json';
import utilPackage from '@aws-sdk/util-dynamodb/package.json';
import libPackage from '@aws-sdk/lib-dynamodb/package.json';
import clientPackage from '@aws-sdk/client-dynamodb/package.json';
import type { BenchEnvironment } from './suiteTypes';

/** SDK and harness versions bundled with the benchmark worker. */
export const SDK_VERSIONS: Record<string, string> = {
  'aws-sdk': v2Package.version,
  '@aws-sdk/util-dynamodb': utilPackage.version,
  '@aws-sdk/lib-dynamodb': libPackage.version,
  '@aws-sdk/client-dynamodb': clientPackage.version,
};

/** The environment at the start of a run; `loadAverageEnd` is filled by {@link finishEnvironment}. */
export function captureEnvironment(): BenchEnvironment {
  const cpu = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${platform()} ${arch()}`,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    cpuCount: cpu.length,
    loadAverageStart: loadavg()[0]!,
    loadAverageEnd: loadavg()[0]!,
    sdkVersions: SDK_VERSIONS,
    execArgv: process.execArgv.filter((a) => !a.includes('tsx')),
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
  };
}

/** Records the load average at the end of the run. */
export function finishEnvironment(env: BenchEnvironment): BenchEnvironment {
  return { ...env, loadAverageEnd: loadavg()[0]! };
}
