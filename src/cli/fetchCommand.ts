/**
 * `dynamo-hotpath fetch --pyroscope URL --query '{service_name="adserver"}' [--profile-type T]
 *  --from TIME --to TIME [--out FILE.pb.gz]`: one merged profile from Pyroscope or Grafana Cloud
 * Profiles, written to disk, with its DynamoDB share and the share the server pruned into `other`.
 *
 * Exit codes: 0 success; 2 bad options or input; 3 server, network or no data; 130 cancelled.
 */
import { resolve } from 'node:path';
import { analyzeFile } from '../core/analysis/analyzeFile';
import { displayUrl } from '../core/fleet/endpoint';
import { fetchProfile, type FetchResult } from '../core/fleet/fetchProfile';
import { defaultOutName } from '../core/fleet/fileNames';
import { isoTime, parseRange } from '../core/fleet/timeSpec';
import { prunedShare } from '../core/fleet/truncation';
import { displayText } from '../core/text/displayText';
import { isInputError } from './inputErrors';
import { parseCommandLine, parseMapping } from './options';
import { CONNECTION_HELP, labelSelectorOption, maxNodesOption, profileTypeOption, PYROSCOPE_OPTIONS, pyroscopeEndpoint, secretsOnCommandLine } from './fleetOptions';
import { interruptSignal, megabytes, progressPrinter, reportFleetError } from './fleetRun';
import { CliUsageError } from './usage';

const HELP = `usage: dynamo-hotpath fetch --pyroscope URL --query SELECTOR [options]

Fetches the merged CPU profile of a service over a time range from Pyroscope or Grafana Cloud
Profiles (querier API, binary protobuf) into a .pb.gz file, then prints its DynamoDB marshalling
share and the share the server pruned into its 'other' node.

query:
  --query SELECTOR      label selector, e.g. '{service_name="adserver"}' (default '{}')
  --profile-type T      default process_cpu:cpu:nanoseconds:cpu:nanoseconds
  --from TIME           ISO 8601 (2026-03-14T09:50:00Z; without an offset: local time),
                        now-1h, or Unix seconds (default now-1h)
  --to TIME             (default now)
  --out FILE            where to write the profile (default <service>_<from>_<to>.pb.gz)
  --root DIR            your sources, for the summary's call sites (default: current folder)
  --map FROM=TO         path-mapping rule, repeatable
  --json                print the summary as JSON

${CONNECTION_HELP}
exit codes:
  0  written
  2  bad usage or bad input (an option, a time, a CA file)
  3  the server, the network or the data failed: the message names the server and what to check
  130 cancelled with Ctrl+C (nothing is written)
`;

/** Runs the fetch subcommand; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {
    ...PYROSCOPE_OPTIONS,
    from: { type: 'string' },
    to: { type: 'string' },
    out: { type: 'string' },
    root: { type: 'string' },
    map: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CliUsageError(`takes no positional arguments (got '${positionals[0]}'); use --out FILE\n\n${HELP}`);
  const endpoint = pyroscopeEndpoint(values);
  for (const flag of secretsOnCommandLine(values)) process.stderr.write(`dynamo-hotpath fetch: warning: ${flag} on the command line is visible to other users of this machine; prefer the environment variable (see --help)\n`);
  const labelSelector = labelSelectorOption(values);
  const profileTypeId = profileTypeOption(values);
  const maxNodes = maxNodesOption(values);
  const mappings = (values.map ?? []).map(parseMapping);
  const root = resolve(values.root ?? '.');

  const interrupt = interruptSignal();
  try {
    const range = parseRange(values.from ?? 'now-1h', values.to ?? 'now');
    const outPath = resolve(values.out ?? defaultOutName(labelSelector, range.startMs, range.endMs));
    const progress = progressPrinter('downloading');
    const result = await fetchProfile({
      endpoint,
      query: { profileTypeId, labelSelector, ...range },
      ...(maxNodes !== undefined ? { maxNodes } : {}),
      outPath,
      signal: interrupt.signal,
      onProgress: progress,
    });
    progress.done();
    const { profile, analysis } = await analyzeFile(outPath, { root, mappings });
    const dynamoPercent = analysis.totalWeight > 0 ? (100 * analysis.dynamoWeight) / analysis.totalWeight : 0;
    const pruned = prunedShare(profile);
    const summary = { server: displayUrl(endpoint.url), profileType: profileTypeId, query: labelSelector, from: isoTime(range.startMs), to: isoTime(range.endMs), result, dynamoPercent, prunedPercent: pruned.percent, callSites: analysis.callSites.length };
    process.stdout.write(values.json ? `${JSON.stringify(jsonSummary(summary), null, 2)}\n` : textSummary(summary));
    return 0;
  } catch (err) {
    const code = reportFleetError('fetch', err);
    if (code !== undefined) return code;
    if (isInputError(err)) {
      process.stderr.write(`dynamo-hotpath fetch: ${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    interrupt.dispose();
  }
}

interface Summary {
  server: string;
  profileType: string;
  query: string;
  from: string;
  to: string;
  result: FetchResult;
  dynamoPercent: number;
  prunedPercent: number;
  callSites: number;
}

function textSummary(s: Summary): string {
  const lines = [
    `Fetched ${s.profileType} ${s.query} ${s.from} – ${s.to} from ${s.server}`,
    `  wrote ${s.result.outPath} (${megabytes(s.result.profileBytes)} of pprof, ${s.result.method}, max_nodes ${s.result.maxNodes})`,
    ...s.result.notes.map((n) => `  note: ${n}`),
    `DynamoDB marshalling: ${s.dynamoPercent.toFixed(2)}% of the profile; pruned by the server into 'other': ${s.prunedPercent.toFixed(2)}%${s.prunedPercent > 0 ? ' (those stacks lost their inner frames)' : ''}`,
    `${s.callSites} call sites in your code; details: dynamo-hotpath analyze ${s.result.outPath}`,
  ];
  return `${lines.map((line) => displayText(line)).join('\n')}\n`;
}

function jsonSummary(s: Summary): object {
  return {
    schema: 'dynamo-hotpath.fetch/1',
    server: s.server,
    profileType: s.profileType,
    query: s.query,
    from: s.from,
    to: s.to,
    out: s.result.outPath,
    method: s.result.method,
    maxNodes: s.result.maxNodes,
    ...(s.result.serverMaxNodes !== undefined ? { serverMaxNodes: s.result.serverMaxNodes } : {}),
    profileBytes: s.result.profileBytes,
    dynamoPercent: round2(s.dynamoPercent),
    prunedPercent: round2(s.prunedPercent),
    callSites: s.callSites,
    notes: s.result.notes,
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
