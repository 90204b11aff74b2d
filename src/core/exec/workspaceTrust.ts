/**
 * Whether programs that read a workspace's own configuration may run in this process. `git` run in
 * a folder reads that folder's `.git/config`, which can name programs to run (`core.fsmonitor`,
 * filters, `gpg.program`…); `go build`/`go test` run the module's code. A folder unpacked from a
 * zip or a tarball carries its own, so nothing of the sort runs until someone vouches for the
 * folder: VS Code's Workspace Trust in the editor (the extension host, the language server and its
 * profile worker follow it), the user's own command in the CLI.
 *
 * The gate starts closed in every process and worker thread: an entry point that never opens it
 * runs no workspace program. It lives on `globalThis` under a registered symbol because the CLI's
 * commands are separate bundles, each with its own copy of this module. `programs.ts` lists every
 * program the product starts and its gate.
 */

interface Gate {
  trusted: boolean;
  refusal: string;
}

const KEY = Symbol.for('dynamo-hotpath.workspaceTrust');

function gate(): Gate {
  const holder = globalThis as { [KEY]?: Gate };
  return (holder[KEY] ??= { trusted: false, refusal: 'the workspace is not trusted (Workspaces: Manage Workspace Trust)' });
}

/**
 * Opens (`true`) or closes the gate for this process or worker thread. `reason` is what
 * {@link workspaceProgramRefusal} says while it is closed.
 */
export function setWorkspaceTrust(isTrusted: boolean, reason?: string): void {
  const g = gate();
  g.trusted = isTrusted;
  if (reason !== undefined) g.refusal = reason;
}

/** True when workspace programs may run here. */
export function workspaceTrusted(): boolean {
  return gate().trusted;
}

/** Why workspace programs do not run here, or undefined when they may. */
export function workspaceProgramRefusal(): string | undefined {
  const g = gate();
  return g.trusted ? undefined : g.refusal;
}
