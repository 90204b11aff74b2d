/**
 * How long a Go benchmark run may take, from what it will do: a build (cold builds of aws-sdk-go
 * and aws-sdk-go-v2 take 20–60 s on an idle 2-core machine and several times that under load), a
 * fit check, then `count` runs of each benchmark, each run lasting about `benchtime` after Go's
 * b.N ramp-up (which adds up to roughly another benchtime). A flat limit killed healthy runs on a
 * loaded machine; these limits grow with the plan instead.
 */

/** What the run will do. */
export interface GoBenchPlan {
  /** Runs of each benchmark (`-test.count`). */
  count: number;
  /** Target time per run, ms (`-test.benchtime`). */
  benchtimeMs: number;
  /** Benchmarks in the file. */
  cases: number;
}

/** The default plan: 5 runs of 1 s, Go's own benchtime. */
export const DEFAULT_GO_PLAN: Omit<GoBenchPlan, 'cases'> = { count: 5, benchtimeMs: 1000 };

/** Limits in ms for each phase. */
export interface GoPhaseLimits {
  build: number;
  fit: number;
  run: number;
}

/**
 * Phase limits: build 10 min (a cold build on a loaded machine; the user can cancel sooner), fit
 * 2 min, and for the runs 60 s + count × cases × (3 × benchtime + 2 s): three times the nominal
 * time covers the ramp-up and a machine where the benchmark gets a fraction of a core.
 */
export function goPhaseLimits(plan: GoBenchPlan): GoPhaseLimits {
  return { build: 600_000, fit: 120_000, run: 60_000 + plan.count * plan.cases * (3 * plan.benchtimeMs + 2_000) };
}

/** The nominal time of the timed phase, ms (shown before it starts): count × cases × benchtime. */
export function nominalRunMs(plan: GoBenchPlan): number {
  return plan.count * plan.cases * plan.benchtimeMs;
}

/** `-test.benchtime` text for a time in ms: "1s", "300ms". */
export function benchtimeFlag(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${Math.round(ms)}ms`;
}
