import type ts from 'typescript';
import { changedInputs, propertyReads } from '../converterFix';
import type { ProgramAnalyzer, ProgramFinding } from './api';
import { responseReads } from './responseMetadata';

/**
 * File-level warnings: in each file where a migrated client delivers results, reads of v2's
 * `$response` the engine could not trace to a call (those it traced are rewritten to `$metadata`
 * or block the client); in every value a migrated subject marshals, inputs v2 and v3
 * write differently (NaN, BigInt, Map, Set).
 */
export const fileLevelNotes: ProgramAnalyzer = (view) => {
  const migrated = new Set(view.subjects.filter((s) => s.migrated).map((s) => s.id));
  const clientFiles = new Set<ts.SourceFile>();
  const traced = new Set<ts.Node>();
  for (const r of view.results) {
    if (!migrated.has(r.subjectId) || r.api === 'Converter') continue;
    clientFiles.add(r.node.getSourceFile());
    for (const read of responseReads(r, view.checker)) traced.add(read.access);
  }
  const out: ProgramFinding[] = [];
  const add = (sf: ts.SourceFile, spans: Array<{ start: number; end: number }>, code: string, message: string) => {
    for (const s of spans) out.push({ fileName: sf.fileName, ...s, severity: 'warning', code, message });
  };
  for (const sf of clientFiles) {
    add(sf, propertyReads(sf, '$response').filter((r) => ![...traced].some((t) => t.getStart() === r.start)), 'v3-response-metadata', '$response is v2 only: v3 results carry $metadata (httpStatusCode, requestId, attempts) instead');
  }
  const written = new Map<ts.SourceFile, ts.Node[]>();
  for (const w of view.written) written.set(w.getSourceFile(), [...(written.get(w.getSourceFile()) ?? []), w]);
  for (const [sf, nodes] of written) {
    for (const f of changedInputs(sf, nodes)) out.push({ fileName: sf.fileName, start: f.start, end: f.end, severity: f.severity, code: f.code, message: f.message });
  }
  return out;
};
