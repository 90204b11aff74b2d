/**
 * `dynamo-hotpath labels go [--sdk v1|v2|both] [--package NAME] [--out DIR] [--force]`: writes the
 * Go call labels (`core/snippets/goLabels.ts`) into a folder of the user's module.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { findModuleRoot, readModulePath } from '../core/go/goModule';
import { goLabelsFiles, goLabelsUsage, SnippetError, type GoLabelsSdk } from '../core/snippets/goLabels';
import { parseCommandLine } from './options';
import { CliUsageError } from './usage';

const HELP = `usage: dynamo-hotpath labels go [--sdk v1|v2|both] [--package NAME] [--out DIR] [--force]

Writes a small Go package into your module that labels each DynamoDB call with the line of your
code that made it (pprof labels ddb.call_site, ddb.operation, ddb.client…) and counts per call
site its attempts, retries and why, final errors, new TLS connections and unprocessed batch
items. Go runs a connection's TLS handshake on a goroutine of its own, where no frame of yours is
on the stack; the goroutine inherits the labels, so \`analyze\` credits the handshake to your
call. The counts are written beside the profile (WriteRunRecord) and read by
\`analyze --run-record\` and \`compare --run-records\`.

options:
  --sdk S        v1 (aws-sdk-go), v2 (aws-sdk-go-v2) or both (default both)
  --package N    package name (default: the folder's name, else ddblabels)
  --out DIR      folder to write to (default ./ddblabels); created when missing
  --force        overwrite files already there

exit codes:
  0  written
  2  bad usage, no go.mod at or above the folder, or a file is already there (without --force)
`;

const SDKS: readonly GoLabelsSdk[] = ['v1', 'v2', 'both'];

/** Runs the labels subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {
    sdk: { type: 'string' },
    package: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'go') throw new CliUsageError(`expects the language: \`labels go\`\n\n${HELP}`);
  const sdk = (values.sdk ?? 'both') as GoLabelsSdk;
  if (!SDKS.includes(sdk)) throw new CliUsageError(`--sdk accepts ${SDKS.join(', ')}, got '${values.sdk}'`);
  const out = resolve(values.out ?? 'ddblabels');
  const folderName = basename(out).replace(/[^A-Za-z0-9_]/g, '');
  const packageName = values.package ?? (/^[A-Za-z_]/.test(folderName) ? folderName : 'ddblabels');
  let files;
  try {
    files = goLabelsFiles(sdk, packageName);
  } catch (err) {
    if (err instanceof SnippetError) throw new CliUsageError(err.message);
    throw err;
  }
  const moduleRoot = findModuleRoot(out);
  if (!moduleRoot) throw new CliUsageError(`no go.mod at or above ${out}: the labels are a package of your Go module; run this inside the module or name a folder of it with --out`);
  let modulePath: string;
  try {
    modulePath = readModulePath(moduleRoot);
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const importPath = [modulePath, ...relative(moduleRoot, out).split(/[\\/]/).filter(Boolean)].join('/');
  const there = files.filter((f) => existsSync(join(out, f.name)));
  if (there.length > 0 && !values.force) throw new CliUsageError(`${there.map((f) => join(out, f.name)).join(', ')} already there; --force overwrites`);
  mkdirSync(out, { recursive: true });
  for (const f of files) writeFileSync(join(out, f.name), f.text);
  process.stderr.write([`wrote ${files.map((f) => join(out, f.name)).join(', ')} (package ${packageName}, import "${importPath}")`, ...goLabelsUsage(sdk, packageName).map((l) => `  ${l}`), ''].join('\n'));
  return 0;
}
