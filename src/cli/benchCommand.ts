/**
 * `dynamo-hotpath bench`: the marshalling microbenchmark from the command line, same engine as the
 * editor (a child process per run). Prints the item shape first, progress on stderr, then the
 * tables (or the JSON report with --json).
 */
import { parseArgs } from 'node:util';
import { writeRaw } from './terminalText';
import { CliUsageError } from './usage';
import { parseArgsMessage } from './options';
import { readItemsFile, ItemSourceError } from '../core/bench/itemSource';
import { generateItems, GENERATOR_SHAPES, type GeneratorShape } from '../core/bench/generator';
import { scanItems } from '../core/bench/scanSource';
import { summarizeShape, describeShape } from '../core/bench/shape';
import { BenchCancelledError, BenchTimeoutError, BenchWorkerError } from '../core/bench/runner';
import { runBenchmarkWithGo } from '../core/bench/goCombined';
import { DEFAULT_PROCESS_POLICY, type ProcessPolicy } from '../core/bench/policy';
import { reportToMarkdown } from '../core/bench/format';
import { DEFAULT_MEASURE_SETTINGS, MAX_BUDGET_MS_PER_CASE, SUITE_IDS, type SuiteId } from '../core/bench/suiteTypes';
import type { ItemSet } from '../core/bench/itemTypes';

const HELP = `usage: dynamo-hotpath bench [--items FILE | --generate SHAPE[:COUNT] | --scan TABLE] [options]

Benchmarks aws-sdk v2 against v3 DynamoDB marshalling on your items, in a separate Node process.

items (one of; default --generate nested:40):
  --items PATH            items in any shape, detected: plain JSON or DynamoDB JSON items (array or
                          JSON Lines); a Query/Scan, GetItem or BatchGetItem response; DynamoDB
                          Streams records; a DynamoDB export to S3 (DynamoDB JSON or Amazon Ion,
                          gzipped or not; PATH may be the export's folder: its data files are read,
                          at most 1000 items); incremental export lines
  --generate SHAPE[:N]    generated items: ${GENERATOR_SHAPES.join(', ')} (N default 40)
  --scan TABLE            read-only Scan of a live table (opt-in), with:
      --limit N           at most N items (default 50)
      --endpoint URL      e.g. http://127.0.0.1:8000 for DynamoDB Local / dynalite
      --region R, --profile P   otherwise the SDK's default credential chain and region

options:
  --suite LIST            ${SUITE_IDS.join(',')} (comma-separated; default conversion,response)
  --budget-ms N           time budget per case, ms (default ${DEFAULT_MEASURE_SETTINGS.budgetMsPerCase}, at most ${MAX_BUDGET_MS_PER_CASE})
  --target-rme P          stop a case early below this relative margin of error, % (default ${DEFAULT_MEASURE_SETTINGS.targetRmePercent})
  --processes N           at least N fresh worker processes (default ${DEFAULT_PROCESS_POLICY.minProcesses}); the verdicts
                          combine the processes' median ratios, so they include run-to-run
                          variation, and say "unstable" when the processes contradict each other
  --max-processes M       add processes one at a time while a comparison is unsettled, up to M
                          (default ${DEFAULT_PROCESS_POLICY.maxProcesses}; M = N runs exactly N)
  --time-budget S         start another process only while it fits in S seconds for the whole
                          run (default ${DEFAULT_PROCESS_POLICY.timeBudgetMs / 1000})
  --go-type PATH.Type     for --suite go (needs go on PATH; the module is the nearest go.mod at or
                          above the current folder): the struct, e.g.
                          github.com/example/adserver/internal/model.UserActivity or ./internal/model.UserActivity
  --go-generate N         Go suite only: instead of --items, N items made from the struct with every
                          field filled (strings, numbers, lists, maps, nested structs)
  --go-count N            runs of each Go benchmark (default 5)
  --go-benchtime MS       target time of each Go run, ms (default 1000)
  --json                  print the full report as JSON

exit codes:
  0  benchmarked: every requested suite ran
  1  the run failed: a worker crashed or hit its time limit
  2  bad usage or unreadable items (file, generator spec, or a failed --scan)
  3  a requested suite did not run (e.g. the Go suite: no go on PATH, no --go-type, the struct
     not found, the items do not fit it, the build failed); the report says "Not run: <why>"
     and the reason is repeated on stderr
  130 cancelled with Ctrl+C
`;

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliUsageError(`${name} must be a positive number, got '${value}'`);
  return n;
}

