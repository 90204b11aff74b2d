/**
 * Runs the generated Go benchmark (goBenchGenerator.ts) on the user's module without writing to
 * it: everything happens in a {@link GoSandbox} (copied go.mod via -modfile, the test file via
 * -overlay, items and the test binary in the sandbox). Three phases, each with its own limit from
 * the plan (goPlan.ts), progress and cancellation: build (`go test -c`), fit check (do the items
 * fill the struct?), timed runs (`-test.bench … -test.benchmem -test.count N`). The sandbox is
 * removed on every path, and by cleanup.ts if the process is ended by a signal.
 */
import { join, relative, isAbsolute } from 'node:path';
import type { ItemSet } from './itemTypes';
import type { CaseResult, SuiteResult } from './suiteTypes';
import { GENERATED_FILE, GENERATE_ENV, ITEMS_ENV, NAME_SUFFIX, generateGoBenchmark } from './goBenchGenerator';
import { readFile } from 'node:fs/promises';
import { compareGoBenchmarks, parseGoBenchOutput } from './goBenchParser';
import { judgeFit, parseFitLine } from './goFit';
import { DEFAULT_GO_PLAN, benchtimeFlag, goPhaseLimits, nominalRunMs, type GoBenchPlan, type GoPhaseLimits } from './goPlan';
import { dynamoModuleVersions, goVersion } from './goEnvironment';
import { GoSandbox } from '../go/goSandbox';
import { execGroup, type ExecOptions, type ExecResult } from '../go/goExec';
import { BenchCancelledError, BenchTimeoutError } from './runner';
import { plural } from '../plural';

/** Title of the Go suite. */
export const GO_SUITE_TITLE = 'Go (aws-sdk-go dynamodbattribute vs aws-sdk-go-v2 attributevalue)';

/** A struct to benchmark: `<import path>.<Type>` (`./dir.Type` relative to the module root works too). */
export function parseGoType(spec: string): { importPath: string; typeName: string } {
  const dot = spec.lastIndexOf('.');
  const slash = spec.lastIndexOf('/');
  if (dot <= slash + 1 || dot === spec.length - 1) throw new RangeError(`expected <import path>.<Type>, got '${spec}'`);
  return { importPath: spec.slice(0, dot), typeName: spec.slice(dot + 1) };
}

/** Progress of a Go run: a phase message and, in the timed phase, runs done of runs planned. */
export interface GoProgress {
  message: string;
  done: number;
  total: number;
}

/** What to run. */
export interface GoSuiteRequest {
  goBinary: string;
  /** Folder of the module's go.mod (never written). */
  moduleRoot: string;
  /** `<import path>.<Type>` of a struct in that module. */
  goType: string;
  /** The user's items; or, with `generate`, how many items to make from filled structs (set is then replaced). */
  set: ItemSet;
  generate?: number;
  plan?: Partial<Omit<GoBenchPlan, 'cases'>>;
  /** Tighter phase limits than the plan's, ms (tests; a caller with its own deadline). */
  limits?: Partial<GoPhaseLimits>;
  signal?: AbortSignal;
  onProgress?: (p: GoProgress) => void;
  /** Called with the generated items (when `generate` is set) before they are timed. */
  onItems?: (set: ItemSet) => void;
}

const CASES = 4;
const tail = (r: ExecResult, lines = 12) => (r.stderr + r.stdout).trim().split('\n').slice(-lines).join('\n');
const skipped = (why: string, note = ''): SuiteResult => ({ id: 'go', title: GO_SUITE_TITLE, note, cases: [], comparisons: [], skipped: why });

function check(r: ExecResult, phase: string, limitMs: number): void {
  if (r.cancelled) throw new BenchCancelledError(`Go benchmark cancelled during ${phase}`);
  if (r.timedOut) throw new BenchTimeoutError(`Go benchmark: ${phase} exceeded its limit of ${Math.round(limitMs / 1000)} s and was stopped`);
}

/**
 * Runs the suite. Resolves with the suite's result: measured cases and comparisons, or `skipped`
 * with the reason (the package does not build, the items do not fit the struct, a benchmark
 * failed — Go's own output quoted). Rejects with BenchCancelledError when `signal` aborts and
 * BenchTimeoutError when a phase passes its limit; the sandbox is removed either way.
 */
