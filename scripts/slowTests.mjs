// Test files too slow for the everyday `npm test`: each takes a minute or more of wall time on a
// 2-core machine, building and running real programs end to end (Go builds of the SDKs, bundles
// made by tsc/esbuild/webpack and profiled, a whole service migrated and its tests run, npm and
// vsce packages, benchmarks with time budgets). They are not dropped: CI runs them
// (`npm run test:slow` in .ci/run, with the editor tiers), and naming one on the command line
// (`node scripts/runTests.mjs benchGo`) runs it.
export const SLOW_TEST_FILES = [
  'test/cli/benchCommand.test.ts',
  'test/cli/benchGo.test.ts',
  'test/cli/migrateCommand.test.ts',
  'test/cli/migrateGo.test.ts',
  'test/connections/goService.test.ts',
  'test/connections/nodeService.test.ts',
  'test/core/bench/goRunnerTimeout.test.ts',
  'test/core/bench/runner.test.ts',
  'test/core/migrate/goTyped.test.ts',
  'test/core/migrate/goldenTypecheck.test.ts',
  'test/core/migrate/program/verifyProject.test.ts',
  'test/core/migrate/service/service.test.ts',
  'test/core/sourcemap/toolOutputs.test.ts',
  'test/mcp/mcpServer.test.ts',
  'test/npmPackage.test.ts',
  'test/record/recordService.test.ts',
  'test/server/goMigrateRequest.test.ts',
  'test/record/wrapperCallers.test.ts',
  'test/vsixContents.test.ts',
];
