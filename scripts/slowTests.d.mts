/** Test files of the slow tier (see slowTests.mjs), relative to the repository root. */
export declare const SLOW_TEST_FILES: readonly string[];
