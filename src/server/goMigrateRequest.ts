/**
 * Serves {@link MigrateGoRequest}: the typed Go migration of a document's package and the
 * packages that move with it (core/migrate/go/typedMigrate.ts), checked over the whole module and
 * on request with its tests; the outcome known ahead for an unchanged package (`goFixChecks.ts`)
 * answers at once. And {@link GoGetRequest}: the user's own go get for the modules a rewrite
 * needs, previewed on a copy of go.mod or run in the module once the user confirmed. Both only in
 * a trusted workspace — they run go, which executes the workspace's code — and the migration
 * never writes: the client applies the result.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { GoGetRequest, MigrateGoRequest, type GoGetResult, type MigrateGoResult } from '../shared/protocol';
import { goSumChange, runGoGet } from '../core/migrate/go/goGet';
import { findModuleRoot } from '../core/go/goModule';
import type { GoFixChecks } from './goFixChecks';

/** Error code of a refused request (untrusted workspace, no go): the message is for the user. */
export const GO_REFUSED = -32001;

/** The go get arguments a migration may name: v2 packages to add, v1 modules to remove. */
const GO_GET_ARG = /^(github\.com\/(aws\/aws-sdk-go-v2(\/[\w.-]+)*|aws\/smithy-go(\/[\w.-]+)*|guregu\/dynamo\/v2(\/[\w.-]+)*)|github\.com\/(guregu\/dynamo|aws\/aws-sdk-go)@none)$/;

function abortOn(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/** Registers both requests; refused while the migration cannot start (`GoFixChecks.blocker`: untrusted, no go, no go.mod). */
export function registerGoMigrateRequest(connection: Connection, checks: GoFixChecks): void {
  connection.onRequest(MigrateGoRequest, async (params, token: CancellationToken): Promise<MigrateGoResult> => {
    const blocked = checks.blocker(params.uri);
    if (blocked) throw new ResponseError(GO_REFUSED, blocked);
    try {
      return await checks.result(params.uri, abortOn(token), params.test === true);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw new ResponseError(GO_REFUSED, message.startsWith('The Go migration failed') ? message : `The Go migration failed: ${message}`);
    }
  });

  connection.onRequest(GoGetRequest, async (params, token: CancellationToken): Promise<GoGetResult> => {
    const blocked = checks.blocker(params.uri);
    if (blocked) throw new ResponseError(GO_REFUSED, blocked);
    const bad = params.args.find((a) => !GO_GET_ARG.test(a));
    if (bad !== undefined || params.args.length === 0) throw new ResponseError(GO_REFUSED, `go get was not run: ${bad === undefined ? 'no module to get' : `${bad} is not a module the migration asks for`}`);
    const root = findModuleRoot(fileURLToPath(params.uri))!;
    const r = await runGoGet(checks.goBinaryPath()!, root, [...params.args], params.apply, abortOn(token));
    const sum = goSumChange(r.goSumBefore, r.goSumAfter);
    return { command: r.command, ok: r.ok, output: r.output, goModUri: pathToFileURL(join(root, 'go.mod')).href, goModBefore: r.goModBefore, goModAfter: r.goModAfter, goSumAdded: sum.added, goSumRemoved: sum.removed, applied: r.applied };
  });
}
