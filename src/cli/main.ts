/**
 * `dynamo-hotpath`: the command-line twin of the extension. Each subcommand lives in its own
 * module exporting `run(args): Promise<number>` (the exit code); this file only dispatches. In the
 * build every command is its own bundle (scripts/cliBundles.mjs), required only when it runs.
 */
import { version } from '../../package.json';
import { isCliUsageError } from './usage';
import { handleOutputErrors } from './outputErrors';
import { guardTerminalText } from './terminalText';
import { redactUrlCredentials } from '../core/redact';
import { SHORT_RUN_COMMANDS, tuneV8ForShortRun } from './v8Tuning';
import { setWorkspaceTrust } from '../core/exec/workspaceTrust';

type CommandModule = { run(args: string[]): Promise<number> };
/** `load` uses `require`, not `import()`: Node's ESM loader would add ~0.1 s of CPU and 14 MB to every run. */
type Command = { summary: string; load: () => CommandModule };

const commands: Record<string, Command> = {
  analyze: { summary: 'find DynamoDB marshalling hot paths in a CPU profile', load: () => require('./analyzeCommand') as CommandModule },
  compare: { summary: 'compare two profiles: CPU per request and per call site, before vs after', load: () => require('./compareCommand') as CommandModule },
  migrate: { summary: 'rewrite aws-sdk v2 / guregu v1 DynamoDB marshalling to v3 / v2 (diff, or --write)', load: () => require('./migrateCommand') as CommandModule },
  bench: { summary: 'benchmark aws-sdk v2 vs v3 DynamoDB marshalling on your items', load: () => require('./benchCommand') as CommandModule },
  fetch: { summary: 'fetch a merged profile from Pyroscope / Grafana Cloud Profiles into a .pb.gz', load: () => require('./fetchCommand') as CommandModule },
  mcp: { summary: 'serve the analysis, the migration preview, the code checks and the benchmark as tools for coding agents (Model Context Protocol, stdio)', load: () => require('./mcpCommand') as CommandModule },
  record: { summary: 'run a Node.js program and record a CPU profile that credits async SDK work to your call sites', load: () => require('./recordCommand') as CommandModule },
  check: { summary: 'check Go and JS/TS code for connection churn and lost throttled writes (keep-alive, pools, timeouts, retries, unprocessed items)', load: () => require('./checkCommand') as CommandModule },
  labels: { summary: 'write the Go call labels: handshakes credited to your DynamoDB calls, calls and retries counted', load: () => require('./labelsCommand') as CommandModule },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `usage: dynamo-hotpath <command> [options]
       dynamo-hotpath help [command]
       dynamo-hotpath --version

commands:
${lines.join('\n')}

Run \`dynamo-hotpath help <command>\` for a command's options and exit codes.
Exit codes: 0 success; 1 the command's check failed (over a budget, changes found, a benchmark
run failed: see its help); 2 bad usage or bad input (the message names the file and the problem),
or the output could not be written;
3 (migrate, bench, check) part of the work could not be done: see the command's help.
`;
}

function unknownCommand(name: string): number {
  process.stderr.write(`dynamo-hotpath: unknown command '${name}'\n\n${usage()}`);
  return 2;
}

async function runCommand(name: string, args: string[]): Promise<number> {
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) return unknownCommand(name);
  if (SHORT_RUN_COMMANDS.has(name)) tuneV8ForShortRun(args);
  // The user's own command vouches for the folders it names: git (hardened) and go may run there.
  setWorkspaceTrust(true);
  try {
    return await command.load().run(args);
  } catch (err) {
    if (isCliUsageError(err)) {
      process.stderr.write(`dynamo-hotpath ${name}: ${redactUrlCredentials(err.message)}\n`);
      return 2;
    }
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    process.stderr.write(usage());
    return 2;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    process.stdout.write(usage());
    return 0;
  }
  if (name === 'help') return runCommand(rest[0]!, ['--help']);
  return runCommand(name, rest);
}

handleOutputErrors();
guardTerminalText();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`dynamo-hotpath: ${redactUrlCredentials(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
    process.exitCode = 2;
  },
);
