/**
 * Errors of agent tools as one line an agent can act on: what is wrong with which input, and what
 * to do. The core's input errors already read so (they are the CLI's messages); the tools' own
 * checks throw {@link AgentToolError}. Anything else is a bug and says so.
 */
import { BenchCancelledError, BenchTimeoutError, BenchWorkerError } from '../core/bench/runner';
import { ItemSourceError } from '../core/bench/itemSource';
import { CompareError } from '../core/compare/compareAnalyses';
import { RequestCountError } from '../core/compare/requestCount';
import { RunRecordError } from '../core/compare/runRecord';
import { WindowError } from '../core/compare/v8Window';
import { FleetError } from '../core/fleet/fleetError';
import { TimeSpecError } from '../core/fleet/timeSpec';
import { redactUrlCredentials } from '../core/redact';
import { isInputError } from '../cli/inputErrors';
import { isCliUsageError } from '../cli/usage';
import { CheckInputError } from '../core/check/types';

/** Bad input or a refused request, found by a tool itself; `message` is one line naming the input and the fix. */
export class AgentToolError extends Error {
  override readonly name = 'AgentToolError';
}

/** The call was cancelled by the caller. */
export class ToolCancelledError extends Error {
  override readonly name = 'ToolCancelledError';
  constructor(tool: string) {
    super(`${tool} was cancelled; nothing was kept`);
  }
}

/** True for errors whose message is meant for the caller (bad input, a refused or failed run), false for bugs. */
export function isExpectedToolError(err: unknown): err is Error {
  return (
    err instanceof AgentToolError ||
    err instanceof ToolCancelledError ||
    isInputError(err) ||
    isCliUsageError(err) ||
    err instanceof CompareError ||
    err instanceof RequestCountError ||
    err instanceof RunRecordError ||
    err instanceof CheckInputError ||
    err instanceof WindowError ||
    err instanceof ItemSourceError ||
    err instanceof BenchCancelledError ||
    err instanceof BenchTimeoutError ||
    err instanceof BenchWorkerError ||
    err instanceof FleetError ||
    err instanceof TimeSpecError
  );
}

/** Collapses a message to one line (the core's multi-line messages end with the CLI's usage text, which tools do not have). */
function oneLine(text: string): string {
  const first = text.split(/\n\s*\n/)[0] ?? text;
  return redactUrlCredentials(first.replace(/\s*\n\s*/g, ' ').trim());
}

/**
 * The one line a caller sees for an error of tool `tool`: the error's own message for expected
 * errors, prefixed with the tool's name; for a bug, the message and where to look.
 */
export function toolErrorLine(tool: string, err: unknown): string {
  if (isExpectedToolError(err)) return `${tool}: ${oneLine(err.message)}`;
  const message = err instanceof Error ? err.message : String(err);
  return `${tool}: internal error (${oneLine(message)}): a bug in dynamo-hotpath, not in your input; the server's log (stderr) has the stack`;
}
