/**
 * `dynamo-hotpath migrate <files|dirs> [--write]`: applies the aws-sdk v2 → v3 and guregu/dynamo
 * v1 → v2 migration fixes ("fix all in file") to each file. Prints a unified diff by default;
 * writes only with `--write`. Exit code: 0 nothing to change, 1 changes shown or written,
 * 2 bad input (unknown option, missing path).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { readInstalledVersions } from '../core/migrate/installedVersions';
import { isMigratable, migrateSource } from '../core/migrate/migrateSource';
import { applyEdits } from '../core/migrate/textEdits';
import type { MigrationEnvironment } from '../core/migrate/types';
import { CliUsageError } from './usage';
import { migrateGoFiles } from './migrateGo';

const help = `usage: dynamo-hotpath migrate <files|dirs...> [--write]

Rewrites aws-sdk v2 DynamoDB marshalling (Converter, DocumentClient) to AWS SDK v3 with options that
keep the items identical, and guregu/dynamo v1 / dynamodbattribute to their v2 successors (Go).
Prints a unified diff; --write applies it. Warnings about behaviour that changes go to stderr.
Go files are rewritten per package with Go's own parser and type checker (needs go on PATH) and
checked with go build -overlay; a rewrite that does not build is not made. Every finding is printed.

exit codes:
  0  nothing to change
  1  changes found (shown, or written with --write), or a Go finding at error level
  2  bad usage or bad input (unknown option, missing path, not a JS/TS/Go file)
`;

const skippedDirs = new Set(['node_modules', 'dist', 'out', 'build', 'coverage', 'vendor']);

async function collect(path: string, out: string[]): Promise<void> {
  const s = await stat(path).catch(() => undefined);
  if (!s) throw new CliUsageError(`cannot read '${path}': no such file or directory`);
  if (s.isFile()) {
    out.push(path);
    return;
  }
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory() && !skippedDirs.has(entry.name)) await collect(child, out);
    else if (entry.isFile() && isMigratable(entry.name)) out.push(child);
  }
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

/** Runs the subcommand; see the module comment for arguments and exit codes. */
export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(help);
    return 0;
  }
  const write = args.includes('--write');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--write');
  if (unknown.length) throw new CliUsageError(`unknown option ${unknown[0]}\n\n${help}`);
  const paths = args.filter((a) => !a.startsWith('-'));
  if (paths.length === 0) throw new CliUsageError(`no files or directories given\n\n${help}`);

  const all: string[] = [];
  for (const p of paths) await collect(p, all);
  const files = all.filter((f) => !f.endsWith('.go'));
  const go = await migrateGoFiles(all.filter((f) => f.endsWith('.go')), write);
  const envs = new Map<string, Promise<MigrationEnvironment>>();
  let changed = go.changed;
  for (const file of files) {
    if (!isMigratable(file)) throw new CliUsageError(`'${file}' is not a JavaScript, TypeScript or Go file`);
    const text = await readFile(file, 'utf8');
    const dir = dirname(file);
    if (!envs.has(dir)) envs.set(dir, readInstalledVersions(dir));
    const result = migrateSource(text, file, await envs.get(dir)!);
    const rel = relative(process.cwd(), file);
    const shown = rel && !rel.startsWith('..') ? rel : file;
    for (const f of result.findings) {
      if (f.severity === 'warning') process.stderr.write(`${shown}:${lineCol(text, f.start)}: warning ${f.code}: ${f.message}\n`);
    }
    if (result.fixAll.length === 0) continue;
    let after = applyEdits(text, result.fixAll);
    // Fixes whose edits collided (a Converter call inside a rewritten eachPage) land in a next pass.
    for (let pass = 0; pass < 3; pass++) {
      const next = migrateSource(after, file, await envs.get(dir)!).fixAll;
      if (next.length === 0) break;
      after = applyEdits(after, next);
    }
    if (after === text) continue;
    changed++;
    if (write) await writeFile(file, after, 'utf8');
    else process.stdout.write(createTwoFilesPatch(isAbsolute(shown) ? shown : `a/${shown}`, isAbsolute(shown) ? shown : `b/${shown}`, text, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''));
  }
  const verb = write ? 'changed' : 'would change';
  process.stderr.write(`${changed} of ${all.length} file${all.length === 1 ? '' : 's'} ${verb}${write || changed === 0 ? '' : ' (run again with --write to apply)'}\n`);
  return changed > 0 || go.errors > 0 ? 1 : 0;
}
