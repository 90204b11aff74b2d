/**
 * `dynamo-hotpath record [--out FILE] [--format pprof|cpuprofile] [--interval-us N] -- <command> [args…]`
 *
 * Runs a Node program with the recorder preloaded (NODE_OPTIONS `--require`), so that every CPU
 * sample taken while the AWS SDK works on a DynamoDB request carries the user's call site and
 * the operation. Exit codes: the command's own exit code (0 when it was stopped by SIGINT,
 * SIGTERM or SIGHUP after recording); 2 for a bad command line or when nothing could be recorded.
 */
import { plural } from '../core/plural';
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CALL_SITE_LABEL, CLIENT_LABEL, OPERATION_LABEL } from '../core/analysis/recorderLabels';
import { collectRecords } from '../record/collectRecords';
import { DEFAULT_INTERVAL_US, DIR_ENV, extensionOf, FORMAT_ENV, INTERVAL_ENV, RECORD_FORMATS, type RecordFormat } from '../record/recordEnv';
import { nonNegativeNumber, parseCommandLine } from './options';
import { CliUsageError } from './usage';
import { bundledDependencyOf, recordedSiteLines, sourcePositionText, type RecordedContext } from './recordSummary';
import { createSourceMapper } from '../core/sourcemap/sourceMapper';
import { diskFiles } from '../core/sourcemap/diskFiles';
import { chooseRecordFormat, pprofSearchFolders } from './recordFormat';

const HELP = `usage: dynamo-hotpath record [options] -- <command> [args…]

Runs a Node.js program and records a CPU profile in which every sample taken while the AWS SDK
(aws-sdk v2, AWS SDK v3) works on a DynamoDB request carries the line of your code that made the
request and the operation, also in the SDK's async callbacks. Analyse it with \`analyze\`.

options:
  --out FILE          profile to write (default: dynamo-hotpath-record.pb.gz, or .cpuprofile)
  --format F          pprof (default when @datadog/pprof is installed where the program runs):
                        gzipped pprof with sample labels, CPU time per sample
                      cpuprofile (default otherwise, said before the program starts): V8
                        .cpuprofile (Node's own profiler, no native module) with the labelled
                        time intervals inside; opens in Chrome DevTools as usual
  --interval-us N     sampling interval in microseconds (default ${DEFAULT_INTERVAL_US})

The program runs with NODE_OPTIONS=--require <recorder>; stop a server with Ctrl+C to write the
profile. To record inside your own start command instead:
  DYNAMO_HOTPATH_RECORD_OUT=profile.pb.gz node --require <dynamo-hotpath>/dist/record.js app.js
(an OUT ending in .cpuprofile records that format). The pprof format needs @datadog/pprof 5.20.0
in the program's folder (npm install --save-dev @datadog/pprof@5.20.0).

exit codes:
  0  the program exited with 0, or was stopped by SIGINT/SIGTERM/SIGHUP after recording
     (sent to the program, or to record, which passes them on)
  2  bad command line, or nothing could be recorded (the reason is printed)
  any other: the program's own exit code
`;

/** The recorder bundle: next to this CLI bundle in dist/, or in dist/ when the CLI runs from its sources. */
function preloadPath(): string {
  const candidates = [join(__dirname, 'record.js'), join(__dirname, '..', '..', 'dist', 'record.js')];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new CliUsageError(`the recorder bundle is missing (looked for ${candidates.join(', ')}); run \`npm run build\``);
  return found;
}

