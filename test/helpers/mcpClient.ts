/**
 * The MCP SDK's own client driving `dynamo-hotpath mcp` over stdio, the server run from its
 * TypeScript sources in a child process (the same code the bundle holds).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const REPO = resolve(__dirname, '..', '..');

/** A connected client; `roots` (when given) are declared and can be changed with `setRoots`. */
export interface McpSession {
  readonly client: Client;
  /** The server's process id. */
  readonly pid: number;
  /** Replaces the declared roots and tells the server (roots/list_changed). */
  setRoots(folders: readonly string[]): Promise<void>;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** Starts the server in `cwd` (default the repository) with `env` added; with `roots`, the client declares them. */
export async function startMcp(options: { cwd?: string; roots?: readonly string[]; env?: Record<string, string> } = {}): Promise<McpSession> {
  const tsx = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', tsx, join(REPO, 'src/cli/main.ts'), 'mcp'],
    cwd: options.cwd ?? REPO,
    stderr: 'pipe',
    env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', ...options.env } as Record<string, string>,
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  let roots = options.roots ?? [];
  const client = new Client({ name: 'dynamo-hotpath-tests', version: '1.0.0' }, { capabilities: options.roots ? { roots: { listChanged: true } } : {} });
  if (options.roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((f) => ({ uri: pathToFileURL(f).href, name: f })) }));
  await client.connect(transport);
  return {
    client,
    pid: transport.pid!,
    async setRoots(folders) {
      roots = folders;
      await client.sendRootsListChanged();
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}
