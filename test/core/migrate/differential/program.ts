// A pattern program and its migrated form: the migration is ours (`migrateSource`, fix all, the same
// follow-up passes as `migrate --write`), never a hand-written "after". Line numbers of the migrated
// text map back to the original through a line diff.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { diffArrays } from 'diff';
import ts from 'typescript';
import { migrateSource } from '../../../../src/core/migrate/migrateSource';
import { applyEdits } from '../../../../src/core/migrate/textEdits';
import type { MigrationFinding } from '../../../../src/core/migrate/types';

const repo = resolve(__dirname, '..', '..', '..', '..');
export const env = { utilDynamodbVersion: '3.996.9', libDynamodbVersion: '3.1169.0' };

export interface MigratedProgram {
  name: string;
  originalPath: string;
  originalText: string;
  migratedPath: string;
  migratedText: string;
  /** Findings of the migration, against the original text. */
  findings: MigrationFinding[];
  /** Original 1-based line of a migrated 1-based line (the nearest original line for inserted ones). */
  originalLine(migratedLine: number): number;
  lineOf(offset: number): number;
}

/** Copies the pattern into a temp folder (with this repository's node_modules) and migrates it there. */
export function migrateProgram(fixturePath: string): MigratedProgram {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-differential-'));
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const name = basename(fixturePath);
  const originalText = readFileSync(fixturePath, 'utf8');
  const originalPath = join(dir, `v2-${name}`);
  const migratedPath = join(dir, `v3-${name}`);
  writeFileSync(originalPath, originalText);
  const first = migrateSource(originalText, originalPath, env);
  let migratedText = applyEdits(originalText, first.fixAll);
  for (let pass = 0; pass < 3; pass++) {
    const next = migrateSource(migratedText, migratedPath, env).fixAll;
    if (next.length === 0) break;
    migratedText = applyEdits(migratedText, next);
  }
  writeFileSync(migratedPath, migratedText);
  const map = lineMap(originalText, migratedText);
  const sf = ts.createSourceFile(originalPath, originalText, ts.ScriptTarget.Latest);
  return {
    name, originalPath, originalText, migratedPath, migratedText, findings: first.findings,
    originalLine: (l) => map[l - 1] ?? l,
    lineOf: (offset) => sf.getLineAndCharacterOfPosition(offset).line + 1,
  };
}

function lineMap(before: string, after: string): number[] {
  const map: number[] = [];
  let o = 0;
  for (const part of diffArrays(before.split('\n'), after.split('\n'))) {
    if (part.removed) {
      o += part.count ?? part.value.length;
      continue;
    }
    for (let i = 0; i < (part.count ?? part.value.length); i++) {
      map.push(part.added ? Math.min(o + 1, before.split('\n').length) : o + 1);
      if (!part.added) o++;
    }
  }
  return map;
}
