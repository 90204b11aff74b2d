/** Thrown by a subcommand for a bad command line; the dispatcher prints it and exits 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
