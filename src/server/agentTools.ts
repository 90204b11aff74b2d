/**
 * Serves {@link AgentToolRequest}, the editor's language-model tools, on what the editor has:
 * the loaded profile (analyze_profile loads the one it is given, as Open CPU Profile does),
 * Compare with Baseline's comparison (compare_profiles shows it, as the command does), the
 * workspace folders as the only folders a tool may read, and Workspace Trust (core/exec/workspaceTrust.ts:
 * no go runs before it). The tools themselves are src/agent's, required on the first call.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { AgentToolRequest, type AgentToolAnswer, type CompareProfilesParams } from '../shared/protocol';
import type { ComparisonState } from './compareSession';
import type { ProfileSession, WorkspaceRoot } from './profileSession';

/** What the tools need of the server. */
export interface AgentToolsHost {
  readonly roots: () => readonly WorkspaceRoot[];
  readonly session: () => ProfileSession | undefined;
  /** Loads a profile as the shown one; throws ProfileError, LoadCancelled. */
  readonly load: (path: string, progress: (message: string, percent: number) => void, isCancelled: () => boolean) => Promise<ProfileSession>;
  /** Compares and shows the comparison; throws the core's comparison errors, LoadCancelled. */
  readonly compare: (params: CompareProfilesParams, isCancelled: () => boolean) => Promise<ComparisonState>;
}

/** Registers the request; the tools' code loads on the first call. */
export function registerAgentTools(connection: Connection, host: AgentToolsHost): void {
  connection.onRequest(AgentToolRequest, async (params, token: CancellationToken): Promise<AgentToolAnswer | ResponseError<void>> => {
    const run = (require('./agentToolRun') as typeof import('./agentToolRun')).runAgentTool;
    const outcome = await run(params, host, token);
    if (outcome.ok) return { summary: outcome.summary, structured: outcome.structured };
    if (outcome.bug !== undefined) connection.console.error(`${params.tool} failed: ${outcome.bug instanceof Error ? (outcome.bug.stack ?? outcome.bug.message) : String(outcome.bug)}`);
    return new ResponseError(token.isCancellationRequested ? LSPErrorCodes.RequestCancelled : 1, outcome.message);
  });
}
