/**
 * What the command line does when its standard output cannot be written. A reader that went away
 * (EPIPE: `dynamo-hotpath analyze p.pb.gz | head`) stops the output and nothing else: the command
 * ends with its own exit code. Any other failure (ENOSPC on a full disk, EIO) ends the process at
 * once with exit code 2 and one line on stderr, where Node would print an unhandled-error stack
 * trace and exit 1, which reads as "over the budget" (`--fail-above`).
 */

/** A stream the handler listens to: `process.stdout`, or a stand-in in tests. */
export interface OutputStream {
  on(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Listens for write errors on `stream` (`process.stdout` by default). `report` writes the one-line
 * message (stderr by default) and `exit` ends the process (`process.exit` by default).
 */
export function handleOutputErrors(
  stream: OutputStream = process.stdout,
  report: (line: string) => void = (line) => process.stderr.write(line),
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') return;
    report(`dynamo-hotpath: cannot write the output: ${err.code ?? 'error'}: ${err.message}\n`);
    exit(2);
  });
}
