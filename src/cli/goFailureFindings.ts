/**
 * One `error` finding per Go file using legacy DynamoDB packages that a module-level failure
 * leaves unmigrated (no go on PATH, no go.mod, `go list` failing), so the count `migrate` prints equals the findings it prints, and
 * each names the cause and what to run.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const downloadFailure = /proxy\.golang\.org|dial tcp|no such host|GOPROXY|GOFLAGS=-mod=mod|missing go\.sum entry|go: downloading|module lookup disabled/;

/**
 * The one-line cause of a failure of Go's own tools (`go list ./x failed:\n<go output>`): a
 * module that could not be downloaded is named so, with `go mod download` to run in `moduleRoot`;
 * anything else is Go's first line of output.
 */
export function goFailureCause(message: string, moduleRoot: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean);
  const goLine = lines.find((l) => l.startsWith('go: ') && !l.startsWith('go: downloading')) ?? lines[1] ?? lines[0] ?? 'go failed';
  if (downloadFailure.test(message)) return `the module's dependencies could not be downloaded (${goLine}): run \`go mod download\` in ${moduleRoot} where the module proxy is reachable, then migrate again`;
  return `${lines[0] ?? 'go failed'}${goLine !== lines[0] ? ` ${goLine}` : ''}`;
}

const legacyImport = /"github\.com\/(aws\/aws-sdk-go\/service\/dynamodb|guregu\/dynamo)["/]/;

/** Does the Go file import a package the migration rewrites (aws-sdk-go v1 DynamoDB, guregu/dynamo v1)? Unreadable: true. */
export function usesLegacyDynamo(file: string): boolean {
  try {
    return legacyImport.test(readFileSync(file, 'utf8'));
  } catch {
    return true;
  }
}

/** `file:1:1: error go-not-migrated: <cause>` for each file (paths as the other Go findings show them). */
export function goFailureLines(files: readonly string[], cause: string): string[] {
  return files.map((f) => {
    const rel = relative(process.cwd(), f);
    return `${rel && !rel.startsWith('..') ? rel : f}:1:1: error go-not-migrated: not migrated: ${cause}`;
  });
}