export async function runGoSuite(request: GoSuiteRequest): Promise<SuiteResult> {
  const plan: GoBenchPlan = { ...DEFAULT_GO_PLAN, ...request.plan, cases: CASES };
  const limits = { ...goPhaseLimits(plan), ...request.limits };
  const { importPath, typeName } = parseGoType(request.goType);
  const progress = (message: string, done = 0, total = 0) => request.onProgress?.({ message, done, total });
  const box = await GoSandbox.create(request.moduleRoot);
  try {
    const goEnv = box.env();
    const run = (file: string, args: string[], phase: string, limit: number, extra: Partial<ExecOptions> = {}) =>
      execGroup(file, args, { cwd: request.moduleRoot, env: goEnv, timeoutMs: limit, signal: request.signal, ...extra }).then((r) => (check(r, phase, limit), r));
    const go = request.goBinary;

    progress(`Go: finding ${importPath}`);
    const listed = await run(go, ['list', ...box.flags(), '-f', '{{.Dir}}\t{{.Name}}\t{{join .GoFiles ","}}', importPath], 'go list', limits.build);
    if (listed.code !== 0) return skipped(`go list ${importPath} failed:\n${tail(listed)}`);
    const [dir, packageName, files] = listed.stdout.trim().split('\t') as [string, string, string];
    const structs = await structNames(dir, files.split(',').filter(Boolean));
    if (!structs.includes(typeName)) return skipped(`${importPath} declares no struct type ${typeName}${structs.length ? ` (its struct types: ${structs.join(', ')})` : ''}.`);
    const rel = relative(request.moduleRoot, dir);
    if (rel.startsWith('..') || isAbsolute(rel)) return skipped(`${importPath} is not in the module at ${request.moduleRoot}: the Go suite benchmarks a struct of your own module.`);

    await box.overlayFile(join(dir, GENERATED_FILE), generateGoBenchmark({ packageName, typeName }));
    let set = request.set;
    const itemsFile = await box.writeFile('items.json', JSON.stringify(set.items));
    const binary = join(box.dir, process.platform === 'win32' ? 'bench.test.exe' : 'bench.test');

    progress(`Go: building the benchmark of ${typeName} (go test -c; a first build of the SDKs can take a minute)`);
    const built = await run(go, ['test', '-c', '-vet=off', '-o', binary, ...box.flags(), importPath], 'the build', limits.build);
    if (built.code !== 0) return skipped(`the benchmark of ${importPath}.${typeName} does not build (go test -c, exit ${built.code}):\n${tail(built)}`);

    const testEnv = { ...goEnv, [ITEMS_ENV]: itemsFile, [GENERATE_ENV]: request.generate ? String(request.generate) : '' };
    progress(`Go: checking the items against ${typeName}`);
    const fitRun = await run(binary, ['-test.run', `^TestFit${NAME_SUFFIX}$`, '-test.v'], 'the fit check', limits.fit, { env: testEnv, cwd: dir });
    const fit = parseFitLine(fitRun.stdout);
    if (fitRun.code !== 0 || !fit) return skipped(`checking the items against ${typeName} failed:\n${tail(fitRun)}`);
    if (request.generate) {
      const items = JSON.parse(await readFile(itemsFile, 'utf8')) as ItemSet['items'];
      set = { format: 'generated', label: `generated from ${typeName} (every field filled)`, items };
      request.onItems?.(set);
    }
    const judged = judgeFit(fit, typeName);
    if (judged.refusal) return skipped(judged.refusal, judged.notes.join('\n'));

    const total = plan.count * plan.cases;
    progress(`Go: timing ${plural(plan.cases, 'benchmark')} × ${plural(plan.count, 'run')} of ${benchtimeFlag(plan.benchtimeMs)} (≈ ${Math.round(nominalRunMs(plan) / 1000)} s)`, 0, total);
    let done = 0;
    const runsOf = new Map<string, number>();
    const timed = await execGroup(binary, ['-test.run', '^$', '-test.bench', `${NAME_SUFFIX}$`, '-test.benchmem', '-test.count', String(plan.count), '-test.benchtime', benchtimeFlag(plan.benchtimeMs)], {
      cwd: dir,
      env: testEnv,
      timeoutMs: limits.run,
      signal: request.signal,
      onLine: (line) => {
        const m = /^Benchmark(\w+?)DynamoHotpath/.exec(line);
        if (!m || !/ns\/op/.test(line)) return;
        runsOf.set(m[1]!, (runsOf.get(m[1]!) ?? 0) + 1);
        progress(`Go: ${m[1]} (run ${runsOf.get(m[1]!)} of ${plan.count})`, ++done, total);
      },
    });
    check(timed, 'the timed runs', limits.run);
    const parsed = parseGoBenchOutput(timed.stdout);
    if (timed.code !== 0 || !parsed.passed || parsed.benchmarks.length === 0) return skipped(`go test -bench failed (exit ${timed.code}):\n${tail(timed)}`);

    const [version, modules] = await Promise.all([goVersion(request.goBinary, request.moduleRoot, goEnv), dynamoModuleVersions(request.goBinary, box, request.signal)]);
    return toSuite(parsed, set, { importPath, typeName, plan, notes: judged.notes, environment: `${version}, ${parsed.config.cpu ?? 'cpu unknown'}${modules.length ? `; ${modules.join(', ')}` : ''}` });
  } finally {
    await box.dispose();
  }
}

