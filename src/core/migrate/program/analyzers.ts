import { migrationAnalyzers as checks } from '../checks';
import type { ProgramAnalyzer } from './api';
import { fileLevelNotes } from './fileLevelNotes';

/**
 * The checks every migration runs over its plan (CLI, editor, single file): returned values, set
 * validation, binary inputs, test stubs and the test runner (../checks), then `$response` reads
 * and inputs v2 and v3 write differently (fileLevelNotes).
 */
export const migrationAnalyzers: readonly ProgramAnalyzer[] = [...checks, fileLevelNotes];
