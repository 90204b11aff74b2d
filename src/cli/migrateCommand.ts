/**
 * `dynamo-hotpath migrate <dirs|files> [--write]`: migrates aws-sdk v2 DynamoDB code to AWS SDK
 * v3 as one program per project (a client changes with all its uses across files, or not at all)
 * and guregu/dynamo v1 / dynamodbattribute to their v2 successors in Go. See `help` for output
 * and exit codes.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { readInstalledVersions } from '../core/migrate/installedVersions';
import { migrationAnalyzers } from '../core/migrate/program/analyzers';
import { migrateFolder } from '../core/migrate/program/migrateFolder';
import type { ProgramFinding } from '../core/migrate/program/api';
import { verifyMigration, type Verification } from '../core/migrate/program/verify';
import { verifyProject } from '../core/migrate/program/verifyProject';
import { verifyByDefault } from '../core/migrate/program/verifyByDefault';
import { listSourceFiles } from '../core/migrate/program/sourceFiles';
import { linksOutside } from '../core/migrate/linkedPaths';
import { writeFileSet, type PlannedWrite } from './fileSet';
import { migrateGoFiles } from './migrateGo';
import { checkedWrites, reportWriteOutcome } from './migrateWrites';
import { manifestStep } from './migrateManifest';
import { findingLine, outcomeLine, shownPath } from './migrateReport';
import { migrateTargets } from './migrateTargets';
import { writeExactUnlessTerminal } from './terminalText';
import { CliUsageError } from './usage';

const help = `usage: dynamo-hotpath migrate <dirs|files...> [--write] [--verify | --no-verify] [--remove-aws-sdk] [--test] [--go-get]

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

/** Messages name files as the finding lines do: relative to the current folder when the project is inside it. */
function displayRootFor(root: string): string {
  const cwd = process.cwd().replace(/\\/g, '/');
  return root === cwd || root.startsWith(`${cwd}/`) ? cwd : root;
}

