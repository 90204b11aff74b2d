/**
 * `▶ Benchmark` CodeLens: on every legacy DynamoDB call the migration finder reports (profile or
 * not) and on every hot call site of the loaded profile, one lens per line, running the client's
 * `dynamoHotpath.runBenchmark` with {@link RunBenchmarkCommandArgs} (no items: the command asks
 * where they come from).
 */
import type { CodeLens } from 'vscode-languageserver/node';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { RUN_BENCHMARK_COMMAND, type RunBenchmarkCommandArgs } from '../shared/benchmarkMessages';
import type { RootAnalysis } from './analyzeRoot';
import { currentLine } from './documentAnchors';
import { percentOf } from './format';
import { goTypeAtLine } from '../core/bench/goCallSiteType';
import { shareOfCallSite, type ProfileShare } from '../core/bench/profileContext';

/** Title of the lens. */
export const BENCHMARK_LENS_TITLE = '▶ Benchmark';

/** The suites that measure what a file's calls do: the Go suite for Go, v2-vs-v3 JS otherwise. */
export function suitesFor(absolutePath: string): NonNullable<RunBenchmarkCommandArgs['suites']> {
  return absolutePath.endsWith('.go') ? ['go'] : ['conversion', 'response'];
}

/** A Go import line (`"path"`, `name "path"`, `import "path"`): a legacy package, but no call to time. */
const GO_IMPORT_SPEC = /^\s*(import\s+)?([\w.]+\s+)?"[^"]*"\s*$/;

/**
 * 0-based lines of `doc`'s legacy DynamoDB calls: of its migration `diagnostics`, the
 * Information findings (notes on changed behaviour, which are Warnings, are not calls to
 * benchmark), minus Go import lines.
 */
export function legacyCallLines(doc: TextDocument, diagnostics: readonly Diagnostic[]): number[] {
  return diagnostics
    .filter((d) => d.severity === DiagnosticSeverity.Information)
    .map((d) => d.range.start.line)
    .filter((line) => !GO_IMPORT_SPEC.test(doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })));
}


/**
 * The call sites of `absolutePath` in its current `text` at or above each root's
 * `codeLens.minPercent` of total CPU (roots with lenses turned off give none): 0-based line → the
 * site's share as the benchmark puts it next to its results (`shareOfCallSite`: the lens's figure).
 */
export function hotCallSiteShares(roots: Iterable<RootAnalysis>, absolutePath: string, text: string): Map<number, ProfileShare> {
  const shares = new Map<number, ProfileShare>();
  for (const root of roots) {
    const file = root.files.get(absolutePath);
    if (!file || !root.settings.codeLensEnabled) continue;
    for (const { site, anchor } of file.callSites) {
      if (percentOf(site.totalWeight, root.analysis.totalWeight) < root.settings.codeLensMinPercent) continue;
      const line = currentLine(text, anchor);
      if (line !== undefined && !shares.has(line - 1)) shares.set(line - 1, shareOfCallSite(site, root.analysis.totalWeight));
    }
  }
  return shares;
}

/**
 * One `▶ Benchmark` lens per distinct 0-based line of `lines`, in line order. In Go files (`text`
 * given) each lens also carries the module root and, when the call site names it, the struct
 * (goCallSiteType.ts), so the Go suite runs on that struct.
 */
export function benchmarkLenses(absolutePath: string, lines: Iterable<number>, text?: string, shares: ReadonlyMap<number, ProfileShare> = new Map()): CodeLens[] {
  const suites = suitesFor(absolutePath);
  return [...new Set(lines)]
    .sort((a, b) => a - b)
    .map((line) => {
      let args: RunBenchmarkCommandArgs = { suites };
      if (suites.includes('go') && text !== undefined) {
        const { goType, moduleRoot } = goTypeAtLine(text, line, absolutePath);
        args = { suites, ...(moduleRoot ? { goModuleRoot: moduleRoot } : {}), ...(goType ? { goType } : {}) };
      }
      const share = shares.get(line);
      if (share) args = { ...args, profileShare: share };
      return {
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        command: { title: BENCHMARK_LENS_TITLE, command: RUN_BENCHMARK_COMMAND, arguments: [args] },
      };
    });
}
