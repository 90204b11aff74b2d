/**
 * `dynamo-hotpath compare <before> <after> | --before A [B…] --after C [D…] [--requests-before N…
 * --requests-after M…] [--run-records] [--root DIR] [--json|--markdown] [--fleet-rate R …]`
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
import { compareFileSets, type CompareFileSide } from '../core/compare/compareFiles';
import { takeLists } from './sideLists';
import { fleetLines, fleetOptionsHelp, parseFleetOptions } from './compareFleetEstimate';
import { formatComparisonMarkdown } from '../core/compare/format/formatMarkdown';
import { formatComparisonText } from '../core/compare/format/formatText';
import { parseRequestInput, RequestCountError } from '../core/compare/requestCount';
import { readRunRecord, runRecordPathFor, RunRecordError } from '../core/compare/runRecord';
import { WindowError } from '../core/compare/v8Window';
import { parseRelativeWindow } from '../core/compare/loadWindow';
import { ProfileError } from '../core/profile/errors';
import { CliUsageError } from './usage';
import { nonNegativeInteger, parseArgsMessage, parseMapping, profileLimitsOption } from './options';
import { COMPARE_FLEET_HELP, COMPARE_FLEET_OPTIONS, fleetCompareSides, type FleetSides } from './compareFleet';
import { PROMETHEUS_OPTIONS, PYROSCOPE_OPTIONS } from './fleetOptions';
import { interruptSignal, reportFleetError } from './fleetRun';
import { prunedShare } from '../core/fleet/truncation';

const HELP = `usage: dynamo-hotpath compare <before> <after> [options]
       dynamo-hotpath compare --before A.pb.gz [B.pb.gz …] --after C.pb.gz [D.pb.gz …] [options]

Compares baseline CPU profiles with new ones (any supported formats, e.g. before and after an
SDK migration): CPU, requests and CPU per request, then per DynamoDB category, user function,
call site and SDK function, with the sampling noise of every share. With two or more profiles
per side (replicate runs) and request counts, CPU and DynamoDB marshalling per request get a
confidence interval that covers run-to-run variation, and a change is significant only when the
interval excludes 0; with one profile per side the run-to-run variation is unknown.

options:
  --before FILE…        the before profiles (replicate runs of the same build)
  --after FILE…         the after profiles
  --requests-before N…  requests each before profile served, in order: a count (990, 30.06M) or
                        a rate with an optional duration (49.35/s, 49.35/s*20s; default
                        duration: the profile's own)
  --requests-after M…   the same for the after profiles
  --run-before FILE…    JSON run record of each before profile (requests or requests_per_s,
                        duration_s, window_start/end_monotonic_us to trim a .cpuprofile)
  --run-after FILE…     the same for the after profiles
  --run-records         use <profile>.json beside each profile as its run record
  --window-before S..E… load window of each before .cpuprofile, in seconds from the start of its
                        recording (e.g. 3..15): CPU per request divides that window only; without
                        a run record or --window, a profile recorded by \`record\` uses the span of
                        its DynamoDB requests, any other the whole recording (and the notes say so)
  --window-after S..E…  the same for the after profiles
  --root DIR            workspace root holding your sources (default: current folder)
  --map FROM=TO         path-mapping rule, repeatable
  --sample-type T       value column to use (cpu, wall, samples…)
  --top N               SDK functions to list (default 15)
  --max-profile-mb N    refuse a profile larger than N MB once decompressed (default 128)
  --json                machine-readable output (JSON Schema: schemas/compare.schema.json)
  --markdown            Markdown tables to paste into a pull request
${fleetOptionsHelp()}${COMPARE_FLEET_HELP}
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

function windowOption(name: string, text: string) {
  try {
    return parseRelativeWindow(text, `--${name}`);
  } catch (err) {
    if (err instanceof WindowError) throw new CliUsageError(err.message);
    throw err;
  }
}

/** Request counts are per side: one side's alone would compare a count with nothing. */
function checkCountPairs(lists: Record<string, string[]>): void {
  for (const [given, missing] of [['requests-before', 'requests-after'], ['requests-after', 'requests-before']] as const) {
    if (lists[given] && !lists[missing]) throw new CliUsageError(`--${given} is given but --${missing} is missing: per-request figures need the requests of both sides (give --${missing}, or neither)`);
  }
}

const LIST_FLAGS = ['before', 'after', 'requests-before', 'requests-after', 'run-before', 'run-after', 'window-before', 'window-after'];

