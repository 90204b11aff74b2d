/**
 * Finds the user's call into the SDK on the current stack: the innermost frame that is
 * neither Node's own code, a dependency (`node_modules`), nor this recorder — and the user
 * frames that called it (a helper like `query: (p) => ddb.query(p).promise()` is the call site;
 * its callers say whose request it was). Uses V8's structured call sites
 * (`Error.prepareStackTrace`), so no stack string is formatted; `await` frames count (V8's
 * async stack traces).
 */

/** One frame of the user's code. Line and column 1-based, as V8 reports them. */
export interface UserFrame {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly functionName: string;
}

/** Where the user called the SDK from. */
export interface CallerFrame extends UserFrame {
  /** True when a frame of aws-sdk v2's DocumentClient sits between the user and the capture point. */
  readonly viaDocumentClient: boolean;
  /**
   * The user frames that led to this one, innermost first, at most {@link MAX_CALLERS}; a frame
   * at the same place as one already kept (recursion) is skipped.
   */
  readonly callers: readonly UserFrame[];
}

const DEPENDENCY = /[\\/]node_modules[\\/]/;
const DOCUMENT_CLIENT = /[\\/]aws-sdk[\\/]lib[\\/]dynamodb[\\/]document_client\.js$/;
/**
 * Frames captured per call (beyond the SDK method's own): the SDK's layers below the user's call
 * (v2's DocumentClient ≈ 3, v3's `send` none) and the call site's callers. The capture costs
 * per frame captured, not per frame read (measured at load 11: 71 µs with a 32-frame limit on a
 * 28-frame-deep stack, 15 µs with 8), and real services call the SDK from deep stacks (a web
 * framework's layers above the handler), where the user frames beyond these are set-up code.
 */
const STACK_LIMIT = 12;
/** User frames kept above the call site: the call site plus 3 callers (a wrapper, its caller, theirs). */
export const MAX_CALLERS = 3;

/** This file's bundle (frames of the recorder itself are never the user's). */
const OWN_FILE = __filename;

/**
 * The user's frame below `above` on the current stack (the frames of `above` and its callers'
 * SDK layers are skipped), with the user frames above it; undefined when every frame is
 * Node's, a dependency's or ours.
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
  const user: UserFrame[] = [];
  for (const frame of frames) {
    const file = frame.getFileName();
    if (!file || file === OWN_FILE || file.startsWith('node:')) continue;
    if (DEPENDENCY.test(file)) {
      if (user.length === 0 && DOCUMENT_CLIENT.test(file)) viaDocumentClient = true;
      continue;
    }
    const line = frame.getLineNumber() ?? 0;
    const column = frame.getColumnNumber() ?? 0;
    if (user.some((u) => u.line === line && u.column === column && u.file === file)) continue;
    user.push({ file, line, column, functionName: frame.getFunctionName() || '(anonymous)' });
    if (user.length > MAX_CALLERS) break;
  }
  const [site, ...callers] = user;
  return site ? { ...site, viaDocumentClient, callers } : undefined;
}
