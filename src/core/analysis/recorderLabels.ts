/**
 * The sample labels `dynamo-hotpath record` writes (see `src/record/`), and how the analysis
 * reads them back. One label set per distinct (call site, callers, operation, client); in a pprof
 * each sample carries only its set's id (`ddb.ctx`, `src/core/profile/contextLabels.ts`).
 */

export { CONTEXT_LABEL } from '../profile/contextLabels';

/** `<file>:<line>:<column>` of the user's call into the SDK, as V8 reports it (1-based line and column). */
export const CALL_SITE_LABEL = 'ddb.call_site';
/** Name of the function holding that call (`getUserActivity`; `(anonymous)` when V8 has none). */
export const FUNCTION_LABEL = 'ddb.function';
/** DynamoDB API operation (`Query`, `PutItem`, `BatchGetItem`…). */
export const OPERATION_LABEL = 'ddb.operation';
/**
 * The recorder's own file (its wrappers sit on the stack of every call): the analysis drops the
 * file of its frames, so they count neither as the user's code nor as an unmapped file.
 */
export const RECORDER_LABEL = 'ddb.recorder';
/**
 * The user frames that called the call site's function, innermost first (at most 3: a wrapper
 * like `query: (p) => ddb.query(p).promise()` is the call site, these say whose request it was):
 * one `<file>:<line>:<column>\t<function>` per line. Absent when no frame of the user's code
 * called it.
 */
export const CALLERS_LABEL = 'ddb.callers';
/** Client class the user called (`DocumentClient`, `DynamoDB`, `DynamoDBDocumentClient`, `DynamoDBClient`). */
export const CLIENT_LABEL = 'ddb.client';
/**
 * The SDK of the call (an `SdkId`: `aws-sdk-js-v2`, `aws-sdk-js-v3`, `aws-sdk-go-v1`,
 * `aws-sdk-go-v2`): a client class name alone does not tell (`DynamoDB` is a class of both
 * JavaScript SDKs). Absent in recordings made before it was written.
 */
export const SDK_LABEL = 'ddb.sdk';

/** A recorded call site, parsed from its labels. */
export interface RecordedCallSite {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  readonly functionName: string;
  readonly operation: string | undefined;
  readonly client: string | undefined;
  /** The user frames that called it, innermost first ({@link CALLERS_LABEL}); empty when none were recorded. */
  readonly callers: readonly RecordedFrame[];
}

/** One recorded frame of the user's code. */
export interface RecordedFrame {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  readonly functionName: string;
}

const PLACE = /^(.+):(\d+):(\d+)$/;

/** The {@link CALLERS_LABEL} value of `frames` (innermost first). */
export function callersLabel(frames: readonly RecordedFrame[]): string {
  return frames.map((f) => `${f.file}:${f.line}:${f.column}\t${f.functionName}`).join('\n');
}

/** Reads a {@link CALLERS_LABEL} value; malformed entries (no `file:line:column`, line < 1) are left out. */
export function recordedCallers(value: string | undefined): RecordedFrame[] {
  if (!value) return [];
  const out: RecordedFrame[] = [];
  for (const entry of value.split('\n')) {
    const tab = entry.lastIndexOf('\t');
    const m = PLACE.exec(tab >= 0 ? entry.slice(0, tab) : entry);
    if (!m || Number(m[2]) < 1) continue;
    out.push({ file: m[1]!, line: Number(m[2]), column: Number(m[3]), functionName: (tab >= 0 ? entry.slice(tab + 1) : '') || '(anonymous)' });
  }
  return out;
}

/**
 * Reads the call site of a label set; undefined when it has no well-formed `ddb.call_site`
 * (`file:line:column`, the file itself may contain colons: `C:\…`, `file:///…`).
 */
export function recordedCallSite(labels: Readonly<Record<string, string>>): RecordedCallSite | undefined {
  const value = labels[CALL_SITE_LABEL];
  if (value === undefined) return undefined;
  const m = PLACE.exec(value);
  if (!m) return undefined;
  const line = Number(m[2]);
  if (line < 1) return undefined;
  return {
    file: m[1]!,
    line,
    column: Number(m[3]),
    functionName: labels[FUNCTION_LABEL] || '(anonymous)',
    operation: labels[OPERATION_LABEL],
    client: labels[CLIENT_LABEL],
    callers: recordedCallers(labels[CALLERS_LABEL]),
  };
}
