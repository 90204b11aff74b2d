/**
 * The type check of one project's migration for `migrate` and `preview_migration`: with a
 * tsconfig.json, the project's own (its TypeScript, its settings; see `verifyProject`), plus an
 * in-memory check of migrated files that tsconfig.json leaves out; otherwise the in-memory check
 * (see `verifyMigration`). Findings, one record per check, and the lines `migrate` prints.
 */
import type { ProgramFinding } from '../core/migrate/program/api';
import { verifyMigration, type Verification } from '../core/migrate/program/verify';
import { verifyProject } from '../core/migrate/program/verifyProject';

/** One check of a project's migrated files (`migrate --json`'s `verify` entries). */
export interface VerifyRecord {
  readonly root: string;
  /** `tsconfig`: tsc -p as the project checks itself; `in memory`: the migrated files and their importers against the installed types. */
  readonly method: 'tsconfig' | 'in memory';
  /** The TypeScript that checked, e.g. `5.9.3 (the project's)`. */
  readonly typescript?: string;
  readonly checkedFiles: number;
  readonly errorsBefore: number;
  readonly errorsAfter: number;
  readonly newErrors: number;
}

/** What {@link typeCheck} found. */
export interface TypeCheck {
  readonly findings: ProgramFinding[];
  readonly records: VerifyRecord[];
  /** Lines for the report, without the `verify: ` prefix. */
  readonly summary: string[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const counts = (v: Verification) => `${plural(v.errorsBefore, 'error')} before, ${v.errorsAfter} after, ${v.findings.length} new`;
const record = (root: string, method: VerifyRecord['method'], v: Verification, typescript?: string): VerifyRecord => ({
  root,
  method,
  ...(typescript ? { typescript } : {}),
  checkedFiles: v.checkedFiles,
  errorsBefore: v.errorsBefore,
  errorsAfter: v.errorsAfter,
  newErrors: v.findings.length,
});

/**
 * Type-checks the migrated `texts` (file → new text) of the project at `root`; messages name
 * files relative to `displayRoot`. @throws Error when TypeScript's lib files are missing
 */
export function typeCheck(root: string, texts: ReadonlyMap<string, string>, displayRoot: string): TypeCheck {
  const own = verifyProject(root, texts, displayRoot);
  if (!own) {
    const v = verifyMigration(root, texts, displayRoot);
    return { findings: v.findings, records: [record(root, 'in memory', v)], summary: [`${plural(v.checkedFiles, 'file')} type-checked before and after the migration: ${counts(v)}`] };
  }
  const typescript = `${own.compiler.version}${own.compiler.source === 'project' ? " (the project's)" : ' (bundled: the project has none installed)'}`;
  const summary = [`tsc -p tsconfig.json with TypeScript ${typescript}, skipLibCheck ${own.skipLibCheck ? 'on' : 'off'}, ${plural(own.checkedFiles, 'file')}, before and after the migration: ${counts(own)}`];
  const records = [record(root, 'tsconfig', own, typescript)];
  if (!own.outside.length) return { findings: own.findings, records, summary };
  const rest = verifyMigration(root, new Map(own.outside.map((f) => [f, texts.get(f)!])), displayRoot);
  summary.push(`${plural(own.outside.length, 'migrated file')} outside tsconfig.json type-checked in memory: ${counts(rest)}`);
  return { findings: [...own.findings, ...rest.findings], records: [...records, record(root, 'in memory', rest)], summary };
}
