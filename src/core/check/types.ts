/**
 * Shapes of the connection and throttling code checks (`dynamo-hotpath check`, the editor's
 * diagnostics, the MCP tool `check_code`): findings at a range of a file, each with the reason
 * and the fix, and a quick fix where one is safe. The JSON of `check --json` is these shapes
 * (schemas/check.schema.json).
 */

/** What a check looks for. */
export type CheckCode =
  /** A DynamoDB client (or a session / config bringing its own HTTP client) built per request or per loop iteration. */
  | 'client-per-request'
  /** aws-sdk-go v1 session without an HTTP client: http.DefaultClient keeps 2 idle connections per host. */
  | 'default-http-client'
  /** A transport keeping fewer idle connections per host than the service's calls in flight. */
  | 'small-idle-pool'
  /** Keep-alives off on the DynamoDB client's transport or agent. */
  | 'keep-alives-disabled'
  /** aws-sdk v2 (JavaScript) client without a keep-alive agent and AWS_NODEJS_CONNECTION_REUSE_ENABLED nowhere in the project. */
  | 'no-keep-alive'
  /** A deadline or timeout around a DynamoDB call shorter than a TLS handshake plus a request. */
  | 'short-call-timeout'
  /** Fewer retries / attempts than the SDK's default for DynamoDB, or none. */
  | 'retries-below-default'
  /** ProvisionedThroughputExceededException treated as the throttling error where ThrottlingException is never named. */
  | 'throttling-pte-only'
  /** A batch call's UnprocessedItems / UnprocessedKeys never read. */
  | 'unprocessed-not-read';

export const CHECK_CODES: readonly CheckCode[] = [
  'client-per-request',
  'default-http-client',
  'small-idle-pool',
  'keep-alives-disabled',
  'no-keep-alive',
  'short-call-timeout',
  'retries-below-default',
  'throttling-pte-only',
  'unprocessed-not-read',
];

/** One text edit: replace `[start, end)` (UTF-16 offsets of the file's text) with `newText`. */
export interface CheckEdit {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** A fix that keeps behaviour apart from the point of the finding: safe to apply as it is. */
export interface CheckQuickFix {
  readonly title: string;
  readonly edits: readonly CheckEdit[];
}

/** One finding. Lines and columns 1-based (columns in UTF-16 code units, as editors count). */
export interface CheckFinding {
  /** Absolute path. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** UTF-16 offsets of the range in the file's text. */
  readonly start: number;
  readonly end: number;
  readonly severity: 'error' | 'warning' | 'information';
  readonly code: CheckCode;
  /** What is wrong, in one line. */
  readonly message: string;
  /** Why it costs connections or loses work, with the source of the fact. */
  readonly reason: string;
  /** What to do. */
  readonly fix: string;
  readonly quickFix?: CheckQuickFix;
}

/** What `checkPaths` may be told. */
export interface CheckOptions {
  /** A transport keeping fewer idle connections per host than this is flagged (the service's DynamoDB calls in flight); default 10. */
  readonly concurrency?: number;
  /** A deadline around a DynamoDB call shorter than this (ms) is flagged; default 100. */
  readonly minTimeoutMs?: number;
  /** The go binary for Go files; when absent or missing, Go files are listed as not checked. */
  readonly goBinary?: string;
  /** Texts to check instead of the disk's (an editor's unsaved buffers), by absolute path; Go files' reach the Go helper as its overlay. */
  readonly openTexts?: ReadonlyMap<string, string>;
  readonly signal?: AbortSignal;
}

/** A file that was not checked, and why. */
export interface UncheckedFile {
  readonly file: string;
  readonly reason: string;
}

/** The result of a check run. */
export interface CheckResult {
  /** Sorted by file, then position. */
  readonly findings: readonly CheckFinding[];
  /** Files checked (Go and JavaScript/TypeScript). */
  readonly checkedFiles: number;
  readonly unchecked: readonly UncheckedFile[];
}

/** Thrown for a path that does not exist or is not a file or folder; the message names it. */
export class CheckInputError extends Error {
  override readonly name = 'CheckInputError';
}
