import type { MigrationView, ProgramAnalyzer, ProgramFinding } from '../program/api';
import type { MigrationCode, MigrationFinding } from '../types';
import { checkSetValidation } from './edges/setValidation';
import { checkTypedArrays } from './edges/typedArrays';
import { checkReturnedValues } from './returned/checkReturnedValues';
import { checkTestRunner } from './tooling/testRunner';
import { checkTestStubs } from './tooling/testStubs';

export { missingImageGuard } from './edges/missingImage';

/**
 * Every analyzer of what a migration changes beyond the edited calls, in report order: returned
 * values (item 4), set validation and binary inputs (item 5), test stubs and the test runner
 * (item 7). Each is a pure {@link ProgramAnalyzer} of the engine's view.
 */
export const migrationAnalyzers: readonly ProgramAnalyzer[] = [checkReturnedValues, checkSetValidation, checkTypedArrays, checkTestStubs, checkTestRunner];

/**
 * Runs {@link migrationAnalyzers}. An analyzer that throws on code it did not expect does not fail
 * the run: it gives one `error` finding (at the start of the first migrated file) saying which
 * check did not run, so its silence is never read as "nothing changes".
 */
export function analyzeMigration(view: MigrationView): ProgramFinding[] {
  return migrationAnalyzers.flatMap((a) => {
    try {
      return a(view);
    } catch (e) {
      const fileName = [...view.migratedFiles][0] ?? view.files[0]?.fileName ?? '';
      return [{
        fileName, start: 0, end: 0, severity: 'error' as const, code: 'v3-analysis-failed',
        message: `${a.name} could not finish (${e instanceof Error ? e.message : String(e)}): the changes it checks were not checked`,
      }];
    }
  });
}

/** A program finding of `fileName` as a single-file `MigrationFinding` (its fix limited to that file). */
export function toFileFinding(f: ProgramFinding): MigrationFinding {
  const edits = f.fix?.edits.filter((e) => e.fileName === f.fileName).map(({ start, end, newText }) => ({ start, end, newText }));
  return {
    code: f.code as MigrationCode,
    start: f.start,
    end: f.end,
    severity: f.severity,
    message: f.message,
    ...(f.fix && edits?.length ? { fix: { title: f.fix.title, edits } } : {}),
  };
}
