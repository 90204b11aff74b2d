/**
 * `dynamo-hotpath`: the command-line twin of the extension. Each subcommand lives in its own
 * module exporting `run(args): Promise<number>` (the exit code); this file only dispatches.
 */
import { CliUsageError } from './usage';

type Command = { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> };

const commands: Record<string, Command> = {
  analyze: { summary: 'find DynamoDB marshalling hot paths in a CPU profile', load: () => import('./analyzeCommand') },
  bench: { summary: 'benchmark aws-sdk v2 vs v3 DynamoDB marshalling on your items', load: () => import('./benchCommand') },
  migrate: { summary: 'rewrite aws-sdk v2 / guregu v1 DynamoDB marshalling to v3 / v2 (diff, or --write)', load: () => import('./migrateCommand') },
  compare: { summary: 'compare two profiles: CPU per request and per call site, before vs after', load: () => import('./compareCommand') },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `usage: dynamo-hotpath <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun \`dynamo-hotpath <command> --help\` for a command's options.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`dynamo-hotpath: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  try {
    return await (await command.load()).run(rest);
  } catch (err) {
    if (err instanceof CliUsageError) {
      process.stderr.write(`dynamo-hotpath ${name}: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`dynamo-hotpath: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 2;
  },
);
