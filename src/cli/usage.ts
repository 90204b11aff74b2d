/** Thrown by a subcommand for a bad command line; the dispatcher prints it and exits 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/**
 * True for a {@link CliUsageError} thrown by any bundle: each command bundle (`dist/cli-<name>.js`)
 * has its own copy of the class, so the dispatcher checks the name, not `instanceof`.
 */
export function isCliUsageError(err: unknown): err is CliUsageError {
  return err instanceof Error && err.name === 'CliUsageError';
}
