/**
 * `dynamo-hotpath mcp`: the Model Context Protocol server over stdio (src/mcp/server.ts), for
 * coding agents (VS Code's agent mode, Claude Code, Cursor…). stdout carries the protocol only;
 * everything else goes to stderr.
 *
 * Exit codes: 0 when the client closes the connection; 2 bad usage.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { version } from '../../package.json';
import { DOWNLOADS_DIR } from '../agent/downloads';
import { createMcpServer } from '../mcp/server';
import { CliUsageError } from './usage';

const HELP = `usage: dynamo-hotpath mcp

Runs the Model Context Protocol server over stdio: an MCP client (an editor's agent mode, Claude
Code, Cursor…) starts it and calls its tools:

  analyze_profile    DynamoDB marshalling hot paths of a profile, each call site with its fix
                     (migration id, the findings that block it, the benchmark's expected saving)
  compare_profiles   before/after profiles: CPU per request with intervals, rows matched
  preview_migration  the migration's unified diff and findings; never writes
  check_code         connection churn and lost throttled work in the code, each with its fix
  run_benchmark      aws-sdk v2 vs v3 (and Go v1 vs v2) marshalling on your items, with verdicts

The tools read only inside the roots the client declares (or this folder when it declares none).
Their results are the documents of analyze, compare, migrate, check and bench --json
(JSON Schemas in schemas/). Pyroscope credentials come from DYNAMO_HOTPATH_PYROSCOPE_TOKEN or
DYNAMO_HOTPATH_PYROSCOPE_PASSWORD in the server's environment.

Client configuration (VS Code, .vscode/mcp.json):
  { "servers": { "dynamo-hotpath": { "type": "stdio", "command": "dynamo-hotpath", "args": ["mcp"] } } }

exit codes:
  0  the client closed the connection
  2  bad usage
`;

/** Runs the server until the client disconnects; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  if (args.length) throw new CliUsageError(`takes no arguments (got '${args[0]}')\n\n${HELP}`);
  // Anything a library logs must not reach stdout, which is the protocol's.
  console.log = console.error;
  console.info = console.error;
  const server = createMcpServer({ version, cwd: process.cwd(), ownFolders: [DOWNLOADS_DIR], log: (line) => process.stderr.write(`dynamo-hotpath mcp: ${line}\n`) });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  process.stdin.once('end', () => void server.close());
  await closed;
  return 0;
}
