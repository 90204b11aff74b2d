/**
 * The module's own tests, run before and after a rewrite in the sandbox: `go test -json -count=1
 * ./...` (with the rewritten files through -overlay after), counted per test from go's test2json
 * events. Nothing is written to the module: the sandbox's go.mod copy and GOTMPDIR take what go
 * writes.
 */
import { execGroup } from '../../go/goExec';
import type { GoSandbox } from '../../go/goSandbox';

/** The outcome of one `go test ./...` run. Test names are `package.TestName` (subtests `…/name`). */
export interface GoTestRun {
  passed: string[];
  failed: string[];
  skipped: string[];
  /** Packages whose tests failed without a failing test: they did not build, or the binary failed. */
  brokenPackages: string[];
  /** Wall time of the run, ms. */
  elapsedMs: number;
  timedOut: boolean;
}

interface TestEvent {
  Action?: string;
  Package?: string;
  Test?: string;
}

/** Reads test2json events (one JSON object per line; other lines are ignored). */
export function countTestEvents(stdout: string): Omit<GoTestRun, 'elapsedMs' | 'timedOut'> {
  const passed = new Set<string>();
  const failed = new Set<string>();
  const skipped = new Set<string>();
  const failedPackages = new Set<string>();
  const withFailingTest = new Set<string>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    let e: TestEvent;
    try {
      e = JSON.parse(line) as TestEvent;
    } catch {
      continue;
    }
    if (!e.Package) continue;
    const name = e.Test ? `${e.Package}.${e.Test}` : undefined;
    if (e.Action === 'pass' && name) passed.add(name);
    else if (e.Action === 'fail' && name) (failed.add(name), withFailingTest.add(e.Package));
    else if (e.Action === 'skip' && name) skipped.add(name);
    else if (e.Action === 'fail' && !name) failedPackages.add(e.Package);
  }
  return {
    passed: [...passed].sort(),
    failed: [...failed].sort(),
    skipped: [...skipped].sort(),
    brokenPackages: [...failedPackages].filter((p) => !withFailingTest.has(p)).sort(),
  };
}

/** Runs the tests of `patterns` (overlay included when `withOverlay`); time limit 30 minutes. */
export async function goTestRun(goBinary: string, box: GoSandbox, patterns: string[], withOverlay: boolean, signal?: AbortSignal): Promise<GoTestRun> {
  const flags = box.flags().filter((f) => withOverlay || !f.startsWith('-overlay='));
  const r = await execGroup(goBinary, ['test', '-json', '-count=1', ...flags, ...patterns], { cwd: box.moduleRoot, env: box.env(), timeoutMs: 1_800_000, signal });
  if (r.cancelled) throw new Error('cancelled');
  return { ...countTestEvents(r.stdout), elapsedMs: r.elapsedMs, timedOut: r.timedOut };
}
