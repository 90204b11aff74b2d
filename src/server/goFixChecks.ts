/**
 * What the Go quick fix and the `migrate ›` lens know before they run. The typed Go migration
 * (go list, the Go helper, go build -overlay) takes seconds, a minute or more the first time (the
 * SDKs' export data are compiled), so its outcome is kept per package — until a .go file of the
 * package changes on disk — and it is worked out ahead, in the background, in a trusted workspace
 * once the editor asks for the code actions of a line with a Go migration finding (the lightbulb). A fix that cannot apply then says why
 * at once (a disabled code action with the reason, an immediate answer to the command); one that
 * can is offered as checked. What needs no go run at all — an untrusted workspace, no go, no
 * go.mod — is said at once from the start.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MigrateGoResult } from '../shared/protocol';
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';
import { findModuleRoot } from '../core/go/goModule';
import { migrateGoPackages } from '../core/migrate/go/typedMigrate';
import { goGetArgs } from '../core/migrate/go/goGet';

/** Why the Go migration cannot start in this editor at all (no go run needed to know). */
export const UNTRUSTED_GO_REASON = 'The Go migration runs go list and go build on this workspace, which executes its code: trust the workspace first (Workspaces: Manage Workspace Trust).';

/** What is known of a package's migration now: nothing yet, being worked out, or its outcome. */
export type GoFixKnowledge =
  | { readonly state: 'unknown' }
  | { readonly state: 'checking' }
  | { readonly state: 'blocked'; readonly reason: string }
  | { readonly state: 'applies'; readonly result: MigrateGoResult }
  | { readonly state: 'nothing'; readonly reason: string };

function position(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

/** The package's .go files with their sizes and modification times: changes when one is written, added or removed. */
function packageSignature(dir: string): string {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.go'))
      .sort()
      .map((f) => {
        const s = statSync(join(dir, f));
        return `${f}:${s.size}:${s.mtimeMs}`;
      })
      .join('|');
  } catch {
    return '';
  }
}

/** The first error finding of a result, `file:line: message`, or undefined. */
function firstError(result: MigrateGoResult): string | undefined {
  for (const f of result.files) {
    const error = f.findings.find((x) => x.severity === 'error');
    if (error) return `${f.uri.slice(f.uri.lastIndexOf('/') + 1)}:${error.line + 1}: ${error.message}`;
  }
  return undefined;
}

/**
 * What {@link GoFixChecks} runs: the typed migration of the package of a Go file (a test passes its
 * own); `test` also runs the module's go test ./... before and after.
 */
export type GoMigrationRunner = (path: string, goBinary: string, signal?: AbortSignal, test?: boolean) => Promise<MigrateGoResult>;

/**
 * The real runner: core/migrate/go/typedMigrate.ts (the packages that move together, checked over
 * the whole module), its findings as 0-based positions in the file as it is, the test counts, and
 * the go get the rewrite needs (not run).
 */
export const runTypedGoMigration: GoMigrationRunner = async (path, goBinary, signal, test = false) => {
  const r = await migrateGoPackages({ goBinary, paths: [path], test, ...(signal ? { signal } : {}) });
  const changed = r.files.filter((f) => f.after !== undefined);
  const t = r.tests;
  return {
    goVersion: r.goVersion,
    builds: r.build.ok,
    packages: r.packages,
    ...(t ? { tests: { passedBefore: t.before.passed.length, failedBefore: t.before.failed.length, passedAfter: t.after?.passed.length, failedAfter: t.after?.failed.length, regressed: t.regressed } } : {}),
    goGet: changed.length ? await goGetArgs(goBinary, r.moduleRoot, new Map(changed.map((f) => [f.path, f.after!])), signal) : [],
    files: r.files.map((f) => ({
      uri: pathToFileURL(f.path).href,
      ...(f.after !== undefined ? { after: f.after } : {}),
      findings: f.findings.map((x) => ({ ...position(f.before, x.start), severity: x.severity, code: x.code, message: x.message })),
    })),
  };
};

