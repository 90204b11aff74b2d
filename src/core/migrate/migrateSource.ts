import { V2Resolver } from './awsSdkBindings';
import { analyzeMigration, toFileFinding } from './checks';
import { singleFileView } from './checks/singleFileView';
import { changedInputs, detectConverterCalls, propertyReads, type DetectedFix } from './converterFix';
import { detectDocumentClients } from './documentClientFix';
import { renderChanges, type ChangeSet } from './editPlan';
import { migrateGoSource } from './go/migrateGo';
import { bindSingleFile, type SingleFile } from './singleFileProgram';
import type { MigrationEnvironment, MigrationFinding, MigrationResult, TextEdit } from './types';

const jsLike = /\.(c|m)?(j|t)sx?$/;

/** True for file names the migration understands (`.js/.mjs/.cjs/.jsx/.ts/.mts/.cts/.tsx/.go`). */
export function isMigratable(fileName: string): boolean {
  return (jsLike.test(fileName) && !fileName.endsWith('.d.ts')) || fileName.endsWith('.go');
}

/**
 * Computes every migration finding of one file and the edits of "fix all in file".
 * `text` is the file content, `fileName` its path (picks TS/JS/Go by extension), `env` the
 * installed v3 package versions (see `readInstalledVersions`). Each finding's `fix.edits` apply
 * alone to `text`; `fixAll` applies every fix at once (imports merged once). Offsets are UTF-16.
 * Findings are sorted by offset. Never throws for syntax errors (TypeScript recovers).
 */
export function migrateSource(text: string, fileName: string, env: MigrationEnvironment): MigrationResult {
  if (fileName.endsWith('.go')) return migrateGoSource(text);
  if (!/aws-sdk/.test(text)) return { findings: [], fixAll: [] };
  const file = bindSingleFile(text, fileName);
  const resolver = new V2Resolver(file);
  const detected: DetectedFix[] = [
    ...detectConverterCalls(file.sourceFile, resolver, env),
    ...detectDocumentClients(file, resolver, env),
  ];
  const findings: MigrationFinding[] = [];
  const rendered = new Map<ChangeSet, TextEdit[] | undefined>();
  for (const d of detected) {
    if (d.change && d.title) {
      if (!rendered.has(d.change)) rendered.set(d.change, tryRender(file, resolver, [d.change]));
      const edits = rendered.get(d.change);
      if (edits) d.finding.fix = { title: d.title, edits };
      else d.change = undefined;
    }
    findings.push(d.finding, ...d.notes);
  }
  const clients = detected.some((d) => d.change && d.finding.code === 'v2-document-client');
  findings.push(...analyzeMigration(singleFileView(file, resolver, detected, env)).map(toFileFinding));
  for (const r of clients ? propertyReads(file.sourceFile, '$response') : []) {
    findings.push({
      ...r,
      code: 'v3-response-metadata',
      severity: 'warning',
      message: '$response is v2 only: v3 results carry $metadata (httpStatusCode, requestId, attempts) instead',
    });
  }
  findings.push(...changedInputs(file.sourceFile, detected.flatMap((d) => d.written ?? [])));
  const changes = [...new Set(detected.flatMap((d) => (d.change ? [d.change] : [])))];
  findings.sort((a, b) => a.start - b.start || a.end - b.end);
  return { findings, fixAll: fixAllEdits(file, resolver, changes) };
}

function tryRender(file: SingleFile, resolver: V2Resolver, changes: ChangeSet[]): TextEdit[] | undefined {
  try {
    return renderChanges(file, resolver, changes);
  } catch {
    return undefined; // overlapping edits (e.g. a Converter call inside a rewritten eachPage)
  }
}

/** All fixes at once; a fix whose edits collide with those already taken is left for a second run. */
function fixAllEdits(file: SingleFile, resolver: V2Resolver, changes: ChangeSet[]): TextEdit[] {
  if (changes.length === 0) return [];
  const all = tryRender(file, resolver, changes);
  if (all) return all;
  const taken: ChangeSet[] = [];
  for (const c of changes) if (tryRender(file, resolver, [...taken, c])) taken.push(c);
  return tryRender(file, resolver, taken) ?? [];
}
