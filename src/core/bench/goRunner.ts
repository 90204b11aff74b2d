/**
 * Runs the generated Go benchmark (goBenchGenerator.ts) inside the user's module: a temporary
 * package folder `.dynamo-hotpath-bench-<random>/` under the module root (so the struct's package
 * can be imported, internal ones included) holding the test file and the items, then
 * `go test -run ^$ -bench . -benchmem -count N`, then the folder is removed. Only used where
 * goSuiteBlocker() finds Go and a go.mod.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ItemSet } from './itemTypes';
import type { CaseResult, SuiteResult } from './suiteTypes';
import { generateGoBenchmark } from './goBenchGenerator';
import { compareGoBenchmarks, parseGoBenchOutput } from './goBenchParser';

/** A struct to benchmark: `<import path>.<Type>`, e.g. `github.com/example/adserver/internal/model.UserActivity`. */
export function parseGoType(spec: string): { importPath: string; typeName: string } {
  const dot = spec.lastIndexOf('.');
  const slash = spec.lastIndexOf('/');
  if (dot <= slash + 1 || dot === spec.length - 1) throw new RangeError(`expected <import path>.<Type>, got '${spec}'`);
  return { importPath: spec.slice(0, dot), typeName: spec.slice(dot + 1) };
}

function runGo(goBinary: string, cwd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(goBinary, args, { cwd, env: { ...process.env, GOFLAGS: process.env.GOFLAGS ?? '-mod=mod' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Benchmarks `goType` on `set` with `go test -bench` (`count` runs each, default 5) and returns the
 * Go suite's result: V1/V2 cases with ns/op statistics over the runs, B/op, and comparisons. A build
 * or test failure becomes `skipped` with the tail of Go's output. The temporary folder is always removed.
 */
export async function runGoSuite(goBinary: string, moduleRoot: string, goType: string, set: ItemSet, count = 5, timeoutMs = 600_000): Promise<SuiteResult> {
  const title = 'Go (dynamodbattribute vs attributevalue)';
  const { importPath, typeName } = parseGoType(goType);
  const dir = await mkdtemp(join(moduleRoot, '.dynamo-hotpath-bench-'));
  try {
    await writeFile(join(dir, 'items.json'), JSON.stringify(set.items));
    await writeFile(join(dir, 'hotpath_bench_test.go'), generateGoBenchmark({ packageName: 'hotpathbench', structImportPath: importPath, typeName, itemsFile: 'items.json' }));
    const { code, output } = await runGo(goBinary, dir, ['test', '-run', '^$', '-bench', '.', '-benchmem', '-count', String(count)], timeoutMs);
    const parsed = parseGoBenchOutput(output);
    if (code !== 0 || !parsed.passed || parsed.benchmarks.length === 0) {
      return { id: 'go', title, note: '', cases: [], comparisons: [], skipped: `go test failed (exit ${code}): ${output.trim().split('\n').slice(-8).join('\n')}` };
    }
    const comparisons = compareGoBenchmarks(parsed);
    const cases: CaseResult[] = [];
    for (const c of comparisons) {
      const operation = c.label.toLowerCase().startsWith('unmarshal') ? 'unmarshall' : 'marshall';
      for (const [name, summary, bytes, sdk] of [
        [c.older, c.olderSummary, c.olderBytesPerOp, 'go-v1'],
        [c.newer, c.newerSummary, c.newerBytesPerOp, 'go-v2'],
      ] as const) {
        cases.push({ id: name, label: `${sdk === 'go-v1' ? 'aws-sdk-go dynamodbattribute' : 'aws-sdk-go-v2 attributevalue'} ${c.label}`, sdk, operation, options: 'default', itemsPerOp: set.items.length, summary, nsPerItem: summary.meanNs / set.items.length, bytesPerOp: bytes });
      }
    }
    return {
      id: 'go',
      title,
      note: `${typeName} from ${importPath}; one op converts all ${set.items.length} items; ns/op is wall time from go test -bench over ${count} runs (${parsed.config.cpu ?? 'cpu unknown'}).`,
      cases,
      comparisons: comparisons.map((c) => ({ label: `${c.label}: v2 vs v1`, newer: c.newer, older: c.older, estimate: c.estimate, deltaNsPerItem: (c.newerSummary.meanNs - c.olderSummary.meanNs) / set.items.length })),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
