import type { TextEdit } from '../types';
import type { FileTextEdit, MigrationSubject, MigrationView, ProgramFinding } from './api';

/** What happens to one file that uses aws-sdk (or that a migration edits). */
export interface FileOutcome {
  /** Absolute, `/`-separated. */
  fileName: string;
  /**
   * - `migrated`: every v2 DynamoDB use in it is rewritten;
   * - `partly migrated`: some are, others are blocked (see `reasons`);
   * - `not migrated`: it has v2 DynamoDB uses and none can be rewritten (see `reasons`);
   * - `no DynamoDB use`: it imports aws-sdk for other services (or only types) only.
   */
  status: 'migrated' | 'partly migrated' | 'not migrated' | 'no DynamoDB use';
  /** Why something in it is not migrated, one line each (`DocumentClient created at db.js:3: passed to x`). */
  reasons: string[];
}

/** The whole-program migration of a project. */
export interface ProgramMigration {
  root: string;
  /** Every finding, sorted by file then offset; offsets into each file's original text. */
  findings: ProgramFinding[];
  /** "Fix all": the edits of every migrated subject, per file (absolute path). */
  fixAll: Map<string, TextEdit[]>;
  subjects: MigrationSubject[];
  /** Each migrated subject's own fix (a quick fix applies one subject across its files). */
  subjectFixes: Map<string, { title: string; edits: FileTextEdit[] }>;
  /** Every file that uses aws-sdk or is edited, sorted by name. */
  files: FileOutcome[];
  /** Every subject's legacy calls (its spots), migrated or not: where each v2 call is, by subject id. */
  spots: { subjectId: string; fileName: string; start: number }[];
  /** Subjects left for another pass because their edits overlap a fix taken first (e.g. a Converter call inside a rewritten `eachPage`). */
  deferred: number;
  /** What the analyzers were given. */
  view: MigrationView;
}
