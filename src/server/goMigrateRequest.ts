/**
 * Serves {@link MigrateGoRequest}: the typed Go migration of a document's package and the
 * packages that move with it (core/migrate/go/typedMigrate.ts), checked over the whole module and
 * on request with its tests; and {@link GoGetRequest}: the user's own go get for the modules a
 * rewrite needs, previewed on a copy of go.mod or run in the module once the user confirmed. Both
 * only in a trusted workspace — they run go, which executes the workspace's code — and the
 * migration never writes: the client applies the result.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { GoGetRequest, MigrateGoRequest, type GoGetResult, type MigrateGoResult } from '../shared/protocol';
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { migrateGoPackages } from '../core/migrate/go/typedMigrate';
import { goGetArgs, goSumChange, runGoGet } from '../core/migrate/go/goGet';
import { findModuleRoot } from '../core/go/goModule';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';

/** Error code of a refused request (untrusted workspace, no go): the message is for the user. */
export const GO_REFUSED = -32001;

/** The go get arguments a migration may name: v2 packages to add, v1 modules to remove. */
const GO_GET_ARG = /^(github\.com\/(aws\/aws-sdk-go-v2(\/[\w.-]+)*|aws\/smithy-go(\/[\w.-]+)*|guregu\/dynamo\/v2(\/[\w.-]+)*)|github\.com\/(guregu\/dynamo|aws\/aws-sdk-go)@none)$/;

function position(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

function goOrRefuse(): string {
  if (!workspaceTrusted()) throw new ResponseError(GO_REFUSED, 'The Go migration runs go list, go build and go test on this workspace, which executes its code: trust the workspace first (Workspaces: Manage Workspace Trust).');
  const go = findGoBinary();
  if (!go) throw new ResponseError(GO_REFUSED, GO_NOT_FOUND);
  return go;
}

function abortOn(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** Registers both requests; refused until the client says the workspace is trusted (`workspaceTrust.ts`). */
export function registerGoMigrateRequest(connection: Connection): void {
  connection.onRequest(MigrateGoRequest, async (params, token: CancellationToken): Promise<MigrateGoResult> => {
    const go = goOrRefuse();
    const signal = abortOn(token);
    try {
      const r = await migrateGoPackages({ goBinary: go, paths: [fileURLToPath(params.uri)], test: params.test, signal });
      const changed = r.files.filter((f) => f.after !== undefined);
      const t = r.tests;
      return {
        goVersion: r.goVersion,
        builds: r.build.ok,
        packages: r.packages,
        tests: t && { passedBefore: t.before.passed.length, failedBefore: t.before.failed.length, passedAfter: t.after?.passed.length, failedAfter: t.after?.failed.length, regressed: t.regressed },
        goGet: changed.length ? await goGetArgs(go, r.moduleRoot, new Map(changed.map((f) => [f.path, f.after!])), signal) : [],
        files: r.files.map((f) => ({
          uri: pathToFileURL(f.path).href,
          after: f.after,
          findings: f.findings.map((x) => ({ ...position(f.before, x.start), severity: x.severity, code: x.code, message: x.message })),
        })),
      };
    } catch (e) {
      throw new ResponseError(GO_REFUSED, `The Go migration failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  });

  connection.onRequest(GoGetRequest, async (params, token: CancellationToken): Promise<GoGetResult> => {
    const go = goOrRefuse();
    const bad = params.args.find((a) => !GO_GET_ARG.test(a));
    if (bad !== undefined || params.args.length === 0) throw new ResponseError(GO_REFUSED, `go get was not run: ${bad === undefined ? 'no module to get' : `${bad} is not a module the migration asks for`}`);
    const root = findModuleRoot(fileURLToPath(params.uri));
    if (!root) throw new ResponseError(GO_REFUSED, `go get was not run: no go.mod above ${fileURLToPath(params.uri)}`);
    const r = await runGoGet(go, root, [...params.args], params.apply, abortOn(token));
    const sum = goSumChange(r.goSumBefore, r.goSumAfter);
    return { command: r.command, ok: r.ok, output: r.output, goModUri: pathToFileURL(join(root, 'go.mod')).href, goModBefore: r.goModBefore, goModAfter: r.goModAfter, goSumAdded: sum.added, goSumRemoved: sum.removed, applied: r.applied };
  });
}
