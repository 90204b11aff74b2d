/**
 * `npm run perf` part: aws-sdk v2 vs v3 DynamoDB marshalling on the bundled fixture items (the two
 * recorded Query responses in fixtures/data), each file in its own fresh worker process. Prints the
 * Markdown tables. Each file runs under the default process policy (3–8 fresh processes within
 * 120 s, so the intervals include run-to-run variation) with BENCH_BUDGET_MS per case (default
 * 1000 ms).
 */
import { join } from 'node:path';
import { readItemsFile } from '../src/core/bench/itemSource';
import { DEFAULT_PROCESS_POLICY, runBenchmarkWithPolicy } from '../src/core/bench/policy';
import { reportToMarkdown } from '../src/core/bench/format';
import { describeShape, summarizeShape } from '../src/core/bench/shape';
import { DEFAULT_MEASURE_SETTINGS } from '../src/core/bench/suiteTypes';

const FIXTURES = ['query-user-activity.json', 'query-targeting-model.json'];

/** Runs the conversion and response-path suites on each fixture and prints the report; throws if a run fails. */
export async function main(): Promise<void> {
  const budget = Number(process.env.BENCH_BUDGET_MS ?? DEFAULT_MEASURE_SETTINGS.budgetMsPerCase);
  for (const name of FIXTURES) {
    const set = await readItemsFile(join(__dirname, '..', 'fixtures', 'data', name));
    process.stderr.write(`benchmarking ${name}: ${describeShape(summarizeShape(set.items))}\n`);
    const report = await runBenchmarkWithPolicy(
      { items: { kind: 'set', set }, suites: ['conversion', 'response'], settings: { ...DEFAULT_MEASURE_SETTINGS, budgetMsPerCase: budget } },
      DEFAULT_PROCESS_POLICY,
      { onProgress: (p) => p.samples === undefined && process.stderr.write(`  ${p.message}\n`) },
    );
    process.stdout.write(`${reportToMarkdown(report)}\n`);
  }
}

if (require.main === module) {
  main().catch(
    (err: unknown) => {
      process.stderr.write(`perf/marshalling: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
