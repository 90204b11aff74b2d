/**
 * How a function's declaration (its head) looks in Go, JavaScript and TypeScript, for anchoring
 * lenses to the function a profile line belongs to. The patterns live in the core
 * (`src/core/source/functionHeads.ts`), which the line-0 stage uses too.
 */
export { headPatterns, isHead } from '../core/source/functionHeads';

/** A Go top-level declaration ends the previous function's body. */
export const GO_TOP_LEVEL_FUNC = /^func\b/;