function parseSuites(value: string | undefined): SuiteId[] {
  if (value === undefined) return ['conversion', 'response'];
  const suites = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of suites) {
    if (!(SUITE_IDS as readonly string[]).includes(s)) throw new CliUsageError(`unknown suite '${s}' (expected ${SUITE_IDS.join(', ')})`);
  }
  if (suites.length === 0) throw new CliUsageError('--suite needs at least one suite');
  return [...new Set(suites)] as SuiteId[];
}

/** `SHAPE[:COUNT]` of `--generate` (count 1–100000, default 40). @throws CliUsageError naming what is wrong */
export function parseGenerate(value: string): { shape: GeneratorShape; count: number } {
  const [shape, count = '40'] = value.split(':');
  if (!(GENERATOR_SHAPES as readonly string[]).includes(shape!)) {
    throw new CliUsageError(`unknown item shape '${shape}' (expected ${GENERATOR_SHAPES.join(', ')})`);
  }
  const n = Number(count);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new CliUsageError(`item count must be an integer from 1 to 100000, got '${count}'`);
  return { shape: shape as GeneratorShape, count: n };
}

type Values = Record<string, string | boolean | undefined>;

function processPolicy(v: Values): ProcessPolicy {
  const count = (name: string, fallback: number) => {
    const n = positiveNumber(`--${name}`, v[name] as string | undefined, fallback);
    if (!Number.isInteger(n) || n > 20) throw new CliUsageError(`--${name} must be an integer from 1 to 20, got '${v[name]}'`);
    return n;
  };
  const minProcesses = count('processes', DEFAULT_PROCESS_POLICY.minProcesses);
  const maxProcesses = count('max-processes', Math.max(minProcesses, DEFAULT_PROCESS_POLICY.maxProcesses));
  if (maxProcesses < minProcesses) throw new CliUsageError(`--max-processes (${maxProcesses}) must be at least --processes (${minProcesses})`);
  const timeBudgetMs = 1000 * positiveNumber('--time-budget', v['time-budget'] as string | undefined, DEFAULT_PROCESS_POLICY.timeBudgetMs / 1000);
  return { minProcesses, maxProcesses, timeBudgetMs };
}

async function loadItems(v: Values): Promise<ItemSet> {
  const chosen = ['items', 'generate', 'scan'].filter((k) => v[k] !== undefined);
  if (chosen.length > 1) throw new CliUsageError(`choose one item source, got --${chosen.join(' and --')}`);
  if (typeof v.items === 'string') return readItemsFile(v.items);
  if (typeof v.scan === 'string') {
    return scanItems({
      tableName: v.scan,
      limit: positiveNumber('--limit', v.limit as string | undefined, 50),
      endpoint: v.endpoint as string | undefined,
      region: v.region as string | undefined,
      profile: v.profile as string | undefined,
    });
  }
  return generateItems(parseGenerate((v.generate as string | undefined) ?? 'nested:40'));
}

