/**
 * The Model Context Protocol server of `dynamo-hotpath mcp`: the agent tools (src/agent/tools.ts)
 * over the official TypeScript SDK's low-level `Server`, so each tool's input and output schemas
 * are the JSON Schemas the CLI documents. Paths are confined to the client's roots (asked with
 * roots/list, asked again after roots/list_changed), or the server's working folder when the
 * client declares none; progress goes to the request's progress token; a cancelled request aborts
 * its tool.
 */
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, RootsListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_TOOLS } from '../agent/tools';
import { callTool } from '../agent/callTool';
import { PathScope } from '../agent/pathScope';
import type { AgentMemory, ToolContext } from '../agent/toolTypes';

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  readonly version: string;
  /** The folder used when the client declares no roots (the server's working folder). */
  readonly cwd: string;
  /** Folders the server writes itself (profiles fetched from Pyroscope): always readable. */
  readonly ownFolders: readonly string[];
  /** Where the stack of an internal error goes (stderr). */
  readonly log: (line: string) => void;
}

const INSTRUCTIONS = `DynamoDB Hot Path finds the lines of the user's code that spend CPU marshalling DynamoDB items, the migration that fixes each, and the benchmark that proves the gain.
Start with analyze_profile on a CPU profile (or a Pyroscope query): each call site carries its fix id, the findings that block it, and, after run_benchmark on the user's items, the expected change per request. preview_migration returns the diff and findings without writing: apply the diff yourself or ask the user. check_code finds connection churn and lost throttled work in the code (the fix of reuse-connections call sites). compare_profiles checks a change with before/after profiles.
Paths are read only inside the client's roots (or the server's working folder).`;

const WIDEN_HINT = "add its folder to your MCP client's roots (or start the server in a folder holding it)";

function rootPaths(roots: readonly { uri: string }[]): string[] {
  return roots.flatMap((r) => {
    try {
      return r.uri.startsWith('file:') ? [fileURLToPath(r.uri)] : [];
    } catch {
      return [];
    }
  });
}

/** A server with the tools registered, not yet connected to a transport. */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: 'dynamo-hotpath', title: 'DynamoDB Hot Path', version: options.version },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  const memory: AgentMemory = { benchmarks: [] };
  let roots: Promise<string[]> | undefined;

  const folders = async (): Promise<string[]> => {
    if (!server.getClientCapabilities()?.roots) return [options.cwd];
    roots ??= server.listRoots().then(
      (r) => rootPaths(r.roots),
      (err: unknown) => {
        options.log(`roots/list failed, using the working folder: ${err instanceof Error ? err.message : String(err)}`);
        return [];
      },
    );
    const declared = await roots;
    return declared.length ? declared : [options.cwd];
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    roots = undefined;
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: AGENT_TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema as never, outputSchema: t.outputSchema as never, annotations: { title: t.title, ...t.annotations } })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params;
    const token = request.params._meta?.progressToken;
    let last = 0;
    const progress: ToolContext['progress'] = (message, done, total) => {
      if (token === undefined) return;
      // Progress must grow with every notification; a step counted again (a new worker process) moves it a little.
      last = done > last ? done : last + 0.01;
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: last, ...(total !== undefined && total >= last ? { total } : {}), message } }).catch(() => undefined);
    };
    let scope: PathScope;
    try {
      scope = await PathScope.of(await folders(), WIDEN_HINT, options.ownFolders);
    } catch (err) {
      return { content: [{ type: 'text', text: `${name}: ${err instanceof Error ? err.message : String(err)}` }], isError: true };
    }
    const outcome = await callTool(name, input ?? {}, { scope, signal: extra.signal, progress, memory });
    if (!outcome.ok) {
      if (outcome.bug !== undefined) options.log(`${name} failed: ${outcome.bug instanceof Error ? (outcome.bug.stack ?? outcome.bug.message) : String(outcome.bug)}`);
      return { content: [{ type: 'text', text: outcome.message }], isError: true };
    }
    return {
      content: [
        { type: 'text', text: outcome.summary },
        // Clients that read only `content` get the document too (the MCP specification's advice for structured results).
        { type: 'text', text: JSON.stringify(outcome.structured) },
      ],
      structuredContent: outcome.structured,
    };
  });
  return server;
}
