/**
 * The agent tools as VS Code language-model tools (`vscode.lm.registerTool`), for the built-in
 * agent and any chat participant: each sends {@link AgentToolRequest} to the language server,
 * which runs it on the loaded profile and the workspace folders. The benchmark asks the user
 * first (it starts worker processes, and go for the Go suite); the others only read.
 */
import * as vscode from 'vscode';
import { AgentToolRequest } from '../shared/protocol';
import { LM_TOOLS, type LmToolEntry } from '../shared/lmTools';
import { DEFAULT_PROCESS_POLICY } from '../core/bench/policy';
import type { ServerClient } from './serverClient';

type Input = Record<string, unknown>;

const basename = (p: unknown) => (typeof p === 'string' ? p.slice(p.replace(/\\/g, '/').lastIndexOf('/') + 1) : '');

function invocationMessage(entry: LmToolEntry, input: Input): string {
  switch (entry.agentTool) {
    case 'analyze_profile':
      return input.profile ? `Analysing ${basename(input.profile)} for DynamoDB marshalling` : 'Analysing the loaded profile for DynamoDB marshalling';
    case 'compare_profiles':
      return `Comparing ${(input.before as unknown[] | undefined)?.map(basename).join(', ') ?? 'the baseline'} with ${(input.after as unknown[] | undefined)?.map(basename).join(', ') ?? 'the loaded profile'}`;
    case 'preview_migration':
      return `Previewing the DynamoDB SDK migration of ${(input.paths as unknown[] | undefined)?.map(basename).join(', ') ?? 'the files'} (nothing is written)`;
    case 'check_code':
      return `Checking ${(input.paths as unknown[] | undefined)?.map(basename).join(', ') ?? 'the files'} for connection churn and lost throttled work`;
    case 'run_benchmark':
      return 'Benchmarking DynamoDB marshalling on your items';
  }
}

/** The confirmation of a benchmark: what it starts and for how long at most. */
function benchmarkConfirmation(input: Input): vscode.LanguageModelToolConfirmationMessages {
  const suites = (input.suites as string[] | undefined) ?? ['conversion', 'response'];
  const min = (input.processes as number | undefined) ?? DEFAULT_PROCESS_POLICY.minProcesses;
  const max = Math.max(min, (input.maxProcesses as number | undefined) ?? DEFAULT_PROCESS_POLICY.maxProcesses);
  const budget = (input.timeBudgetSeconds as number | undefined) ?? DEFAULT_PROCESS_POLICY.timeBudgetMs / 1000;
  const items = input.items ? `the items of \`${basename(input.items)}\`` : input.itemsJson ? 'the items the agent gave' : `generated items (${(input.generate as string | undefined) ?? 'nested:40'})`;
  const go = suites.includes('go') ? ' The go suite builds and runs `go test` in your Go module (an overlay: no file of yours is written).' : '';
  return {
    title: 'Run the DynamoDB marshalling benchmark?',
    message: new vscode.MarkdownString(`Measures aws-sdk v2 against v3 (${suites.join(', ')}) on ${items} in ${min === max ? min : `${min} to ${max}`} fresh Node worker process${max === 1 ? '' : 'es'}, for about ${budget} s at most.${go}`),
  };
}

/** The message of a failed request, one line (the server's ResponseError message). */
function failure(err: unknown): Error {
  return new Error(err instanceof Error ? err.message : String(err));
}

/** Registers every tool of {@link LM_TOOLS}; disposed with the extension. */
export function registerAgentTools(context: vscode.ExtensionContext, server: ServerClient, log: vscode.LogOutputChannel): void {
  for (const entry of LM_TOOLS) {
    const tool: vscode.LanguageModelTool<Input> = {
      prepareInvocation: (options) => ({
        invocationMessage: invocationMessage(entry, options.input ?? {}),
        ...(entry.runs ? { confirmationMessages: benchmarkConfirmation(options.input ?? {}) } : {}),
      }),
      invoke: async (options, token) => {
        const client = await server.get();
        log.info(`language-model tool ${entry.name}: ${JSON.stringify(options.input).slice(0, 500)}`);
        try {
          const answer = await client.sendRequest(AgentToolRequest, { tool: entry.agentTool, input: options.input ?? {} }, token);
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.summary), new vscode.LanguageModelTextPart(JSON.stringify(answer.structured))]);
        } catch (err) {
          log.warn(`language-model tool ${entry.name} failed: ${err instanceof Error ? err.message : String(err)}`);
          throw failure(err);
        }
      },
    };
    context.subscriptions.push(vscode.lm.registerTool(entry.name, tool));
  }
}
