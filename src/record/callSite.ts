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
 * The most frames captured per call (beyond the SDK method's own): the SDK's layers below the
 * user's call (v2's DocumentClient ≈ 3, v3's `send` none) and the call site's callers. Real
 * services call the SDK from deep stacks (a web framework's layers above the handler), where
 * the user frames beyond these are set-up code.
 */
const STACK_LIMIT = 12;
/** User frames kept above the call site: the call site plus 3 callers (a wrapper, its caller, theirs). */
export const MAX_CALLERS = 3;
/**
 * V8's capture costs about 5 µs plus 2.5 µs per frame captured (structured call sites are built
 * for every frame; measured on a 20-frame-deep async stack: limit 4 → 19 µs, 12 → 37 µs), so
 * each entry point captures only as many frames as its calls have needed so far, starting from
 * the call site and its callers, and captures again up to {@link STACK_LIMIT} when that was not
 * enough. The result is the one a {@link STACK_LIMIT} capture gives.
 */
const FIRST_LIMIT = MAX_CALLERS + 1;
const learnedLimits = new Map<Function, number>();

/** This file's bundle (frames of the recorder itself are never the user's). */
const OWN_FILE = __filename;

/** Captures at most `limit` frames below `above` as V8's structured call sites. */
function captureFrames(above: Function, limit: number): NodeJS.CallSite[] {
  const savedPrepare = Error.prepareStackTrace;
  const savedLimit = Error.stackTraceLimit;
  try {
    Error.prepareStackTrace = (_error, callSites) => callSites;
    Error.stackTraceLimit = limit;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, above);
    return holder.stack as NodeJS.CallSite[];
  } finally {
    Error.prepareStackTrace = savedPrepare;
    Error.stackTraceLimit = savedLimit;
  }
}

/** The user frames of `frames`, innermost first; `read` = frames looked at (all of them unless the last caller was found first). */
function userFramesOf(frames: readonly NodeJS.CallSite[]): { user: UserFrame[]; viaDocumentClient: boolean; read: number; complete: boolean } {
  let viaDocumentClient = false;
  const user: UserFrame[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i]!;
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
    if (user.length > MAX_CALLERS) return { user, viaDocumentClient, read: i + 1, complete: true };
  }
  return { user, viaDocumentClient, read: frames.length, complete: false };
}

/**
 * The user's frame below `above` on the current stack (the frames of `above` and its callers'
 * SDK layers are skipped), with the user frames above it; undefined when every frame is
 * Node's, a dependency's or ours. Captures as few frames as `above`'s calls have needed
 * ({@link FIRST_LIMIT}); the same frames as a capture of {@link STACK_LIMIT} frames.
 */
export function captureCaller(above: Function): CallerFrame | undefined {
  const limit = learnedLimits.get(above) ?? FIRST_LIMIT;
  let frames = captureFrames(above, limit);
  let found = userFramesOf(frames);
  // Cut at the limit before the last caller was found: the rest of the stack may hold more user frames.
  if (!found.complete && frames.length >= limit && limit < STACK_LIMIT) {
    frames = captureFrames(above, STACK_LIMIT);
    found = userFramesOf(frames);
    // Enough next time: the frames read to the last caller, or the whole stack (+1 to see that it ended there).
    const needed = found.complete || frames.length >= STACK_LIMIT ? found.read : frames.length + 1;
    learnedLimits.set(above, Math.min(STACK_LIMIT, Math.max(limit, needed)));
  }
  const [site, ...callers] = found.user;
  return site ? { ...site, viaDocumentClient: found.viaDocumentClient, callers } : undefined;
}