/** Pairs each profile with its n-th request count and run record; counts must match the profiles. */
async function sidesOf(kind: 'before' | 'after', paths: string[], lists: Record<string, string[]>, runRecords: boolean): Promise<CompareFileSide[]> {
  const requests = lists[`requests-${kind}`] ?? [];
  const runs = lists[`run-${kind}`] ?? [];
  const windows = lists[`window-${kind}`] ?? [];
  for (const [flag, list] of [[`--requests-${kind}`, requests], [`--run-${kind}`, runs], [`--window-${kind}`, windows]] as const) {
    if (list.length && list.length !== paths.length) throw new CliUsageError(`${flag} gives ${list.length} value${list.length === 1 ? '' : 's'} for ${paths.length} ${kind} profile${paths.length === 1 ? '' : 's'}`);
  }
  return Promise.all(
    paths.map(async (path, i) => {
      const count = requests[i] !== undefined ? requestsOption(`requests-${kind}`, requests[i]) : undefined;
      const runPath = runs[i] ?? (runRecords ? runRecordPathFor(path) : undefined);
      const window = windows[i] !== undefined ? windowOption(`window-${kind}`, windows[i]) : undefined;
      return { path, ...(count ? { requests: count } : {}), ...(runPath ? { runRecord: await readRunRecord(runPath) } : {}), ...(window ? { window } : {}) };
    }),
  );
}

/** Runs the compare subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { lists, rest } = takeLists(args, LIST_FLAGS);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        'run-records': { type: 'boolean' },
        root: { type: 'string' },
        map: { type: 'string', multiple: true },
        'sample-type': { type: 'string' },
        top: { type: 'string' },
        'max-profile-mb': { type: 'string' },
        json: { type: 'boolean' },
        markdown: { type: 'boolean' },
        'fleet-rate': { type: 'string' },
        'cores-per-pod': { type: 'string' },
        'cost-per-core-hour': { type: 'string' },
        currency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        ...PYROSCOPE_OPTIONS,
        ...PROMETHEUS_OPTIONS,
        ...COMPARE_FLEET_OPTIONS,
      },
    });
  } catch (err) {
    throw new CliUsageError(parseArgsMessage(err as Error, rest));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const fleet = values.pyroscope !== undefined;
  const listed = lists.before !== undefined || lists.after !== undefined;
  if (fleet && (positionals.length > 0 || listed)) throw new CliUsageError('with --pyroscope the profiles are fetched: give no profile files');
  if (listed && (positionals.length || !lists.before || !lists.after)) throw new CliUsageError(`give the profiles either as <before> <after> or as --before FILE… --after FILE…\n\n${HELP}`);
  if (!fleet && !listed && positionals.length !== 2) throw new CliUsageError(`expects two profile files, <before> and <after>\n\n${HELP}`);
  if (values.json && values.markdown) throw new CliUsageError('choose one of --json and --markdown');
  const beforePaths = listed ? lists.before! : [positionals[0]!];
  const afterPaths = listed ? lists.after! : [positionals[1]!];
  const top = nonNegativeInteger('top', values.top, 15);
  const mappings = (values.map ?? []).map(parseMapping);
  const limits = profileLimitsOption(values['max-profile-mb']);
  const root = resolve(values.root ?? '.');
  const estimate = parseFleetOptions(values);

  const interrupt = fleet ? interruptSignal() : undefined;
  let fleetSides: FleetSides | undefined;
  try {
    if (fleet) {
      const requestsBefore = requestsOption('requests-before', lists['requests-before']?.[0]);
      const requestsAfter = requestsOption('requests-after', lists['requests-after']?.[0]);
      fleetSides = await fleetCompareSides(values, { ...(requestsBefore ? { before: requestsBefore } : {}), ...(requestsAfter ? { after: requestsAfter } : {}) }, interrupt!.signal);
    }
    const runRecords = values['run-records'] === true;
    const [before, after] = fleetSides
      ? [[fleetSides.before], [fleetSides.after]]
      : await Promise.all([sidesOf('before', beforePaths, lists, runRecords), sidesOf('after', afterPaths, lists, runRecords)]);
    checkCountPairs(lists);
    const { comparison, ...sides } = await compareFileSets(before, after, {
      root,
      mappings,
      topSdkFunctions: top,
      ...(limits ? { limits } : {}),
      ...(values['sample-type'] ? { sampleType: values['sample-type'] } : {}),
    });
    if (fleet) process.stderr.write(`pruned by the server into 'other': before ${prunedShare(sides.before.profile).percent.toFixed(2)}%, after ${prunedShare(sides.after.profile).percent.toFixed(2)}% of the profile\n`);
    const fleetText = estimate ? fleetLines(comparison, estimate) : [];
    if (values.json) process.stdout.write(`${JSON.stringify(estimate ? { ...comparison, fleet: fleetText } : comparison, null, 2)}\n`);
    else if (values.markdown) process.stdout.write(formatComparisonMarkdown(comparison) + (fleetText.length ? `\n**Fleet**\n\n${fleetText.map((l) => `- ${l}`).join('\n')}\n` : ''));
    else process.stdout.write(formatComparisonText(comparison) + (fleetText.length ? `\nFleet\n${fleetText.map((l) => `  ${l}`).join('\n')}\n` : ''));
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
