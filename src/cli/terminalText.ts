/**
 * The command line's one text sink: every string written to stdout or stderr goes through
 * {@link displayText} (multi-line: lines and tabs kept), so that names from a profile, a
 * workspace or a server's answer cannot act on the terminal (issue 25, hole 4). JSON stays valid
 * and means the same: JSON.stringify already escapes C0 controls, and the C1, bidi and separator
 * characters escaped here are only ever inside JSON strings, where `\uHHHH` is the same character.
 * Our own control sequences (progress lines) and byte-exact output (a diff into a pipe) go
 * through {@link writeRaw}. Buffers are written as they are.
 */
import { displayText } from '../core/text/displayText';

type Write = typeof process.stdout.write;
const raw: { stdout?: Write; stderr?: Write } = {};

function guard(stream: NodeJS.WriteStream, name: 'stdout' | 'stderr'): void {
  if (raw[name]) return;
  const original = stream.write.bind(stream) as Write;
  raw[name] = original;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    (original as (chunk: unknown, ...rest: unknown[]) => boolean)(typeof chunk === 'string' ? displayText(chunk, { multiline: true }) : chunk, ...rest)) as Write;
}

/** Escapes every string written to `process.stdout` and `process.stderr` from now on (once per process). */
export function guardTerminalText(): void {
  guard(process.stdout, 'stdout');
  guard(process.stderr, 'stderr');
}

/** Writes `text` unescaped: our own control sequences (`\r`, erase line), or bytes that must stay exact. */
export function writeRaw(stream: 'stdout' | 'stderr', text: string): void {
  const write = raw[stream] ?? (process[stream].write.bind(process[stream]) as Write);
  write(text);
}

/**
 * Writes `text` to stdout exactly when stdout is a file or a pipe (a diff that `git apply` or
 * `patch` reads must keep every byte of the files), escaped like all other text on a terminal.
 */
export function writeExactUnlessTerminal(text: string): void {
  if (process.stdout.isTTY) process.stdout.write(text);
  else writeRaw('stdout', text);
}
