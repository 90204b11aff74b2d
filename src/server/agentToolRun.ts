/**
 * The editor's side of the agent tools (required by agentTools.ts on the first call): each call's
 * context — the workspace folders as the folders it may read, Workspace Trust, the server's memory
 * of the last benchmark, the request's cancellation — and the two tools that work on the editor's
 * state: analyze_profile on the loaded profile, compare_profiles as Compare with Baseline. The
 * others are the MCP server's, unchanged.
 */
import { pathToFileURL } from 'node:url';
import type { CancellationToken } from 'vscode-languageserver/node';
import { analysisAnswer } from '../agent/analyzeProfile';
import { callTool, runValidated, type ToolOutcome } from '../agent/callTool';
import { checkOneCountPerProfile, comparisonSummary } from '../agent/compareProfiles';
import { EDITOR_ANALYZE_PROFILE_INPUT, EDITOR_COMPARE_PROFILES_INPUT } from '../agent/inputSchemas';
import { PathScope } from '../agent/pathScope';
import { AgentToolError, toolErrorLine } from '../agent/toolErrors';
import type { AgentMemory, ToolAnswer, ToolContext } from '../agent/toolTypes';
import type { AgentToolParams } from '../shared/protocol';
import type { AgentToolsHost } from './agentTools';
import { LoadCancelled } from './profileSession';
import { WorkerUserError } from './profileWorkerClient';

/** What outlives one call in this server: the last benchmark, for the expected changes of later analyses. */
const memory: AgentMemory = { benchmarks: [] };

const WIDEN_HINT = 'open its folder in the workspace (File: Add Folder to Workspace…)';

interface EditorAnalyzeInput {
  readonly profile?: string;
  readonly root?: string;
  readonly top?: number;
  readonly requests?: string;
  readonly previewFixes?: boolean;
}

interface EditorCompareInput {
  readonly before: readonly string[];
  readonly after?: readonly string[];
  readonly requestsBefore?: readonly string[];
  readonly requestsAfter?: readonly string[];
}

function cancelledIf(context: ToolContext): () => boolean {
  return () => context.signal.aborted;
}

async function analyzeLoaded(input: EditorAnalyzeInput, context: ToolContext, host: AgentToolsHost): Promise<ToolAnswer> {
  if (input.profile !== undefined) {
    const path = await context.scope.resolve(input.profile, 'profile');
    if (host.session()?.profilePath !== path) await host.load(path, () => undefined, cancelledIf(context));
  }
  const session = host.session();
  if (!session) throw new AgentToolError("no profile is loaded: give 'profile' (a profile file in the workspace), or open one with DynamoDB Hot Path: Open CPU Profile…");
  const analyses = [...session.roots.values()];
  let root: (typeof analyses)[number] | undefined = analyses.find((r) => r.analysis.callSites.length > 0) ?? analyses[0];
  if (input.root !== undefined) {
    const uri = pathToFileURL(await context.scope.resolve(input.root, 'root')).href;
    root = analyses.find((r) => r.rootUri === uri || r.rootUri === `${uri}/`);
    if (!root) throw new AgentToolError(`root '${input.root}' is not a workspace folder: give one of ${analyses.map((r) => r.rootPath).join(', ')}`);
  }
  if (!root) throw new AgentToolError('the workspace has no folder to map the profile to: open the folder holding your sources');
  return analysisAnswer(root.analysis, { root: root.rootPath, profilePath: session.profilePath, top: input.top ?? 10, previewFixes: input.previewFixes ?? true, ...(input.requests !== undefined ? { requests: input.requests } : {}) }, context);
}

async function compareShown(input: EditorCompareInput, context: ToolContext, host: AgentToolsHost): Promise<ToolAnswer> {
  const resolve = (paths: readonly string[] | undefined, what: string) => Promise.all((paths ?? []).map((p) => context.scope.resolve(p, what)));
  const [before, after] = await Promise.all([resolve(input.before, 'before profile'), resolve(input.after, 'after profile')]);
  checkOneCountPerProfile('requestsBefore', input.requestsBefore, before.length);
  checkOneCountPerProfile('requestsAfter', input.requestsAfter, Math.max(after.length, 1));
  if (!after.length && !host.session()) throw new AgentToolError("no profile is loaded to compare with: give 'after' (the new profiles), or open one first");
  const more = (paths: readonly string[], counts: readonly string[] | undefined) => paths.slice(1).map((path, i) => ({ path, ...(counts?.[i + 1] !== undefined ? { requests: counts[i + 1] } : {}) }));
  const state = await host.compare(
    {
      baselinePath: before[0]!,
      ...(after[0] ? { afterPath: after[0] } : {}),
      ...(input.requestsBefore?.[0] !== undefined ? { baselineRequests: input.requestsBefore[0] } : {}),
      ...(input.requestsAfter?.[0] !== undefined ? { afterRequests: input.requestsAfter[0] } : {}),
      moreBaselines: more(before, input.requestsBefore),
      moreAfters: more(after, input.requestsAfter),
      progressId: 'agent-tool',
    },
    cancelledIf(context),
  );
  const comparison = state.view.comparison;
  const structured = { ...comparison, notes: [...state.summary.notes] };
  return { structured: JSON.parse(JSON.stringify(structured)) as Record<string, unknown>, summary: comparisonSummary(structured) };
}

/** Runs one tool call of the editor; never throws. */
export async function runAgentTool(params: AgentToolParams, host: AgentToolsHost, token: CancellationToken): Promise<ToolOutcome> {
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  let scope: PathScope;
  try {
    scope = await PathScope.of(host.roots().map((r) => r.path), WIDEN_HINT);
  } catch (err) {
    return { ok: false, message: toolErrorLine(params.tool, err) };
  }
  const context: ToolContext = { scope, signal: controller.signal, progress: () => undefined, memory };
  const outcome =
    params.tool === 'analyze_profile'
      ? await runValidated<EditorAnalyzeInput>(params.tool, EDITOR_ANALYZE_PROFILE_INPUT, params.input, context, (input) => analyzeLoaded(input, context, host))
      : params.tool === 'compare_profiles'
        ? await runValidated<EditorCompareInput>(params.tool, EDITOR_COMPARE_PROFILES_INPUT, params.input, context, (input) => compareShown(input, context, host))
        : await callTool(params.tool, params.input, context);
  // A load or comparison that a newer one replaced, and the worker's input errors, say so, not "internal error".
  if (!outcome.ok && outcome.bug instanceof LoadCancelled) return { ok: false, message: `${params.tool}: ${outcome.bug.message} (another profile was loaded meanwhile)` };
  if (!outcome.ok && outcome.bug instanceof WorkerUserError) return { ok: false, message: `${params.tool}: ${outcome.bug.message}` };
  return outcome;
}
