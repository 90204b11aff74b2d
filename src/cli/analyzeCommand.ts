/**
 * `dynamo-hotpath analyze <profile> [--root DIR] [--json] [--top N] [--map FROM=TO]… [--sample-type T] [--fail-above PCT]`
 *
 * Exit codes: 0 success; 1 DynamoDB marshalling above `--fail-above`; 2 bad input (message on stderr).
 */
import { resolve } from 'node:path';
import { analyzeFile } from '../core/analysis/analyzeFile';
import { isInputError } from './inputErrors';
import { nonNegativeInteger, nonNegativeNumber, parseCommandLine, parseMapping, profileLimitsOption } from './options';
import { CliUsageError } from './usage';
import { renderAnalysisText } from './analyzeText';
import { toAnalysisJson } from './analyzeJson';
import { collectAfterBigRead, growOldGenerationSlowlyFor, holdYoungGenerationSmall } from './heapTuning';
import { inputBytes } from './v8Tuning';
import { parseRequestInput, RequestCountError, resolveRequests, type RequestInput } from '../core/compare/requestCount';
import { hasRequests, readRunRecord, requestInputOf, RunRecordError, type RunRecord } from '../core/compare/runRecord';

function requestsOption(text: string): RequestInput {
  try {
    return parseRequestInput(text);
  } catch (err) {
    if (err instanceof RequestCountError) throw new CliUsageError(`--requests: ${err.message}`);
    throw err;
  }
}

const HELP = `usage: dynamo-hotpath analyze <profile> [options]

Finds DynamoDB marshalling hot paths in a CPU profile (pprof .pb.gz/.pprof, V8 .cpuprofile,
Chrome trace, folded stacks) and credits them to the lines of your code that lead into them.

options:
  --root DIR          workspace root holding your sources (default: current folder)
  --map FROM=TO       path-mapping rule, repeatable (profile path prefix FROM → TO under the root)
  --sample-type T     value column to use (cpu, wall, samples…); default as pprof chooses
  --top N             call sites to show (default 10)
  --json              machine-readable output (JSON Schema: schemas/analyze.schema.json)
  --max-profile-mb N  refuse a profile larger than N MB once decompressed (default 128)
  --fail-above PCT    exit 1 when DynamoDB marshalling exceeds PCT % of the profile
                      (compared at the decimals printed: one in text, two with --json)
  --requests N        requests the profile served (990, 30.06M, 49.35/s): adds new TLS
                      connections, handshake CPU and throttled calls per request
  --run-record FILE   JSON run record of the profile: its requests, and the calls,
                      retries, errors and handshakes its call sites counted (callSites,
                      as the Go call labels write them)

exit codes:
  0  analysed (and within the --fail-above budget)
  1  DynamoDB marshalling is above the --fail-above budget
  2  bad usage or bad input: unreadable, malformed or too large profile, bad --root or --map;
     or the output could not be written (a full disk)
`;

/** Runs the analyze subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {
    root: { type: 'string' },
    map: { type: 'string', multiple: true },
    'sample-type': { type: 'string' },
    top: { type: 'string' },
    json: { type: 'boolean' },
    'fail-above': { type: 'string' },
    'max-profile-mb': { type: 'string' },
    requests: { type: 'string' },
    'run-record': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new CliUsageError(`expects exactly one profile file\n\n${HELP}`);
  const top = nonNegativeInteger('top', values.top, 10);
  const failAbove = values['fail-above'] === undefined ? undefined : nonNegativeNumber('fail-above', values['fail-above'], 0);
  const mappings = (values.map ?? []).map(parseMapping);
  const limits = profileLimitsOption(values['max-profile-mb']);
  const root = resolve(values.root ?? '.');
  const profilePath = positionals[0]!;

  const requestInput = values.requests === undefined ? undefined : requestsOption(values.requests);
  let runRecord: RunRecord | undefined;
  try {
    runRecord = values['run-record'] === undefined ? undefined : await readRunRecord(values['run-record']);
  } catch (err) {
    if (err instanceof RunRecordError) {
      process.stderr.write(`dynamo-hotpath analyze: ${err.message}\n`);
      return 2;
    }
    throw err;
  }

  holdYoungGenerationSmall();
  growOldGenerationSlowlyFor(inputBytes([profilePath]));
  let result;
  try {
    result = await analyzeFile(profilePath, { root, mappings, maxFunctions: top, afterRead: () => collectAfterBigRead(), onTablesDropped: () => collectAfterBigRead(), ...(values['sample-type'] ? { sampleType: values['sample-type'] } : {}), ...(limits ? { limits } : {}), ...(runRecord?.callSites ? { recordedStats: runRecord.callSites } : {}) });
  } catch (err) {
    if (isInputError(err)) {
      process.stderr.write(`dynamo-hotpath analyze: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const { analysis } = result;
  let requests;
  try {
    const input = requestInput ?? (runRecord && hasRequests(runRecord) ? requestInputOf(runRecord) : undefined);
    requests = input ? resolveRequests(input, analysis.durationNs) : undefined;
  } catch (err) {
    if (err instanceof RequestCountError) throw new CliUsageError(`--requests: ${err.message}`);
    throw err;
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(toAnalysisJson(analysis, { root, top, ...(requests ? { requests } : {}) }), null, 2)}\n`);
  } else {
    process.stdout.write(renderAnalysisText(analysis, { root, top, ...(requests ? { requests } : {}) }));
  }
  // The share as printed (the text headline has one decimal, JSON two), so a budget set to the printed value passes.
  const decimals = values.json ? 2 : 1;
  const scale = 10 ** decimals;
  const dynamoPercent = analysis.totalWeight > 0 ? Math.round((analysis.dynamoWeight / analysis.totalWeight) * 100 * scale) / scale : 0;
  if (failAbove !== undefined && dynamoPercent > failAbove) {
    process.stderr.write(`dynamo-hotpath analyze: DynamoDB marshalling is ${dynamoPercent.toFixed(decimals)}% of the profile, above the budget of ${failAbove}%\n`);
    return 1;
  }
  return 0;
}