function nodeOptionsWithPreload(preload: string, existing: string | undefined): string {
  const quoted = /[\s"]/.test(preload) ? `"${preload.replace(/(["\\])/g, '\\$1')}"` : preload;
  return `${existing ? `${existing} ` : ''}--require ${quoted}`;
}

/** Signals `record` passes on to the program (which writes its profile on SIGINT, SIGTERM and SIGHUP). */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `command`; resolves with its exit code and the signal that ended it, if any. SIGINT,
 * SIGTERM and SIGHUP sent to `record` are passed on to the program: Ctrl+C reaches the whole
 * process group anyway, but `kill`, `timeout`, systemd and `docker stop` signal `record` alone. A
 * program that gets the signal twice (terminal and forward) writes its profile once and stops.
 */
function runCommand(command: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    const done = () => {
      for (const signal of FORWARDED_SIGNALS) process.removeListener(signal, forward);
    };
    child.once('error', (err) => {
      done();
      reject(err);
    });
    child.once('exit', (code, signal) => {
      done();
      resolvePromise({ code, signal });
    });
  });
}

/** Refuses an `--out` that cannot be written before the program runs (a run's profile would be lost at the end). */
function checkOut(out: string): void {
  if (existsSync(out) && statSync(out).isDirectory()) throw new CliUsageError(`--out ${out} is a folder; give a file name`);
  try {
    accessSync(dirname(out), constants.W_OK);
  } catch {
    throw new CliUsageError(`--out ${out}: the folder ${dirname(out)} does not exist or cannot be written`);
  }
}

/** Distinct call sites among the recorded contexts (one context per call site and caller chain). */
/** The summary's call-site lines: positions at their sources, bundled libraries skipped, through one mapper. */
function summaryLines(contexts: readonly RecordedContext[]): string[] {
  const mapper = createSourceMapper(diskFiles);
  return recordedSiteLines(contexts, sourcePositionText(mapper, diskFiles, process.cwd()), bundledDependencyOf(mapper));
}

function siteCount(contexts: readonly { readonly labels: Readonly<Record<string, string>> }[]): number {
  return new Set(contexts.map((c) => `${c.labels[CALL_SITE_LABEL] ?? ''}\u0000${c.labels[OPERATION_LABEL]}\u0000${c.labels[CLIENT_LABEL]}`)).size;
}

/** Runs the record subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const split = args.indexOf('--');
  const own = split >= 0 ? args.slice(0, split) : args;
  const command = split >= 0 ? args.slice(split + 1) : [];
  const { values, positionals } = parseCommandLine(own, {
    out: { type: 'string' },
    format: { type: 'string' },
    'interval-us': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CliUsageError(`put the command after \`--\` (got '${positionals.join(' ')}')\n\n${HELP}`);
  if (command.length === 0) throw new CliUsageError(`expects \`-- <command> [args…]\`\n\n${HELP}`);
  const requested = values.format as RecordFormat | undefined;
  if (requested !== undefined && !RECORD_FORMATS.includes(requested)) throw new CliUsageError(`--format accepts ${RECORD_FORMATS.join(' or ')}, got '${values.format}'`);
  const intervalUs = nonNegativeNumber('interval-us', values['interval-us'], DEFAULT_INTERVAL_US);
  if (intervalUs < 100) throw new CliUsageError(`--interval-us must be at least 100 (got ${intervalUs})`);
  const preload = preloadPath();
  // Before anything starts: the pprof format needs @datadog/pprof where the program runs.
  const { format, note } = chooseRecordFormat(requested, pprofSearchFolders(command, process.cwd(), dirname(preload)));
  if (note) process.stderr.write(`dynamo-hotpath record: ${note}\n`);
  const out = resolve(values.out ?? `dynamo-hotpath-record${extensionOf(format)}`);
  checkOut(out);

  const dir = mkdtempSync(join(tmpdir(), 'dynamo-hotpath-record-'));
  const env = { ...process.env, NODE_OPTIONS: nodeOptionsWithPreload(preload, process.env.NODE_OPTIONS), [DIR_ENV]: dir, [FORMAT_ENV]: format, [INTERVAL_ENV]: String(intervalUs) };
  let exit: { code: number | null; signal: NodeJS.Signals | null };
  try {
    exit = await runCommand(command, env);
  } catch (err) {
    collectRecords(dir, out, extensionOf(format));
    process.stderr.write(`dynamo-hotpath record: cannot run '${command[0]}': ${(err as Error).message}\n`);
    return 2;
  }
  let collected: ReturnType<typeof collectRecords>;
  try {
    collected = collectRecords(dir, out, extensionOf(format));
  } catch (err) {
    process.stderr.write(`dynamo-hotpath record: ${(err as Error).message}\n`);
    return 2;
  }
  for (const failure of collected.failures) process.stderr.write(`dynamo-hotpath record: process ${failure.pid} was not recorded: ${failure.error}\n`);
  const [main, ...others] = collected.profiles;
  if (!main) {
    if (collected.failures.length === 0) {
      process.stderr.write(`dynamo-hotpath record: no Node.js process loaded the recorder; is '${command[0]}' a Node.js program that keeps NODE_OPTIONS?\n`);
    }
    return 2;
  }
  const lines = [
    `dynamo-hotpath record: wrote ${main.path} (process ${main.record.pid}: ${plural(main.record.calls, 'DynamoDB call')} from ${plural(siteCount(main.record.callSites), 'call site')})`,
    ...summaryLines(main.record.callSites),
    ...others.map((p) => `  also: ${p.path} (process ${p.record.pid}: ${plural(p.record.calls, 'DynamoDB call')})`),
  ];
  const stopped = exit.signal === 'SIGINT' || exit.signal === 'SIGTERM' || exit.signal === 'SIGHUP';
  const failed = !stopped && exit.code !== 0 ? (exit.code === null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`) : undefined;
  if (failed && main.record.calls === 0) lines.push(`  the program ${failed} before any DynamoDB call (its own error is above): nothing to analyze`);
  else if (failed) lines.push(`  the program ${failed} (its own error is above); the profile holds what ran until then`);
  else if (main.record.calls === 0) lines.push('  no DynamoDB call was made while recording through the aws-sdk v2 or @aws-sdk/client-dynamodb that Node loaded (copies loaded from a bundle, or through a test runner\'s own module registry such as jest or vitest, are not seen)');
  lines.push(`  next: dynamo-hotpath analyze ${main.path} --root <your sources>`);
  process.stderr.write(`${lines.join('\n')}\n`);
  if (stopped) return 0;
  return exit.code ?? 1;
}
