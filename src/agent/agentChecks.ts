/**
 * The connection and throttling checks (core/check/checkPaths.ts) as the agent tools run them:
 * the Go checks only where Go may run — go builds the Go helper in the module's folder and follows
 * its go.mod — else each Go file is listed as not checked, with that reason.
 */
import { findGoBinary } from '../core/bench/goSuite';
import { checkPaths, checkTargets } from '../core/check/checkPaths';
import type { CheckResult } from '../core/check/types';

/** Why Go files are not checked where the workspace is not trusted. */
export const GO_CHECK_NEEDS_TRUST = 'the Go checks run go in the module folder, which follows its go.mod; trust the workspace first';

/** What the checks are given besides the paths. */
export interface AgentCheckOptions {
  /** False where the workspace is not trusted: Go files are then left out. */
  readonly goAllowed: boolean;
  readonly signal?: AbortSignal;
  readonly concurrency?: number;
  readonly minTimeoutMs?: number;
}

/**
 * Checks the files and folders of `paths` (absolute).
 * @throws CheckInputError for a path that does not exist or is not a Go, JavaScript or TypeScript file
 */
export async function agentChecks(paths: readonly string[], options: AgentCheckOptions): Promise<CheckResult> {
  const files = checkTargets(paths);
  const goLeftOut = options.goAllowed ? [] : files.filter((f) => f.endsWith('.go'));
  const goBinary = options.goAllowed ? findGoBinary() : undefined;
  const result = await checkPaths(
    files.filter((f) => !goLeftOut.includes(f)),
    {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(goBinary ? { goBinary } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.minTimeoutMs !== undefined ? { minTimeoutMs: options.minTimeoutMs } : {}),
    },
  );
  return { ...result, unchecked: [...result.unchecked, ...goLeftOut.map((file) => ({ file, reason: GO_CHECK_NEEDS_TRUST }))] };
}
