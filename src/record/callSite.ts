/**
 * Finds the user's call into the SDK on the current stack: the innermost frame that is
 * neither Node's own code, a dependency (`node_modules`), nor this recorder. Uses V8's
 * structured call sites (`Error.prepareStackTrace`), so no stack string is formatted.
 */

/** Where the user called the SDK from. Line and column 1-based, as V8 reports them. */
export interface CallerFrame {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly functionName: string;
  /** True when a frame of aws-sdk v2's DocumentClient sits between the user and the capture point. */
  readonly viaDocumentClient: boolean;
}

const DEPENDENCY = /[\\/]node_modules[\\/]/;
const DOCUMENT_CLIENT = /[\\/]aws-sdk[\\/]lib[\\/]dynamodb[\\/]document_client\.js$/;
/** Frames kept per capture: enough to climb out of the SDK's own layers (v3 ≈ 6, v2 ≈ 8). */
const STACK_LIMIT = 32;

/** This file's bundle (frames of the recorder itself are never the user's). */
const OWN_FILE = __filename;

/**
 * The user's frame below `above` on the current stack (the frames of `above` and its callers'
 * SDK layers are skipped); undefined when every frame is Node's, a dependency's or ours.
 */
export function captureCaller(above: Function): CallerFrame | undefined {
  const savedPrepare = Error.prepareStackTrace;
  const savedLimit = Error.stackTraceLimit;
  let frames: NodeJS.CallSite[] = [];
  try {
    Error.prepareStackTrace = (_error, callSites) => callSites;
    Error.stackTraceLimit = STACK_LIMIT;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, above);
    frames = holder.stack as NodeJS.CallSite[];
  } finally {
    Error.prepareStackTrace = savedPrepare;
    Error.stackTraceLimit = savedLimit;
  }
  let viaDocumentClient = false;
  for (const frame of frames) {
    const file = frame.getFileName();
    if (!file || file === OWN_FILE || file.startsWith('node:')) continue;
    if (DEPENDENCY.test(file)) {
      if (DOCUMENT_CLIENT.test(file)) viaDocumentClient = true;
      continue;
    }
    return {
      file,
      line: frame.getLineNumber() ?? 0,
      column: frame.getColumnNumber() ?? 0,
      functionName: frame.getFunctionName() || '(anonymous)',
      viaDocumentClient,
    };
  }
  return undefined;
}
