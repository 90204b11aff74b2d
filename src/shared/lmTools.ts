/**
 * The editor's language-model tools: each contributed name (package.json
 * `contributes.languageModelTools`), the agent tool it runs in the language server, and its input
 * schema (the manifest test checks package.json repeats it).
 */
import { CHECK_CODE_INPUT, EDITOR_ANALYZE_PROFILE_INPUT, EDITOR_COMPARE_PROFILES_INPUT, PREVIEW_MIGRATION_INPUT, RUN_BENCHMARK_INPUT } from '../agent/inputSchemas';

/** One language-model tool. `runs`: it starts programs (worker processes, go), so the user confirms it first. */
export interface LmToolEntry {
  readonly name: string;
  readonly agentTool: 'analyze_profile' | 'compare_profiles' | 'preview_migration' | 'check_code' | 'run_benchmark';
  readonly inputSchema: Record<string, unknown>;
  readonly runs: boolean;
}

export const LM_TOOLS: readonly LmToolEntry[] = [
  { name: 'dynamoHotpath_analyzeProfile', agentTool: 'analyze_profile', inputSchema: EDITOR_ANALYZE_PROFILE_INPUT, runs: false },
  { name: 'dynamoHotpath_compareProfiles', agentTool: 'compare_profiles', inputSchema: EDITOR_COMPARE_PROFILES_INPUT, runs: false },
  { name: 'dynamoHotpath_previewMigration', agentTool: 'preview_migration', inputSchema: PREVIEW_MIGRATION_INPUT, runs: false },
  { name: 'dynamoHotpath_checkCode', agentTool: 'check_code', inputSchema: CHECK_CODE_INPUT, runs: false },
  { name: 'dynamoHotpath_runBenchmark', agentTool: 'run_benchmark', inputSchema: RUN_BENCHMARK_INPUT, runs: true },
];
