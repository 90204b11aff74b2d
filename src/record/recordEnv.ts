/**
 * The environment variables through which `dynamo-hotpath record` (or a user's own start
 * command) configures the preload. Shared by the CLI and the preload.
 */

import type { CallStats } from '../core/analysis/callStats';

/** Output file of a preload used on its own (`node --require dynamo-hotpath/record app.js`). */
export const OUT_ENV = 'DYNAMO_HOTPATH_RECORD_OUT';
/** Folder where each recorded process writes `<pid>.<ext>` and `<pid>.json` (set by the `record` command). */
export const DIR_ENV = 'DYNAMO_HOTPATH_RECORD_DIR';
/** Output format (`pprof` or `cpuprofile`); a preload used on its own takes it from OUT_ENV's extension. */
export const FORMAT_ENV = 'DYNAMO_HOTPATH_RECORD_FORMAT';
/** Sampling interval in µs (default {@link DEFAULT_INTERVAL_US}). */
export const INTERVAL_ENV = 'DYNAMO_HOTPATH_RECORD_INTERVAL_US';

/** 1 ms, @datadog/pprof's default and the interval of the Node fixture profiles. */
export const DEFAULT_INTERVAL_US = 1000;

/**
 * `pprof`: @datadog/pprof's time profiler with sample labels (gzipped pprof, needs the native
 * module). `cpuprofile`: V8's own profiler through the inspector, with labelled time intervals
 * stored in the `.cpuprofile` (no native module).
 */
export type RecordFormat = 'pprof' | 'cpuprofile';

export const RECORD_FORMATS: readonly RecordFormat[] = ['pprof', 'cpuprofile'];

/** File extension of a format's output. */
export function extensionOf(format: RecordFormat): string {
  switch (format) {
    case 'pprof':
      return '.pb.gz';
    case 'cpuprofile':
      return '.cpuprofile';
  }
}

/**
 * The format named by `value` (FORMAT_ENV), else the one an output path's extension implies
 * (`.cpuprofile`), else pprof.
 */
export function formatFrom(value: string | undefined, out: string | undefined): RecordFormat {
  if (value && (RECORD_FORMATS as readonly string[]).includes(value)) return value as RecordFormat;
  return out?.endsWith('.cpuprofile') ? 'cpuprofile' : 'pprof';
}

/** What one recorded process reports beside its profile (`<pid>.json` in the record folder). */
export interface ProcessRecord {
  readonly pid: number;
  readonly argv: readonly string[];
  /** The profile file, absent when recording failed. */
  readonly profile?: string;
  readonly error?: string;
  /** DynamoDB calls seen, in total and per distinct call site (its labels). */
  readonly calls: number;
  readonly callSites: readonly { readonly labels: Readonly<Record<string, string>>; readonly calls: number; readonly stats?: CallStats }[];
  /** SDK module files that were patched. */
  readonly patched: readonly string[];
}