/** Runs the subcommand; exit 0 on success, 1 when the run fails (crash, time limit), 2 for bad arguments or unreadable items, 3 when a requested suite did not run (its `skipped` reason), 130 when cancelled with Ctrl-C. */
export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        items: { type: 'string' },
        generate: { type: 'string' },
        scan: { type: 'string' },
        limit: { type: 'string' },
        endpoint: { type: 'string' },
        region: { type: 'string' },
        profile: { type: 'string' },
        suite: { type: 'string' },
        'budget-ms': { type: 'string' },
        'target-rme': { type: 'string' },
        processes: { type: 'string' },
        'max-processes': { type: 'string' },
        'time-budget': { type: 'string' },
        'go-type': { type: 'string' },
        'go-count': { type: 'string' },
        'go-generate': { type: 'string' },
        'go-benchtime': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    throw new CliUsageError(parseArgsMessage(err as Error, args));
  }
  const v = parsed.values as Values;
  if (v.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const suites = parseSuites(v.suite as string | undefined);
  const settings = {
    ...DEFAULT_MEASURE_SETTINGS,
    budgetMsPerCase: positiveNumber('--budget-ms', v['budget-ms'] as string | undefined, DEFAULT_MEASURE_SETTINGS.budgetMsPerCase),
    targetRmePercent: positiveNumber('--target-rme', v['target-rme'] as string | undefined, DEFAULT_MEASURE_SETTINGS.targetRmePercent),
  };
  if (settings.budgetMsPerCase > MAX_BUDGET_MS_PER_CASE) throw new CliUsageError(`--budget-ms must be at most ${MAX_BUDGET_MS_PER_CASE} (a minute per case), got '${v['budget-ms']}'`);
  settings.minTimeMsPerCase = Math.min(settings.minTimeMsPerCase, settings.budgetMsPerCase);
  const policy = processPolicy(v);

  const goCount = positiveNumber('--go-count', v['go-count'] as string | undefined, 5);
  if (!Number.isInteger(goCount) || goCount > 100) throw new CliUsageError(`--go-count must be an integer from 1 to 100, got '${v['go-count']}'`);
  const goPlan = { count: goCount, benchtimeMs: positiveNumber('--go-benchtime', v['go-benchtime'] as string | undefined, 1000) };

  const goGenerate = v['go-generate'] === undefined ? undefined : positiveNumber('--go-generate', v['go-generate'] as string, 40);
  if (goGenerate !== undefined && (!Number.isInteger(goGenerate) || goGenerate > 10_000 || suites.join() !== 'go')) {
    throw new CliUsageError('--go-generate needs --suite go alone and an item count from 1 to 10000');
  }

  let set: ItemSet;
  try {
    set = await loadItems(v);
  } catch (err) {
    if (err instanceof ItemSourceError) {
      process.stderr.write(`dynamo-hotpath bench: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  process.stderr.write(`items: ${set.label} (${set.format}) — ${describeShape(summarizeShape(set.items))}\n`);
  for (const note of set.notes ?? []) process.stderr.write(`items: ${note}\n`);

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const seen = new Set<string>();
  const tty = process.stderr.isTTY === true;
  try {
    const report = await runBenchmarkWithGo(
      { items: { kind: 'set', set }, suites, settings, workspaceRoot: process.cwd(), goType: v['go-type'] as string | undefined, goGenerate },
      policy,
      {
        signal: controller.signal,
        onProgress: (p) => {
          const line = p.caseCount ? `[${p.caseIndex}/${p.caseCount}] ${p.message}` : p.message;
          if (tty) {
            const precision = p.rmePercent === undefined ? '' : ` (${p.samples} samples, RME ±${p.rmePercent.toFixed(1)} %)`;
            writeRaw('stderr', '\r\x1b[K');
            process.stderr.write(`${line}${precision}`);
          } else if (!seen.has(line)) {
            seen.add(line);
            process.stderr.write(`${line}\n`);
          }
        },
      },
      goPlan,
    );
    if (tty) writeRaw('stderr', '\r\x1b[K');
    process.stdout.write(v.json ? `${JSON.stringify(report, null, 2)}\n` : reportToMarkdown(report));
    const notRun = report.suites.filter((suite) => suite.skipped);
    for (const suite of notRun) process.stderr.write(`dynamo-hotpath bench: the ${suite.title} suite did not run: ${suite.skipped}\n`);
    return notRun.length > 0 ? 3 : 0;
  } catch (err) {
    if (err instanceof BenchCancelledError || err instanceof BenchTimeoutError || err instanceof BenchWorkerError) {
      if (tty) writeRaw('stderr', '\r\x1b[K');
      process.stderr.write(`dynamo-hotpath bench: ${err.message}\n`);
      return controller.signal.aborted ? 130 : 1;
    }
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
