/**
 * Flags that take a list of values up to the next flag, as in `compare --before A.pb.gz B.pb.gz
 * --after C.pb.gz D.pb.gz` (node's parseArgs takes one value per flag).
 */
import { CliUsageError } from './usage';

/**
 * Takes `names` (without `--`) out of `args` with all the values that follow each (up to the next
 * `-…` token; `--name=v` gives one value). Returns the lists and the remaining arguments. Throws
 * CliUsageError for a listed flag given without a value.
 */
export function takeLists(args: readonly string[], names: readonly string[]): { lists: Record<string, string[]>; rest: string[] } {
  const lists: Record<string, string[]> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const m = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!m || !names.includes(m[1]!)) {
      rest.push(arg);
      continue;
    }
    const values = (lists[m[1]!] ??= []);
    if (m[2] !== undefined) values.push(m[2]);
    else while (i + 1 < args.length && !args[i + 1]!.startsWith('-')) values.push(args[++i]!);
    if (values.length === 0) throw new CliUsageError(`--${m[1]} needs at least one value`);
  }
  return { lists, rest };
}
