/** Thrown by `scanWorkspace` when the workspace root is missing, unreadable or not a folder. */
export class WorkspaceRootError extends Error {
  override readonly name = 'WorkspaceRootError';
  constructor(
    readonly root: string,
    detail: string,
  ) {
    super(`Workspace root "${root}" ${detail}`);
  }
}