/** The kept entry still describes the code: no .go file changed in the package or in a package it rewrites. */
function current(entry: Entry, dir: string): boolean {
  if (entry.signature !== packageSignature(dir)) return false;
  for (const [d, signature] of entry.movedWith ?? []) if (packageSignature(d) !== signature) return false;
  return true;
}

interface Entry {
  signature: string;
  /** The other packages' folders the result rewrites, with their signatures when it arrived: a change there makes it stale too. */
  movedWith?: Map<string, string>;
  running?: Promise<MigrateGoResult>;
  result?: MigrateGoResult;
  failure?: string;
}

export class GoFixChecks {
  private readonly packages = new Map<string, Entry>();

  constructor(private readonly runner: GoMigrationRunner = runTypedGoMigration, private readonly goBinary: () => string | undefined = findGoBinary) {}

  /** The go binary the migration runs (undefined: none found). */
  goBinaryPath(): string | undefined {
    return this.goBinary();
  }

  /** Why the migration cannot start for `uri` at all (untrusted, no go, no go.mod), or undefined. */
  blocker(uri: string): string | undefined {
    if (!workspaceTrusted()) return UNTRUSTED_GO_REASON;
    if (!this.goBinary()) return GO_NOT_FOUND;
    const dir = dirname(fileURLToPath(uri));
    if (!findModuleRoot(dir)) return `There is no go.mod at or above ${dir}: the Go migration works on a module.`;
    return undefined;
  }

  /** What is known now of the migration of `uri`'s package (never starts anything). */
  known(uri: string): GoFixKnowledge {
    const blocked = this.blocker(uri);
    if (blocked) return { state: 'blocked', reason: blocked };
    const dir = dirname(fileURLToPath(uri));
    const entry = this.packages.get(dir);
    if (!entry || !current(entry, dir)) return { state: 'unknown' };
    if (entry.failure) return { state: 'blocked', reason: entry.failure };
    if (!entry.result) return { state: 'checking' };
    const changed = entry.result.files.some((f) => f.after !== undefined);
    if (changed) return { state: 'applies', result: entry.result };
    const error = firstError(entry.result);
    return error ? { state: 'blocked', reason: error } : { state: 'nothing', reason: 'Nothing in this package uses guregu/dynamo v1 or dynamodbattribute.' };
  }

  /**
   * The migration of `uri`'s package: the kept outcome while no .go file of the package changed,
   * the run in progress, or a new run. With `test` (the module's tests before and after) always a
   * new run, not kept. Rejects with the blocker's sentence when it cannot start, and with the
   * run's error.
   */
  result(uri: string, signal?: AbortSignal, test = false): Promise<MigrateGoResult> {
    const blocked = this.blocker(uri);
    if (blocked) return Promise.reject(new Error(blocked));
    const path = fileURLToPath(uri);
    if (test) return this.runner(path, this.goBinary()!, signal, true);
    const dir = dirname(path);
    const signature = packageSignature(dir);
    const entry = this.packages.get(dir);
    if (entry && current(entry, dir)) {
      if (entry.result) return Promise.resolve(entry.result);
      if (entry.failure) return Promise.reject(new Error(entry.failure));
      if (entry.running) return entry.running;
    }
    const fresh: Entry = { signature };
    this.packages.set(dir, fresh);
    fresh.running = this.runner(path, this.goBinary()!, signal).then(
      (result) => {
        fresh.result = result;
        fresh.movedWith = new Map(
          [...new Set(result.files.map((f) => dirname(fileURLToPath(f.uri))))].filter((d) => d !== dir).map((d) => [d, packageSignature(d)]),
        );
        fresh.running = undefined;
        return result;
      },
      (e: unknown) => {
        fresh.running = undefined;
        // A cancelled run says nothing about the package: the next request runs again.
        if (signal?.aborted) this.packages.delete(dir);
        else fresh.failure = `The Go migration failed: ${e instanceof Error ? e.message : String(e)}`;
        throw e;
      },
    );
    return fresh.running;
  }

  /** Works out the migration of `uri`'s package in the background when it can run and nothing is known yet. */
  warm(uri: string): void {
    if (this.known(uri).state !== 'unknown') return;
    this.result(uri).catch(() => undefined);
  }
}
