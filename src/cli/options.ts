/**
 * Option parsing shared by the subcommands: every mistake becomes a CliUsageError (exit 2).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { PathMappingRule } from '../core/paths/types';
import { CliUsageError } from './usage';
import { MAX_PROFILE_MB } from '../core/profile/limits';

/** `node:util` parseArgs with positionals allowed; its errors become usage errors. */
export function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, allowPositionals: true, options });
  } catch (err) {
    throw new CliUsageError(parseArgsMessage(err as Error, args));
  }
}

/**
 * parseArgs' error message in one line of ours: an unknown option named, with where a file name
 * that starts with a dash goes; the "argument is ambiguous" case (the value after an option starts
 * with a dash) naming the value, and the form parseArgs accepts (`--map=-x=y`) unless the value is
 * a negative number, which no option takes.
 */
export function parseArgsMessage(err: Error, args: readonly string[]): string {
  const unknown = /^Unknown option '(-[^']*)'/.exec(err.message);
  if (unknown) return `unknown option '${unknown[1]}' (the command's options: --help); a file name that starts with a dash goes after '--'`;
  const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(err.message);
  if (!ambiguous) return err.message;
  const option = ambiguous[1]!;
  const value = args[args.indexOf(option) + 1];
  if (value === undefined) return `${option} needs a value`;
  // No option takes a negative number: naming the --option=value form would only lead to its range check.
  if (/^-\.?\d/.test(value)) return `${option} takes no negative number, got '${value}'`;
  return `${option} needs a value, and '${value}' starts with a dash: write ${option}=${value} to pass it`;
}

/** `--map FROM=TO` → a path-mapping rule. */
export function parseMapping(text: string): PathMappingRule {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new CliUsageError(`--map expects FROM=TO, got '${text}'`);
  return { from: text.slice(0, eq), to: text.slice(eq + 1) };
}

/** A non-negative number option (`--fail-above`); `fallback` when absent. */
export function nonNegativeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new CliUsageError(`--${name} expects a non-negative number, got '${text}'`);
  return value;
}

/** `--max-profile-mb N` → the profile-read limits (core/profile/limits.ts); undefined when absent. */
export function profileLimitsOption(text: string | undefined): { maxBytes: number } | undefined {
  if (text === undefined) return undefined;
  const mb = Number(text);
  if (text.trim() === '' || !Number.isFinite(mb) || mb < 1 || mb > MAX_PROFILE_MB) throw new CliUsageError(`--max-profile-mb expects a size in MB from 1 to ${MAX_PROFILE_MB}, got '${text}'`);
  return { maxBytes: mb * 1024 * 1024 };
}

/** A count option (`--top`): a whole number ≥ 0; `fallback` when absent. */
export function nonNegativeInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value)) throw new CliUsageError(`--${name} expects a whole number (0, 1, 2…), got '${text}'`);
  return value;
}
