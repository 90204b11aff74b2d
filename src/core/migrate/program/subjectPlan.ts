import type ts from 'typescript';
import type { MigrationCode } from '../types';
import type { MigrationSubject, ResultOrigin } from './api';
import { FileChanges } from './fileChanges';

/** A note a plan leaves at a node: behaviour the migration cannot keep, or a fact to know. */
export interface PlanNote {
  node: ts.Node;
  code: MigrationCode;
  severity: 'warning' | 'information';
  message: string;
}

/**
 * What migrating one subject (a client family or a Converter call) takes: its edits in every
 * file, what blocks it, the spots that carry its fix, the notes it leaves, and the facts the
 * analyzers get (results, written values, createSet calls).
 */
export interface SubjectPlan {
  subject: MigrationSubject;
  /** Short description for messages: `DocumentClient created at src/db.js:3`. */
  label: string;
  changes: FileChanges;
  blockers: Array<{ node: ts.Node; why: string }>;
  /** Legacy calls the fix rewrites: an information finding each, carrying the fix. */
  spots: Array<{ node: ts.Node; code: MigrationCode; message: string }>;
  notes: PlanNote[];
  results: Array<Omit<ResultOrigin, 'subjectId'>>;
  written: ts.Expression[];
  createdSets: ts.CallExpression[];
  /** Quick-fix title. */
  title: string;
  /** Ids of subjects that migrate together with this one, or not at all. */
  linked: Set<string>;
}

/** An empty plan for `subject`. */
export function newPlan(subject: MigrationSubject, label: string, title: string): SubjectPlan {
  return {
    subject, label, title, changes: new FileChanges(), blockers: [], spots: [], notes: [], results: [], written: [],
    createdSets: [], linked: new Set(),
  };
}

/** `relative/path.js:12` for messages (1-based line). */
export function placeOf(node: ts.Node, root: string): string {
  const sf = node.getSourceFile();
  const name = sf.fileName.startsWith(`${root}/`) ? sf.fileName.slice(root.length + 1) : sf.fileName;
  return `${name}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
}

/** The subject id of a node: `<kind>:<file>:<offset>`. */
export function subjectId(kind: MigrationSubject['kind'], node: ts.Node): string {
  return `${kind}:${node.getSourceFile().fileName}:${node.getStart()}`;
}
