/**
 * How a function's declaration (its head) looks in Go, JavaScript and TypeScript, for anchoring
 * lenses to the function a profile line belongs to.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Patterns that declare a function named `name`; each contains `name` literally. */
export function headPatterns(name: string): RegExp[] {
  const n = escapeRegExp(name);
  return [
    new RegExp(`^\\s*func\\s*(\\([^)]*\\)\\s*)?${n}\\s*[[(]`),
    new RegExp(`\\bfunction\\s*\\*?\\s*${n}\\s*[<(]`),
    new RegExp(`\\b${n}\\s*[=:]\\s*(async\\s+)?(function\\b|\\([^)]*\\)\\s*(:[^=]+)?=>|[A-Za-z_$][\\w$]*\\s*=>)`),
    new RegExp(`^\\s*((public|private|protected|static|async|override|readonly|get|set)\\s+)*\\*?${n}\\s*(<[^>]*>)?\\(.*\\)\\s*(:\\s*[^{]+)?\\{\\s*$`),
  ];
}

/** True when `line` declares the function of `patterns` (see {@link headPatterns}). */
export function isHead(line: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(line));
}

/** A Go top-level declaration ends the previous function's body. */
export const GO_TOP_LEVEL_FUNC = /^func\b/;
