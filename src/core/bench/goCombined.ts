/**
 * Runs a benchmark request whose suites may include Go: the Node suites in a fresh worker process
 * (runner.ts), the Go suite from this process, because `go test` is its own process and must be
 * cleaned up from here — a worker killed on cancel could not remove the sandbox or stop go.
 */
import type { ItemSet } from './itemTypes';
import type { BenchReport, BenchRequest } from './suiteTypes';
import type { RunBenchmarkOptions } from './runner';
import { runBenchmarkWithPolicy, type ProcessPolicy } from './policy';
import { captureEnvironment, finishEnvironment } from './environment';
import { generateItems } from './generator';
import { summarizeShape } from './shape';
import { findGoBinary, goSuiteBlocker, goSuiteUnavailable } from './goSuite';
import { runGoSuite } from './goRunner';
import type { GoBenchPlan } from './goPlan';
import { findModuleRoot } from '../go/goModule';

/** Go-only options: runs and benchtime (defaults in goPlan.ts). */
export type GoPlanOptions = Partial<Omit<GoBenchPlan, 'cases'>>;

function resolveItems(request: BenchRequest): ItemSet {
  return request.items.kind === 'set' ? request.items.set : generateItems(request.items.spec);
}

/**
 * Same contract as {@link runBenchmarkWithPolicy} (same errors; `processes` — a fixed count or a
 * process policy — applies to the Node suites), plus the Go suite when `request.suites` has it: with `request.goType` and a `go.mod`
 * at or above `request.workspaceRoot`, measured by runGoSuite; otherwise a skipped suite saying
 * what is missing.
 */
export async function runBenchmarkWithGo(request: BenchRequest, processes: number | ProcessPolicy, options: RunBenchmarkOptions = {}, goPlan: GoPlanOptions = {}): Promise<BenchReport> {
  const policy = typeof processes === 'number' ? { minProcesses: processes, maxProcesses: processes, timeBudgetMs: Number.MAX_SAFE_INTEGER } : processes;
  const started = Date.now();
  const nodeSuites = request.suites.filter((s) => s !== 'go');
  const environment = captureEnvironment();
  const set = resolveItems(request);
  const report: BenchReport = nodeSuites.length
    ? await runBenchmarkWithPolicy({ ...request, items: { kind: 'set', set }, suites: nodeSuites }, policy, options)
    : { startedAt: new Date(started).toISOString(), durationMs: 0, itemSource: { format: set.format, label: set.label }, shape: summarizeShape(set.items), settings: request.settings, environment, suites: [] };
  if (request.suites.includes('go')) {
    const moduleRoot = request.workspaceRoot ? findModuleRoot(request.workspaceRoot) : undefined;
    const goBinary = findGoBinary();
    if (!request.goType || !moduleRoot || !goBinary || goSuiteBlocker(moduleRoot)) {
      report.suites.push(goSuiteUnavailable(moduleRoot ?? request.workspaceRoot));
    } else {
      report.suites.push(
        await runGoSuite({
          goBinary,
          moduleRoot,
          goType: request.goType,
          set,
          generate: nodeSuites.length ? undefined : request.goGenerate,
          onItems: (generated) => {
            report.itemSource = { format: generated.format, label: generated.label };
            report.shape = summarizeShape(generated.items);
          },
          plan: goPlan,
          signal: options.signal,
          onProgress: (p) => options.onProgress?.({ message: p.message, suite: 'go', caseIndex: p.done, caseCount: p.total }),
        }),
      );
    }
  }
  if (!nodeSuites.length) {
    report.environment = finishEnvironment(environment);
    report.durationMs = Date.now() - started;
  }
  return report;
}
