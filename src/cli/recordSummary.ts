/**
 * The call-site lines of `record`'s summary (stderr), from the recorder's distinct contexts.
 */
import { CALL_SITE_LABEL, CALLERS_LABEL, CLIENT_LABEL, FUNCTION_LABEL, OPERATION_LABEL, recordedCallers } from '../core/analysis/recorderLabels';
import { isAbsolute, resolve } from 'node:path';
import type { SourceMapFiles, SourceMapper } from '../core/sourcemap/sourceMapper';
import { isSameSourceText } from '../core/sourcemap/buildSources';
import { npmPackageOf } from '../core/paths/npmPackage';
import { addCallStats, totalOf, type CallStats } from '../core/analysis/callStats';
import { plural } from '../core/plural';

/** One recorded context: its labels (`recorderLabels.ts`), how many DynamoDB calls it made and what they did. */
export interface RecordedContext {
  readonly labels: Readonly<Record<string, string>>;
  readonly calls: number;
  readonly stats?: CallStats;
}

/** How a recorded 1-based `file:line:column` is shown. */
export type PositionText = (file: string, line: number, column: number) => string;

/** The npm package a recorded 1-based position is in (through the file's source map), undefined when it is not a dependency's. */
export type DependencyOf = (file: string, line: number, column: number) => string | undefined;

const noDependency: DependencyOf = () => undefined;

const asRecorded: PositionText = (file, line, column) => `${file}:${line}:${column}`;
const PLACE = /^(.+):(\d+):(\d+)$/;

/**
 * Positions in generated JavaScript shown where the user edits them: `/srv/src/db.ts:12:5 (dist/db.js:8:20)`
 * when the file has a source map with a mapping there (tsc, esbuild, webpack output: the files the
 * program just ran), else as recorded. As `analyze` (`buildSources.ts`), a map whose `sourcesContent`
 * is not the source on disk (a stale build, or webpack + ts-loader with `inlineSourceMap`, whose
 * "source" is compiled JavaScript) is not trusted: the position stays as recorded. Relative
 * source paths (webpack) are read against `cwd`.
 */
export function sourcePositionText(mapper: SourceMapper, files: SourceMapFiles, cwd: string): PositionText {
  return (file, line, column) => {
    const original = mapper.originalPosition(file, line, column);
    if (!original) return asRecorded(file, line, column);
    const built = mapper.sourceContentIn(file, original.file);
    if (built !== undefined) {
      const onDisk = files.readText(isAbsolute(original.file) ? original.file : resolve(cwd, original.file));
      if (onDisk === undefined || !isSameSourceText(built, onDisk)) return asRecorded(file, line, column);
    }
    const generated = file.replace(/^.*[\\/]/, '');
    return `${original.file}:${original.line}:${original.column} (${generated}:${line}:${column})`;
  };
}

/**
 * The dependency a position of a bundle maps to: the recorder skips `node_modules` frames as it
 * captures, but a library bundled into the program (esbuild, webpack) is found only through the
 * bundle's map — dynamodb-toolbox's `Table.query` would otherwise be named as the call site (trial7 N4).
 */
export function bundledDependencyOf(mapper: SourceMapper): DependencyOf {
  return (file, line, column) => {
    const original = mapper.originalPosition(file, line, column);
    return original ? npmPackageOf(original.file)?.name : undefined;
  };
}

/**
 * One line per call site and first caller, most calls first:
 * `     412  Query on DocumentClient  query  /srv/db.js:8:20  ← listOrders /srv/handlers.js:10:5`.
 * Contexts that differ only in outer callers (a warm-up loop and a handler above the same helper
 * call) share a line and their call counts add up: the summary names the first caller only.
 * `position` shows each recorded position (default: as recorded). A call site that `dependencyOf`
 * places in a dependency (a library bundled into the program) gives way to the first recorded
 * caller that is not, and the line says which package it went through.
 */
export function recordedSiteLines(contexts: readonly RecordedContext[], position: PositionText = asRecorded, dependencyOf: DependencyOf = noDependency): string[] {
  const calls = new Map<string, number>();
  const stats = new Map<string, CallStats>();
  for (const c of contexts) {
    const recorded = c.labels[CALL_SITE_LABEL];
    const place = recorded === undefined ? undefined : PLACE.exec(recorded);
    const frames = recordedCallers(c.labels[CALLERS_LABEL]);
    if (place) frames.unshift({ file: place[1]!, line: Number(place[2]), column: Number(place[3]), functionName: c.labels[FUNCTION_LABEL] ?? '' });
    // A bundled library's frames are skipped as the recorder skips node_modules: the first frame of the user's code is the call site.
    const first = place ? frames.findIndex((f) => dependencyOf(f.file, f.line, f.column) === undefined) : 0;
    const at = first > 0 ? first : 0;
    const site = place ? frames[at] : undefined;
    const where = site ? position(site.file, site.line, site.column) : (recorded ?? '(no frame of your code on the stack)');
    const through = at > 0 ? `  (through ${dependencyOf(frames[0]!.file, frames[0]!.line, frames[0]!.column)})` : '';
    const caller = place ? frames[at + 1] : frames[0];
    const via = caller ? `  ← ${caller.functionName} ${position(caller.file, caller.line, caller.column)}` : '';
    const line = `${c.labels[OPERATION_LABEL]} on ${c.labels[CLIENT_LABEL]}  ${at > 0 ? site!.functionName : (c.labels[FUNCTION_LABEL] ?? '')}  ${where}${through}${via}`;
    calls.set(line, (calls.get(line) ?? 0) + c.calls);
    if (c.stats) stats.set(line, stats.has(line) ? addCallStats(stats.get(line)!, c.stats) : c.stats);
  }
  return [...calls]
    .sort((a, b) => b[1] - a[1])
    .flatMap(([line, n]) => {
      const counted = stats.get(line);
      const extra = counted ? countsText(counted) : '';
      return [`  ${String(n).padStart(7)}  ${line}`, ...(extra ? [`           ${extra}`] : [])];
    });
}

/** `120 new TLS connections · 12 retried (ThrottlingException 40) · 3 failed (…) · 31 unprocessed, 31 dropped`; '' when nothing happened. */
export function countsText(s: CallStats): string {
  const codes = (m: Readonly<Record<string, number>>) => Object.entries(m).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ');
  const parts: string[] = [];
  if (s.handshakes > 0) parts.push(`${plural(s.handshakes, 'new TLS connection')}`);
  if (s.retriedCalls > 0) parts.push(`${s.retriedCalls} retried (${codes(s.retries)})`);
  const failed = totalOf(s.errors);
  if (failed > 0) parts.push(`${failed} failed (${codes(s.errors)})`);
  if (s.unprocessedItems > 0) parts.push(`${s.unprocessedItems} unprocessed, ${Math.max(0, s.unprocessedItems - s.unprocessedResent)} dropped`);
  return parts.join(' · ');
}
