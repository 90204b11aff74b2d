/**
 * Suite 3, Go: available only where `go` is on PATH and the workspace is a Go module. This module
 * decides whether it can run and says what is missing; goBenchGenerator.ts writes the benchmark and
 * goBenchParser.ts reads `go test -bench -benchmem` output.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findProgram } from '../exec/findProgram';
import type { SuiteResult } from './suiteTypes';

/** Message when the Go toolchain is missing. */
export const GO_NOT_FOUND = 'Go not found: install golang-go (Debian/Ubuntu: `sudo apt-get install golang-go`) or Go from https://go.dev/dl/, then re-run.';

/** The first executable `go` in an absolute folder of `PATH` (`envPath`), or undefined ({@link findProgram}). */
export function findGoBinary(envPath = process.env.PATH ?? ''): string | undefined {
  return findProgram('go', envPath);
}

/**
 * Why the Go suite cannot run here, or undefined when it can: Go must be on PATH and `root` must hold
 * a `go.mod`.
 */
export function goSuiteBlocker(root: string | undefined, envPath?: string): string | undefined {
  if (!findGoBinary(envPath)) return GO_NOT_FOUND;
  if (!root || !existsSync(join(root, 'go.mod'))) {
    return `Not a Go module: no go.mod in ${root ?? 'the workspace'}; the Go suite benchmarks a struct of your module.`;
  }
  return undefined;
}

/** The Go suite's result when it is not run from the Node worker (see {@link goSuiteBlocker}). */
export function goSuiteUnavailable(root?: string, envPath?: string): SuiteResult {
  const blocker =
    goSuiteBlocker(root, envPath) ??
    'The Go suite needs a struct to benchmark: `dynamo-hotpath bench --suite go --go-type <import path>.<Type>`.';
  return { id: 'go', title: 'Go (dynamodbattribute vs attributevalue)', note: '', cases: [], comparisons: [], skipped: blocker };
}
