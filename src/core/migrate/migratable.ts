/**
 * Which files the migration looks at, decided without loading the TypeScript compiler (45 MB and
 * 150 ms): the language server asks this for every document and loads the engine only for a
 * JavaScript/TypeScript text that can hold an aws-sdk v2 finding.
 */
import { isScriptFile } from './program/sourceFiles';

/** True for file names the migration understands (`.js/.mjs/.cjs/.jsx/.ts/.mts/.cts/.tsx/.go`). */
export function isMigratable(fileName: string): boolean {
  return isScriptFile(fileName) || fileName.endsWith('.go');
}

/** False when a JavaScript/TypeScript text cannot hold a finding: every finding starts at an `aws-sdk` import or require. */
export function mayUseAwsSdkV2(text: string): boolean {
  return /aws-sdk/.test(text);
}
