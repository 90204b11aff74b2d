/**
 * `dynamo-hotpath migrate <dirs|files> [--write]`: migrates aws-sdk v2 DynamoDB code to AWS SDK
 * v3 as one program per project (a client changes with all its uses across files, or not at all)
 * and guregu/dynamo v1 / dynamodbattribute to their v2 successors in Go. See `help` for output
 * and exit codes.
 */
import { writeFile } from 'node:fs/promises';
import { collectMigration } from './migrateRun';
import { fileDiff, toMigrationJson } from './migrateJson';
import { CliUsageError } from './usage';

const help = `usage: dynamo-hotpath migrate <dirs|files...> [--write] [--verify | --no-verify] [--test] [--go-get] [--json]

Migrates aws-sdk v2 DynamoDB code (DocumentClient, the low-level DynamoDB client, Converter) to
AWS SDK v3 with the options that keep stored and returned items identical, and guregu/dynamo v1 /
dynamodbattribute to their v2 successors (Go). A folder is migrated as one TypeScript program
(JavaScript included): a client changes together with all its uses across files, or not at all.
Files named one by one belong to the project of their nearest package.json; only they may change.
Go files are rewritten with Go's own parser and type checker (needs go on PATH), their packages'
_test.go files with them; packages that pass guregu/dynamo values to a named one move with it.
The whole module is checked with go build ./... and go vet ./... through -overlay (your files are
not touched by the check); a rewrite that does not build is not made. --test also runs the
module's go test ./... before and after (in a sandbox) and prints both pass counts; a rewrite that
makes a passing test fail is not made. go.mod is never changed unasked: --go-get runs go get for
the modules the rewrite needs (and removes guregu/dynamo v1 / aws-sdk-go v1 when nothing imports
them any more) and prints the go.mod diff: on a copy without --write, in the module with it.

The migrated files and the files importing them are type-checked in memory, against the type
definitions the project has installed (v3 included), and every error the migration adds is an
error finding (code v3-verify) at the original line. This runs by default for TypeScript (a
tsconfig.json, or a changed .ts file) and for a jsconfig.json with checkJs; --verify runs it for
plain JavaScript too (checkJs), --no-verify skips it.

Output: a unified diff on stdout (--write applies it instead); on stderr every finding as
  file:line:col severity code message
(error: not migrated, and why; warning: behaviour that changes; information: a migrated call),
then every file that uses aws-sdk DynamoDB with its outcome (migrated, partly migrated,
not migrated + reason, no DynamoDB use).
--json prints all of it as one JSON document on stdout instead (the diff as a string, findings
with line and column; JSON Schema: schemas/migrate.schema.json); with --write, after writing.

exit codes:
  0  nothing to change
  1  changes found (shown, or written with --write), everything migrated
  2  bad usage or bad input (unknown option, missing path, not a JS/TS/Go file)
  3  something is not migrated (error findings, JS/TS or Go); the other changes are still shown or written
`;

/** Runs the subcommand; see `help` for arguments and exit codes. */
export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(help);
    return 0;
  }
  const flags = ['--write', '--verify', '--no-verify', '--test', '--go-get', '--json'];
  const write = args.includes('--write');
  const json = args.includes('--json');
  const verify = args.includes('--verify') ? 'always' : args.includes('--no-verify') ? 'never' : 'by default';
  const unknown = args.filter((a) => a.startsWith('-') && !flags.includes(a));
  if (unknown.length) throw new CliUsageError(`unknown option ${unknown[0]}\n\n${help}`);
  const paths = args.filter((a) => !a.startsWith('-'));
  if (paths.length === 0) throw new CliUsageError(`no files or directories given\n\n${help}`);

  const go = { write, test: args.includes('--test'), goGet: args.includes('--go-get'), onProgress: (line: string) => process.stderr.write(`${line}\n`) };
  const result = await collectMigration(paths, { verify, go });
  if (!json) for (const line of result.log) process.stderr.write(`${line}\n`);
  for (const change of result.changes) {
    if (write) await writeFile(change.file, change.after, 'utf8');
    else if (!json) process.stdout.write(fileDiff(change));
  }
  // go.mod as --go-get changed it: already in the module with --write, so shown, never written here.
  if (!json) for (const change of result.goMod) process.stdout.write(fileDiff(change));
  if (json) process.stdout.write(`${JSON.stringify(toMigrationJson(result, { written: write }), null, 2)}\n`);
  const { changes, considered, errors } = result;
  const verb = write ? 'changed' : 'would change';
  const notMigrated = errors ? `; ${errors} error finding${errors === 1 ? '' : 's'}: something is not migrated` : '';
  process.stderr.write(`${changes.length} of ${considered} file${considered === 1 ? '' : 's'} ${verb}${notMigrated}${write || changes.length === 0 ? '' : ' (run again with --write to apply)'}\n`);
  return errors ? 3 : changes.length > 0 ? 1 : 0;
}
