/**
 * The JSON document of `dynamo-hotpath check --json` and of the agents' `check_code` tool (JSON
 * Schema: schemas/check.schema.json). Files are shown relative to `base` (the current folder) when
 * inside it.
 */
import { isAbsolute, relative } from 'node:path';
import type { CheckResult } from '../core/check/types';

/** How a file is shown: relative to `base` when inside it, else absolute. */
export function shownCheckPath(file: string, base = process.cwd()): string {
  const rel = relative(base, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** Builds the document. */
export function toCheckJson(result: CheckResult, base = process.cwd()) {
  const shown = (file: string) => shownCheckPath(file, base);
  return {
    schemaVersion: 1,
    findings: result.findings.map((f) => ({ ...f, file: shown(f.file), ...(f.quickFix ? { quickFix: { title: f.quickFix.title, edits: f.quickFix.edits.map((e) => ({ ...e, file: shown(e.file) })) } } : {}) })),
    checkedFiles: result.checkedFiles,
    unchecked: result.unchecked.map((u) => ({ file: shown(u.file), reason: u.reason })),
  };
}
