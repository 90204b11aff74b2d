/**
 * `dynamo-hotpath migrate <dirs|files> [--write]`: migrates aws-sdk v2 DynamoDB code to AWS SDK
 * v3 as one program per project (a client changes with all its uses across files, or not at all)
 * and guregu/dynamo v1 / dynamodbattribute to their v2 successors in Go. See `help` for output
 * and exit codes.
 */
import { writeFileSet } from './fileSet';
import { collectMigration } from './migrateRun';
import { fileDiff, toMigrationJson } from './migrateJson';
import { checkedWrites, reportWriteOutcome } from './migrateWrites';
import { writeExactUnlessTerminal } from './terminalText';
import { CliUsageError } from './usage';

const help = `usage: dynamo-hotpath migrate <dirs|files...> [--write] [--verify | --no-verify] [--remove-aws-sdk] [--test] [--go-get] [--json]

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
them any more) on a copy of go.mod and prints its diff; with --write go.mod and go.sum are written
with the migrated files, as one set.

With a tsconfig.json, the migration is type-checked as the project checks itself: its own
TypeScript (node_modules/typescript; the bundled one if it has none), its tsconfig.json as written
(files, types, lib, skipLibCheck), every error tsc --noEmit prints, before and after. Otherwise
the migrated files and the files importing them are type-checked in memory against the type
definitions the project has installed (v3 included). Every error the migration adds is an error
finding (code v3-verify) at the original line; one in a dependency's types names the fix (the
@types/node the v3 types need, or skipLibCheck). This runs by default for TypeScript (a
tsconfig.json, or a changed .ts file) and for a jsconfig.json with checkJs; --verify runs it for
plain JavaScript too (checkJs), --no-verify skips it.

When no source file loads aws-sdk any more (a global AWS.config is removed with the last v2
client), the summary says aws-sdk can be removed from package.json; --remove-aws-sdk removes it
(shown in the diff, written with --write). The v3 packages the migrated code imports and
package.json does not list are named.

Output: a unified diff on stdout (--write applies it instead); on stderr every finding as
  file:line:col severity code message
(error: not migrated, and why; warning: behaviour that changes; information: a migrated call),
then every file that uses aws-sdk DynamoDB with its outcome (migrated, partly migrated,
not migrated + reason, no DynamoDB use).
--json prints all of it as one JSON document on stdout instead (the diff as a string, findings
with line and column; JSON Schema: schemas/migrate.schema.json); with --write, after writing.

--write changes files inside the folders given only: a file or folder reached through a symbolic
link whose real path is outside is not changed (and named), links that lead nowhere are skipped
with one line. The files are written as one set (each to a temporary file, then renamed over the
original), listed as 'changed: FILE'; on Ctrl+C, SIGTERM or a failed write every file written is
put back as it was, and the message says so.

exit codes:
  0  nothing to change
  1  changes found (shown, or written with --write), everything migrated
  2  bad usage or bad input (unknown option, missing path, not a JS/TS/Go file)
  3  something is not migrated (error findings, JS/TS or Go); the other changes are still shown or written
  4  --write could not write a file: every file is as it was (or the message names those that are not)
  130 interrupted by Ctrl+C or SIGTERM while writing: every file is as it was
`;

/** Runs the subcommand; see `help` for arguments and exit codes. */
export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(help);
    return 0;
  }
  const flags = ['--write', '--verify', '--no-verify', '--remove-aws-sdk', '--test', '--go-get', '--json'];
  const write = args.includes('--write');
  const json = args.includes('--json');
  const verify = args.includes('--verify') ? 'always' : args.includes('--no-verify') ? 'never' : 'by default';
  const unknown = args.filter((a) => a.startsWith('-') && !flags.includes(a));
  if (unknown.length) throw new CliUsageError(`unknown option ${unknown[0]}\n\n${help}`);
  const paths = args.filter((a) => !a.startsWith('-'));
  if (paths.length === 0) throw new CliUsageError(`no files or directories given\n\n${help}`);

  const go = { write, test: args.includes('--test'), goGet: args.includes('--go-get'), onProgress: (line: string) => process.stderr.write(`${line}\n`) };
  const result = await collectMigration(paths, { verify, go, removeAwsSdk: args.includes('--remove-aws-sdk') });
  if (!json) for (const line of result.log) process.stderr.write(`${line}\n`);
  // go.mod as --go-get changed it comes last; with --write it is written with the set (moduleWrites), shown here.
  if (!json) for (const change of write ? result.goMod : [...result.changes, ...result.goMod]) writeExactUnlessTerminal(fileDiff(change));
  const { considered } = result;
  let { errors } = result;
  let changed = result.changes.length;
  let refused: string[] = [];
  let failed: number | undefined;
  if (write) {
    // Every JS/TS, Go, package.json, go.mod and go.sum change as one set, each at its real path inside the folder migrated.
    const set = checkedWrites([...result.changes, ...result.moduleWrites].map((c) => ({ path: c.file, text: c.after, root: c.root })));
    refused = set.refused;
    for (const line of refused) process.stderr.write(`${line}\n`);
    errors += refused.length;
    changed -= refused.length;
    failed = reportWriteOutcome(await writeFileSet(set.writes), set.shown);
  }
  if (json) process.stdout.write(`${JSON.stringify(toMigrationJson({ ...result, notes: [...result.notes, ...refused], errors }, { written: write && failed === undefined }), null, 2)}\n`);
  if (failed !== undefined) return failed;
  const verb = write ? 'changed' : 'would change';
  const notMigrated = errors ? `; ${errors} error finding${errors === 1 ? '' : 's'}: something is not migrated` : '';
  process.stderr.write(`${changed} of ${considered} file${considered === 1 ? '' : 's'} ${verb}${notMigrated}${write || changed === 0 ? '' : ' (run again with --write to apply)'}\n`);
  return errors ? 3 : changed > 0 ? 1 : 0;
}
