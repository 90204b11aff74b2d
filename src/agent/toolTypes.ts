/**
 * The shape of an agent tool: what the MCP server (src/mcp) and the editor's language-model tools
 * (src/server/agentTools.ts) both run. A tool is transport-neutral: it gets validated input and a
 * context (the folders it may read, cancellation, progress, what earlier calls left), and returns
 * the same JSON document the CLI's `--json` prints plus a short text summary.
 */
import type { BenchReport } from '../core/bench/suiteTypes';
import type { PathScope } from './pathScope';

/** What a tool call may use besides its input. */
export interface ToolContext {
  /** The folders the caller allows reading (MCP roots, or the working folder; the workspace folders in the editor). */
  readonly scope: PathScope;
  /** Aborted when the caller cancels: the tool stops its work (a benchmark kills its worker) and rejects. */
  readonly signal: AbortSignal;
  /** Progress of a long tool: what it does now and how far, `done` of `total` steps. */
  readonly progress: (message: string, done: number, total?: number) => void;
  /** What outlives one call: the benchmarks run, which later analyses use for expected changes. */
  readonly memory: AgentMemory;
}

/** State a server keeps between tool calls. */
export interface AgentMemory {
  /**
   * The benchmarks `run_benchmark` ran in this server, newest first (at most {@link BENCHMARKS_KEPT}):
   * a Go-only run does not hide the JavaScript suites of an earlier one.
   */
  benchmarks: BenchReport[];
}

/** How many benchmark reports a server keeps. */
export const BENCHMARKS_KEPT = 5;

/** A tool's answer: the structured document (its outputSchema) and a few lines for a human or a model to read first. */
export interface ToolAnswer {
  readonly structured: Record<string, unknown>;
  readonly summary: string;
}

/** MCP tool annotations (hints for the client: whether it only reads, may be repeated, reaches outside). */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** One tool: its name, descriptions, JSON Schemas (draft 2020-12) and its run function. */
export interface AgentTool<Input = Record<string, unknown>> {
  readonly name: string;
  readonly title: string;
  /** What the tool does, when to call it and what it returns: written for a model. */
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema: Record<string, unknown>;
  readonly annotations: ToolHints;
  /** Runs the tool on input already validated against `inputSchema`. Throws AgentToolError (or a core input error) for bad input. */
  run(input: Input, context: ToolContext): Promise<ToolAnswer>;
}