/** Runs the subcommand; see `help` for arguments and exit codes. */
export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(help);
    return 0;
  }
  const write = args.includes('--write');
  const removeAwsSdk = args.includes('--remove-aws-sdk');
  const verify = args.includes('--verify') ? 'always' : args.includes('--no-verify') ? 'never' : 'by default';
  const known = new Set(['--write', '--verify', '--no-verify', '--remove-aws-sdk', '--test', '--go-get']);
  const unknown = args.filter((a) => a.startsWith('-') && !known.has(a));
  if (unknown.length) throw new CliUsageError(`unknown option ${unknown[0]}\n\n${help}`);
  const paths = args.filter((a) => !a.startsWith('-'));
  if (paths.length === 0) throw new CliUsageError(`no files or directories given\n\n${help}`);

  let changed = 0;
  let considered = 0;
  let errors = 0;
  const writes: (PlannedWrite & { root: string })[] = [];
  const output = (root: string, file: string, before: string, after: string): void => {
    changed++;
    if (write) writes.push({ path: file, text: after, root });
    else {
      const shown = shownPath(file);
      const [a, b] = isAbsolute(shown) ? [shown, shown] : [`a/${shown}`, `b/${shown}`];
      writeExactUnlessTerminal(createTwoFilesPatch(a, b, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''));
    }
  };
  const targets = migrateTargets(paths);
  for (const target of targets) {
    for (const line of target.skipped) process.stderr.write(`${line}\n`);
    const env = await readInstalledVersions(target.root);
    if (target.scripts !== 'none') {
      const only = target.scripts === 'all' ? undefined : target.scripts;
      const notWritable = linksOutside(listSourceFiles(target.root).files, target.root);
      for (const [file, why] of notWritable) process.stderr.write(`${shownPath(file)}: ${why}: it is not changed\n`);
      const folder = migrateFolder({ root: target.root, only, displayRoot: displayRootFor(target.root), notWritable }, { env, analyzers: migrationAnalyzers });
      // Findings outside the program (package.json of a too-old jest) are placed in the file on disk.
      const textOf = (f: string) => folder.project.program.getSourceFile(f)?.text ?? readText(f);
      for (const p of folder.project.problems) process.stderr.write(`${p}\n`);
      const byDefault = verify === 'by default' && folder.texts.size ? verifyByDefault(target.root, folder.texts.keys()) : undefined;
      const checked = folder.texts.size && (verify === 'always' || byDefault?.check) ? typeCheck(target.root, folder.texts, displayRootFor(target.root)) : undefined;
      const findings = [...folder.result.findings, ...(checked?.findings ?? [])].sort((a, b) => (a.fileName === b.fileName ? a.start - b.start : a.fileName < b.fileName ? -1 : 1));
      for (const f of findings) process.stderr.write(`${findingLine(f, textOf)}\n`);
      errors += findings.filter((f) => f.severity === 'error').length;
      if (byDefault && !byDefault.check) process.stderr.write(`verify: not run (${byDefault.reason}; --verify type-checks it with checkJs)\n`);
      for (const line of checked?.summary ?? []) process.stderr.write(`verify: ${line}\n`);
      const outcomes = folder.result.files.filter((o) => !only || only.includes(o.fileName));
      for (const o of outcomes) process.stderr.write(`${outcomeLine(o)}\n`);
      considered += outcomes.length;
      for (const [file, text] of [...folder.texts].sort(([a], [b]) => (a < b ? -1 : 1))) output(target.root, file, textOf(file), text);
      const manifest = manifestStep(target.root, folder.project.userFiles, folder.texts, removeAwsSdk);
      for (const line of manifest.lines) process.stderr.write(`${line}\n`);
      if (manifest.change) {
        considered++;
        output(target.root, manifest.change.file, manifest.change.before, manifest.change.after);
      }
    }
  }
  const go = await migrateGoFiles(targets.flatMap((t) => t.goFiles), { write, test: args.includes('--test'), goGet: args.includes('--go-get') });
  changed += go.changed;
  errors += go.errors;
  considered += targets.reduce((n, t) => n + t.goFiles.length, 0);
  if (write) {
    const rootOf = new Map(targets.flatMap((t) => t.goFiles.map((f) => [f, t.root] as const)));
    writes.push(...go.writes.map((w) => ({ ...w, root: rootOf.get(w.path) ?? w.path })));
    const checkedSet = checkedWrites(writes);
    for (const line of checkedSet.refused) process.stderr.write(`${line}\n`);
    errors += checkedSet.refused.length;
    changed -= checkedSet.refused.length;
    const code = reportWriteOutcome(await writeFileSet(checkedSet.writes), checkedSet.shown);
    if (code !== undefined) return code;
  }
  const verb = write ? 'changed' : 'would change';
  const notMigrated = errors ? `; ${errors} error finding${errors === 1 ? '' : 's'}: something is not migrated` : '';
  process.stderr.write(`${changed} of ${considered} file${considered === 1 ? '' : 's'} ${verb}${notMigrated}${write || changed === 0 ? '' : ' (run again with --write to apply)'}\n`);
  return errors ? 3 : changed > 0 ? 1 : 0;
}

/**
 * The type-check of a migration: with a tsconfig.json, the project's own (its TypeScript, its
 * settings; see `verifyProject`), plus an in-memory check of migrated files that tsconfig.json
 * leaves out; otherwise the in-memory check (see `verifyMigration`). Findings and summary lines.
 */
function typeCheck(root: string, texts: ReadonlyMap<string, string>, displayRoot: string): { findings: ProgramFinding[]; summary: string[] } {
  const counts = (v: Verification) => `${v.errorsBefore} error${v.errorsBefore === 1 ? '' : 's'} before, ${v.errorsAfter} after, ${v.findings.length} new`;
  const own = verifyProject(root, texts, displayRoot);
  if (!own) {
    const v = verifyMigration(root, texts, displayRoot);
    return { findings: v.findings, summary: [`${v.checkedFiles} file${v.checkedFiles === 1 ? '' : 's'} type-checked before and after the migration: ${counts(v)}`] };
  }
  const compiler = `TypeScript ${own.compiler.version}${own.compiler.source === 'project' ? ' (the project\'s)' : ' (bundled: the project has none installed)'}`;
  const summary = [`tsc -p tsconfig.json with ${compiler}, skipLibCheck ${own.skipLibCheck ? 'on' : 'off'}, ${own.checkedFiles} file${own.checkedFiles === 1 ? '' : 's'}, before and after the migration: ${counts(own)}`];
  if (!own.outside.length) return { findings: own.findings, summary };
  const rest = verifyMigration(root, new Map(own.outside.map((f) => [f, texts.get(f)!])), displayRoot);
  summary.push(`${own.outside.length} migrated file${own.outside.length === 1 ? '' : 's'} outside tsconfig.json type-checked in memory: ${counts(rest)}`);
  return { findings: [...own.findings, ...rest.findings], summary };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
