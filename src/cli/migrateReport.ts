/**
 * The text `migrate` prints: one line per finding (`file:line:col severity code message`,
 * 1-based line and column as editors count them) and one per file that uses aws-sdk DynamoDB.
 */
import { isAbsolute, relative } from 'node:path';
import type { ProgramFinding } from '../core/migrate/program/api';
import type { FileOutcome } from '../core/migrate/program/result';
import { displayText } from '../core/text/displayText';

/** A path as the user should see it: relative to `base` (the current folder) when inside it. */
export function shownPath(file: string, base = process.cwd()): string {
  const rel = relative(base, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.replace(/\\/g, '/') : file;
}

/** 1-based `line:col` of a UTF-16 offset in `text`. */
export function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

/** `src/db.js:3:16 error v2-not-migrated DocumentClient created at … is not migrated: …`, one line (names from the code escaped). */
export function findingLine(f: ProgramFinding, textOf: (file: string) => string): string {
  return displayText(`${shownPath(f.fileName)}:${lineCol(textOf(f.fileName), f.start)} ${f.severity} ${f.code} ${f.message}`);
}

/** `src/db.js: migrated` / `src/x.js: not migrated (DocumentClient created at …: why)`, one line. */
export function outcomeLine(o: FileOutcome): string {
  return displayText(`${shownPath(o.fileName)}: ${o.status}${o.reasons.length ? ` (${o.reasons.join('; ')})` : ''}`);
}