function toSuite(
  parsed: ReturnType<typeof parseGoBenchOutput>,
  set: ItemSet,
  info: { importPath: string; typeName: string; plan: GoBenchPlan; notes: string[]; environment: string },
): SuiteResult {
  const comparisons = compareGoBenchmarks(parsed);
  const cases: CaseResult[] = [];
  const items = set.items.length;
  for (const c of comparisons) {
    const label = c.label.replace(NAME_SUFFIX, '');
    const operation = label === 'Unmarshal' ? 'unmarshall' : 'marshall';
    cases.push(
      { id: c.older, label: `aws-sdk-go dynamodbattribute ${label}Map`, sdk: 'go-v1', operation, options: 'default', itemsPerOp: items, summary: c.olderSummary, nsPerItem: c.olderSummary.meanNs / items, wallNsPerOp: c.olderSummary.meanNs, bytesPerOp: c.olderBytesPerOp, allocsPerOp: c.olderAllocsPerOp },
      { id: c.newer, label: `aws-sdk-go-v2 attributevalue ${label}Map`, sdk: 'go-v2', operation, options: 'default', itemsPerOp: items, summary: c.newerSummary, nsPerItem: c.newerSummary.meanNs / items, wallNsPerOp: c.newerSummary.meanNs, bytesPerOp: c.newerBytesPerOp, allocsPerOp: c.newerAllocsPerOp },
    );
  }
  return {
    id: 'go',
    title: GO_SUITE_TITLE,
    note: [
      `${info.typeName} from ${info.importPath}; one op converts ${items === 1 ? 'the item' : `all ${items} items`}. ns/op is wall-clock time from go test -bench (${plural(info.plan.count, 'run')} of ${benchtimeFlag(info.plan.benchtimeMs)} each), B/op and allocs/op from -benchmem.`,
      ...info.notes,
    ].join('\n'),
    timeKind: 'wall',
    environment: info.environment,
    cases,
    comparisons: comparisons.map((c) => ({ label: `${c.label.replace(NAME_SUFFIX, '')}: v2 vs v1`, newer: c.newer, older: c.older, estimate: c.estimate, deltaNsPerItem: (c.newerSummary.meanNs - c.olderSummary.meanNs) / items })),
  };
}

/** Names of the struct types declared in a package's files (`type T struct`, also inside `type ( … )`). */
async function structNames(dir: string, files: string[]): Promise<string[]> {
  const names = new Set<string>();
  for (const f of files) {
    const text = await readFile(join(dir, f), 'utf8');
    for (const m of text.matchAll(/^(?:type[ \t]+|[ \t]+)([A-Za-z_]\w*)[ \t]+struct[ \t]*\{/gm)) names.add(m[1]!);
  }
  return [...names].sort();
}
