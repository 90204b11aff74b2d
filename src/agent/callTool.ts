/**
 * One tool call from start to answer, the same for every transport: find the tool, validate the
 * input, run it, and turn any failure into the one line the caller sees (and, for a bug, the error
 * to log).
 */
import { validateInput } from './inputValidation';
import { ToolCancelledError, toolErrorLine, isExpectedToolError } from './toolErrors';
import { AGENT_TOOLS, agentTool } from './tools';
import type { ToolAnswer, ToolContext } from './toolTypes';

/** The answer, or the one-line message of a refused or failed call (`bug` set when it was not the input's fault). */
export type ToolOutcome = ({ readonly ok: true } & ToolAnswer) | { readonly ok: false; readonly message: string; readonly bug?: unknown };

/** Validates `input` against `schema` and runs `run` on it, as tool `name`. Never throws. */
export async function runValidated<Input>(name: string, schema: Record<string, unknown>, input: unknown, context: ToolContext, run: (input: Input) => Promise<ToolAnswer>): Promise<ToolOutcome> {
  try {
    return { ok: true, ...(await run(validateInput<Input>(schema, input))) };
  } catch (err) {
    const error = context.signal.aborted && !(err instanceof ToolCancelledError) ? new ToolCancelledError(name) : err;
    return { ok: false, message: toolErrorLine(name, error), ...(isExpectedToolError(error) ? {} : { bug: error }) };
  }
}

/** Runs tool `name` (src/agent/tools.ts) on `input`. Never throws. */
export async function callTool(name: string, input: unknown, context: ToolContext): Promise<ToolOutcome> {
  const tool = agentTool(name);
  if (!tool) return { ok: false, message: `${name}: no such tool (the tools: ${AGENT_TOOLS.map((t) => t.name).join(', ')})` };
  return runValidated(name, tool.inputSchema, input, context, (valid: Record<string, unknown>) => tool.run(valid, context));
}
