/**
 * Language-feature middleware that keeps a window reload or shutdown quiet.
 *
 * When the extension host shuts down, requests already sent for lenses, hovers or code actions can
 * fail with a connection error that vscode-languageclient does not map to its default value (for
 * instance "Connection is disposed" while the client is still marked running). VS Code then logs
 * "provider FAILED" for each one. Once the client is stopping, such a failure is expected and the
 * answer is "nothing"; while the client runs, errors propagate unchanged.
 */
import type { Middleware } from 'vscode-languageclient/node';

/** Whether the client is shutting down: true from the moment `dispose()` begins. */
export type StoppingProbe = () => boolean;

/**
 * Middleware for the three providers the server registers (codeLens, hover, codeAction):
 * each returns `null` instead of rethrowing when `stopping()` is true at the time it fails.
 */
export function quietWhileStopping(stopping: StoppingProbe): Middleware {
  const guard = async <T>(run: () => T | Thenable<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (stopping()) return null;
      throw error;
    }
  };
  return {
    provideCodeLenses: (document, token, next) => guard(() => next(document, token)),
    provideHover: (document, position, token, next) => guard(() => next(document, position, token)),
    provideCodeActions: (document, range, context, token, next) => guard(() => next(document, range, context, token)),
  };
}
