/**
 * Serves {@link MigrateGoRequest}: the typed Go migration of a document's package
 * (core/migrate/go/typedMigrate.ts), only in a trusted workspace — it runs go list and go build,
 * which execute the workspace's code — and never writes: the client applies the result. The
 * outcome known ahead for an unchanged package (`goFixChecks.ts`) answers at once.
 */
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { MigrateGoRequest, type MigrateGoResult } from '../shared/protocol';
import type { GoFixChecks } from './goFixChecks';

/** Error code of a refused request (untrusted workspace, no go): the message is for the user. */
export const GO_REFUSED = -32001;

/** Registers the request; refused while the migration cannot start (`GoFixChecks.blocker`: untrusted, no go, no go.mod). */
export function registerGoMigrateRequest(connection: Connection, checks: GoFixChecks): void {
  connection.onRequest(MigrateGoRequest, async (params, token: CancellationToken): Promise<MigrateGoResult> => {
    const blocked = checks.blocker(params.uri);
    if (blocked) throw new ResponseError(GO_REFUSED, blocked);
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    try {
      return await checks.result(params.uri, controller.signal);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw new ResponseError(GO_REFUSED, message.startsWith('The Go migration failed') ? message : `The Go migration failed: ${message}`);
    }
  });
}
