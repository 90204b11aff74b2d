/**
 * Serves {@link MigrateGoRequest}: the typed Go migration of a document's package
 * (core/migrate/go/typedMigrate.ts), only in a trusted workspace — it runs go list and go build,
 * which execute the workspace's code — and never writes: the client applies the result.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { MigrateGoRequest, type MigrateGoResult } from '../shared/protocol';
import { workspaceTrusted } from '../core/exec/workspaceTrust';
import { migrateGoPackages } from '../core/migrate/go/typedMigrate';
import { findGoBinary, GO_NOT_FOUND } from '../core/bench/goSuite';

/** Error code of a refused request (untrusted workspace, no go): the message is for the user. */
export const GO_REFUSED = -32001;

function position(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

/** Registers the request; refused until the client says the workspace is trusted (`workspaceTrust.ts`). */
export function registerGoMigrateRequest(connection: Connection): void {
  connection.onRequest(MigrateGoRequest, async (params, token: CancellationToken): Promise<MigrateGoResult> => {
    if (!workspaceTrusted()) throw new ResponseError(GO_REFUSED, 'The Go migration runs go list and go build on this workspace, which executes its code: trust the workspace first (Workspaces: Manage Workspace Trust).');
    const go = findGoBinary();
    if (!go) throw new ResponseError(GO_REFUSED, GO_NOT_FOUND);
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    try {
      const r = await migrateGoPackages({ goBinary: go, paths: [fileURLToPath(params.uri)], signal: controller.signal });
      return {
        goVersion: r.goVersion,
        builds: r.build.ok,
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
}
