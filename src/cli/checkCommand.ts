/**
 * `dynamo-hotpath check [path…] [--json] [--brief] [--concurrency N] [--min-timeout-ms N]`: the
 * connection and throttling code checks (core/check/checkPaths.ts) of Go, JavaScript and
 * TypeScript files. See `help` for output and exit codes.
 */
import { checkPaths } from '../core/check/checkPaths';
import { CheckInputError, type CheckFinding, type CheckResult } from '../core/check/types';
import { shownCheckPath, toCheckJson } from './checkJson';
import { findGoBinary } from '../core/bench/goSuite';
import { nonNegativeInteger, parseCommandLine } from './options';
import { CliUsageError } from './usage';
import { plural } from '../core/plural';

const HELP = `usage: dynamo-hotpath check [path…] [options]

Checks Go (aws-sdk-go v1/v2, guregu/dynamo) and JavaScript/TypeScript (aws-sdk v2, AWS SDK v3)
code for what makes DynamoDB clients open new connections or lose throttled work:
  client-per-request     a client (or session/config with its own HTTP client) built per request or loop
  default-http-client    aws-sdk-go v1 session on http.DefaultClient (2 idle connections per host)
  small-idle-pool        a transport with MaxIdleConnsPerHost below --concurrency (or unset: 2)
  keep-alives-disabled   DisableKeepAlives, or an https.Agent with keepAlive off
  no-keep-alive          aws-sdk v2 (JavaScript) without a keep-alive agent or AWS_NODEJS_CONNECTION_REUSE_ENABLED
  short-call-timeout     a deadline around a DynamoDB call shorter than a handshake plus a request
  retries-below-default  fewer retries/attempts than the SDK's default for DynamoDB, or none
  throttling-pte-only    ProvisionedThroughputExceededException handled, ThrottlingException never named
  unprocessed-not-read   UnprocessedItems / UnprocessedKeys of a batch call never read
Folders are walked (node_modules, vendor, dist, build and Go tests left out); with no path, the
current folder. Go files are read by the Go helper (go/ast; built with go on first use), never
built or run.

options:
  --json               machine-readable output (JSON Schema: schemas/check.schema.json)
  --brief              one line per finding, without the reason and the fix
  --concurrency N      DynamoDB calls the service has in flight: a smaller idle pool is flagged (default 10)
  --min-timeout-ms N   a shorter deadline around a DynamoDB call is flagged (default 100)

Output: every finding as
  file:line:col severity code message
followed (unless --brief) by why it costs connections or loses work and what to do, and
whether a quick fix exists (the editor applies it); then a summary on stderr.

exit codes:
  0  no finding
  1  findings
  2  bad usage or bad input (unknown option, missing path, not a Go/JS/TS file)
  3  some files could not be checked (no go for Go files, a file that does not parse): listed on stderr
`;

/** `file:line:col severity code message`, the line every finding starts with. */
export function findingLine(f: CheckFinding): string {
  return `${shownCheckPath(f.file)}:${f.line}:${f.column} ${f.severity} ${f.code} ${f.message}`;
}

/** Runs the check subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {
    json: { type: 'boolean' },
    brief: { type: 'boolean' },
    concurrency: { type: 'string' },
    'min-timeout-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const concurrency = nonNegativeInteger('concurrency', values.concurrency, 10);
  const minTimeoutMs = nonNegativeInteger('min-timeout-ms', values['min-timeout-ms'], 100);
  if (concurrency < 1) throw new CliUsageError('--concurrency must be at least 1');
  const goBinary = findGoBinary();
  let result: CheckResult;
  try {
    result = await checkPaths(positionals.length > 0 ? positionals : ['.'], { concurrency, minTimeoutMs, ...(goBinary ? { goBinary } : {}) });
  } catch (err) {
    if (err instanceof CheckInputError) throw new CliUsageError(err.message);
    throw err;
  }
  if (values.json) process.stdout.write(`${JSON.stringify(toCheckJson(result), null, 2)}\n`);
  else {
    const lines: string[] = [];
    for (const f of result.findings) {
      lines.push(findingLine(f));
      if (!values.brief) lines.push(`    why: ${f.reason}`, `    fix: ${f.fix}${f.quickFix ? ` (quick fix: ${f.quickFix.title})` : ''}`);
    }
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  }
  for (const u of result.unchecked) process.stderr.write(`not checked: ${shownCheckPath(u.file)}: ${u.reason}\n`);
  const files = new Set(result.findings.map((f) => f.file)).size;
  process.stderr.write(`${plural(result.findings.length, 'finding')} in ${plural(files, 'file')}; ${plural(result.checkedFiles, 'file')} checked${result.unchecked.length ? `, ${result.unchecked.length} not checked` : ''}\n`);
  return result.unchecked.length > 0 ? 3 : result.findings.length > 0 ? 1 : 0;
}
