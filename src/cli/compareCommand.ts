/**
 * `dynamo-hotpath compare <before> <after> [--requests-before N --requests-after M] [--root DIR] [--json|--markdown]`
 *
 * Exit codes: 0 success; 2 bad input (message on stderr naming the file or option).
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CompareError } from '../core/compare/compareAnalyses';
import { compareFiles, type CompareFileSide } from '../core/compare/compareFiles';
import { formatComparisonMarkdown } from '../core/compare/format/formatMarkdown';
import { formatComparisonText } from '../core/compare/format/formatText';
import { parseRequestInput, RequestCountError } from '../core/compare/requestCount';
import { readRunRecord, runRecordPathFor, RunRecordError } from '../core/compare/runRecord';
import { WindowError } from '../core/compare/v8Window';
import { ProfileError } from '../core/profile/errors';
import { CliUsageError } from './usage';
import { nonNegativeInteger, parseMapping } from './options';

const HELP = `usage: dynamo-hotpath compare <before> <after> [options]

Compares a baseline CPU profile with a new one (any supported formats, e.g. before and after an
SDK migration): CPU, requests and CPU per request, then per DynamoDB category, user function,
call site and SDK function, with the sampling noise of every share.

options:
  --requests-before N   requests the before profile served: a count (990, 30.06M) or a rate
                        with an optional duration (49.35/s, 49.35/s*20s; default duration: the
                        profile's own)
  --requests-after M    the same for the after profile
  --run-before FILE     JSON run record of the before profile (requests or requests_per_s,
                        duration_s, window_start/end_monotonic_us to trim a .cpuprofile)
  --run-after FILE      the same for the after profile
  --run-records         use <profile>.json beside each profile as its run record
  --root DIR            workspace root holding your sources (default: current folder)
  --map FROM=TO         path-mapping rule, repeatable
  --sample-type T       value column to use (cpu, wall, samples…)
  --top N               SDK functions to list (default 15)
  --json                machine-readable output (JSON Schema: schemas/compare.schema.json)
  --markdown            Markdown tables to paste into a pull request

exit codes:
  0  compared
  2  bad usage or bad input: unreadable or malformed profile or run record, bad request count
`;

function requestsOption(name: string, text: string | undefined) {
  if (text === undefined) return undefined;
  try {
    return parseRequestInput(text);
  } catch (err) {
    if (err instanceof RequestCountError) throw new CliUsageError(`--${name}: ${err.message}`);
    throw err;
  }
}

/** Runs the compare subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'requests-before': { type: 'string' },
        'requests-after': { type: 'string' },
        'run-before': { type: 'string' },
        'run-after': { type: 'string' },
        'run-records': { type: 'boolean' },
        root: { type: 'string' },
        map: { type: 'string', multiple: true },
        'sample-type': { type: 'string' },
        top: { type: 'string' },
        json: { type: 'boolean' },
        markdown: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 2) throw new CliUsageError(`expects two profile files, <before> and <after>\n\n${HELP}`);
  if (values.json && values.markdown) throw new CliUsageError('choose one of --json and --markdown');
  const [beforePath, afterPath] = positionals as [string, string];
  const top = nonNegativeInteger('top', values.top, 15);
  const mappings = (values.map ?? []).map(parseMapping);
  const root = resolve(values.root ?? '.');
  const requestsBefore = requestsOption('requests-before', values['requests-before']);
  const requestsAfter = requestsOption('requests-after', values['requests-after']);

  try {
    const runPathOf = (explicit: string | undefined, profilePath: string) => explicit ?? (values['run-records'] ? runRecordPathFor(profilePath) : undefined);
    const side = async (path: string, explicitRun: string | undefined, requests: ReturnType<typeof requestsOption>): Promise<CompareFileSide> => {
      const runPath = runPathOf(explicitRun, path);
      return { path, ...(requests ? { requests } : {}), ...(runPath ? { runRecord: await readRunRecord(runPath) } : {}) };
    };
    const [before, after] = await Promise.all([side(beforePath, values['run-before'], requestsBefore), side(afterPath, values['run-after'], requestsAfter)]);
    const { comparison } = await compareFiles(before, after, {
      root,
      mappings,
      topSdkFunctions: top,
      ...(values['sample-type'] ? { sampleType: values['sample-type'] } : {}),
    });
    if (values.json) process.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`);
    else if (values.markdown) process.stdout.write(formatComparisonMarkdown(comparison));
    else process.stdout.write(formatComparisonText(comparison));
    return 0;
  } catch (err) {
    if (err instanceof ProfileError || err instanceof RunRecordError || err instanceof RequestCountError || err instanceof CompareError || err instanceof WindowError) {
      process.stderr.write(`dynamo-hotpath compare: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
