/**
 * `dynamo-hotpath compare <before> <after> [--requests-before N --requests-after M] [--root DIR] [--json|--markdown]`
 *
 * or, fetching both sides from Pyroscope around a deploy, `compare --pyroscope URL --query Q --deploy TIME …`
 * (see compareFleet.ts); stdout is the same table either way.
 *
 * Exit codes: 0 success; 2 bad input (message on stderr naming the file or option); 3 server,
 * network or no data (fleet form); 130 cancelled.
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
import { COMPARE_FLEET_HELP, COMPARE_FLEET_OPTIONS, fleetCompareSides, type FleetSides } from './compareFleet';
import { PROMETHEUS_OPTIONS, PYROSCOPE_OPTIONS } from './fleetOptions';
import { interruptSignal, reportFleetError } from './fleetRun';
import { prunedShare } from '../core/fleet/truncation';

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
${COMPARE_FLEET_HELP}
exit codes:
  0  compared
  2  bad usage or bad input: unreadable or malformed profile or run record, bad request count
  3  (fleet form) the server, the network or the data failed: the message names the server
  130 (fleet form) cancelled with Ctrl+C
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
        ...PYROSCOPE_OPTIONS,
        ...PROMETHEUS_OPTIONS,
        ...COMPARE_FLEET_OPTIONS,
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
  const fleet = values.pyroscope !== undefined;
  if (fleet && positionals.length > 0) throw new CliUsageError('with --pyroscope the profiles are fetched: give no profile files');
  if (!fleet && positionals.length !== 2) throw new CliUsageError(`expects two profile files, <before> and <after>\n\n${HELP}`);
  if (values.json && values.markdown) throw new CliUsageError('choose one of --json and --markdown');
  const [beforePath, afterPath] = positionals as [string, string];
  const top = nonNegativeInteger('top', values.top, 15);
  const mappings = (values.map ?? []).map(parseMapping);
  const root = resolve(values.root ?? '.');
  const requestsBefore = requestsOption('requests-before', values['requests-before']);
  const requestsAfter = requestsOption('requests-after', values['requests-after']);

  const interrupt = fleet ? interruptSignal() : undefined;
  let fleetSides: FleetSides | undefined;
  try {
    if (fleet) fleetSides = await fleetCompareSides(values, { ...(requestsBefore ? { before: requestsBefore } : {}), ...(requestsAfter ? { after: requestsAfter } : {}) }, interrupt!.signal);
    const runPathOf = (explicit: string | undefined, profilePath: string) => explicit ?? (values['run-records'] ? runRecordPathFor(profilePath) : undefined);
    const side = async (path: string, explicitRun: string | undefined, requests: ReturnType<typeof requestsOption>): Promise<CompareFileSide> => {
      const runPath = runPathOf(explicitRun, path);
      return { path, ...(requests ? { requests } : {}), ...(runPath ? { runRecord: await readRunRecord(runPath) } : {}) };
    };
    const [before, after] = fleetSides
      ? [fleetSides.before, fleetSides.after]
      : await Promise.all([side(beforePath, values['run-before'], requestsBefore), side(afterPath, values['run-after'], requestsAfter)]);
    const { comparison, ...sides } = await compareFiles(before, after, {
      root,
      mappings,
      topSdkFunctions: top,
      ...(values['sample-type'] ? { sampleType: values['sample-type'] } : {}),
    });
    if (fleet) process.stderr.write(`pruned by the server into 'other': before ${prunedShare(sides.before.profile).percent.toFixed(2)}%, after ${prunedShare(sides.after.profile).percent.toFixed(2)}% of the profile\n`);
    if (values.json) process.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`);
    else if (values.markdown) process.stdout.write(formatComparisonMarkdown(comparison));
    else process.stdout.write(formatComparisonText(comparison));
    return 0;
  } catch (err) {
    const fleetCode = reportFleetError('compare', err);
    if (fleetCode !== undefined) return fleetCode;
    if (err instanceof ProfileError || err instanceof RunRecordError || err instanceof RequestCountError || err instanceof CompareError || err instanceof WindowError) {
      process.stderr.write(`dynamo-hotpath compare: ${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    interrupt?.dispose();
    await fleetSides?.cleanup();
  }
}
