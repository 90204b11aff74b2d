/**
 * The contract between the whole-program migration engine (src/core/migrate/program, branch
 * mig-program) and the analyzers that follow what the migration changes (returned values, set
 * validation, test tooling; branch mig-proof). Analyzers are pure functions of a
 * {@link MigrationView}; they never edit files themselves, they return findings.
 *
 * Offsets are UTF-16 code-unit offsets into the file's text as the program holds it (the
 * original, unmigrated text), exactly what `ts.Node.getStart()`/`end` and `String#slice` use.
 */
import type ts from 'typescript';
import type { MigrationEnvironment } from '../types';

/**
 * How serious a finding is:
 * - `error`: a fix is blocked (the client or call is left unmigrated), or code the migration
 *   emits would not type-check / would change what the program stores, sends, returns or throws
 *   with nothing else saying so;
 * - `warning`: behaviour that changes after the migration, named at its line;
 * - `information`: a legacy call that has a behaviour-preserving fix.
 */
export type FindingSeverity = 'error' | 'warning' | 'information';

/** One replacement of `text.slice(start, end)` by `newText` in `fileName` (absolute, `/` separators). */
export interface FileTextEdit {
  fileName: string;
  start: number;
  end: number;
  newText: string;
}

/** A finding anywhere in the program. */
export interface ProgramFinding {
  fileName: string;
  start: number;
  end: number;
  severity: FindingSeverity;
  /** A stable kebab-case code (`MigrationCode` in ../types for the engine's own). */
  code: string;
  /** One sentence: what changes (value before → after where known) and what to do. */
  message: string;
  /**
   * An optional edit that keeps the v2 behaviour at this spot (e.g. `[...set]` before
   * `JSON.stringify`). Offered as its own quick fix; not applied by `migrate --write` or Fix all.
   */
  fix?: { title: string; edits: FileTextEdit[] };
  /**
   * Edits that belong to the migration of subject `subjectId` (e.g. a guard that keeps v2's
   * `unmarshall(undefined) → {}`): applied together with it, never alone, and only when that
   * subject is migrated. They must not overlap the engine's own edits (pure insertions next to
   * them are fine); an overlap blocks the subject with an `error` finding.
   */
  attached?: { subjectId: string; edits: FileTextEdit[] };
  /**
   * The subject (client family or Converter call) this finding of the engine is about: its spots,
   * its notes and what blocks it. Absent for analyzers' and configuration findings.
   */
  subjectId?: string;
}

/** What the engine migrates: one client family (creations and all their uses) or one Converter call. */
export interface MigrationSubject {
  /** Stable within one run: `<kind>:<fileName>:<start offset of the first origin>`. */
  id: string;
  kind: 'document-client' | 'low-level-client' | 'converter-call';
  /**
   * `new DocumentClient(…)` / `new AWS.DynamoDB(…)` creations of the family (several when one
   * holder receives more than one), or the `Converter.x(…)` call itself.
   */
  origins: readonly ts.Node[];
  /** False when something blocks it: nothing of it changes, and an `error` finding says why. */
  migrated: boolean;
  /** v2 options as source text (`'true'`, `'opts.wrapNumbers'`), undefined when absent. */
  convertEmptyValues?: string;
  wrapNumbers?: string;
}

/**
 * A place where a subject's call delivers what DynamoDB returned:
 * - `promise`: `node` is the call whose awaited / `then`-ed value is the output (`doc.get(p).promise()`);
 * - `callback`: `node` is the callback function; its second parameter receives the output;
 * - `value`: `node`'s own value is the result (`Converter.unmarshall(m)` → an item,
 *   `Converter.output(av)` → a value, each `page` of a rewritten `eachPage`).
 */
export interface ResultOrigin {
  subjectId: string;
  node: ts.Expression;
  api: 'DocumentClient' | 'DynamoDB' | 'Converter';
  /** The v2 method or function: `get`, `query`, `batchGet`… / `getItem`, `query`… / `unmarshall`, `output`. */
  method: string;
  delivery: 'promise' | 'callback' | 'value';
  /** v2 `wrapNumbers` was on (numbers came back as v2 NumberValue). */
  wrapNumbers: boolean;
}

/** Everything an analyzer may look at. Read-only; built once per run. */
export interface MigrationView {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The user's source files (no `.d.ts`, nothing under node_modules), as absolute `/` paths. */
  files: readonly ts.SourceFile[];
  subjects: readonly MigrationSubject[];
  /** Every place a subject delivers items (migrated or not: see the subject's `migrated`). */
  results: readonly ResultOrigin[];
  /** The `createSet(list[, options])` calls the migration turns into `new Set(list)`. */
  createdSets: readonly ts.CallExpression[];
  /** Values the migrated code marshals (call inputs, Converter arguments). */
  written: readonly ts.Expression[];
  /** Files the migration edits (absolute `/` paths). */
  migratedFiles: ReadonlySet<string>;
  /** The folder migrated (the workspace folder in the editor); package.json is looked up from here. */
  projectRoot?: string;
  /** Installed v3 package versions (see `readInstalledVersions`). */
  env: MigrationEnvironment;
}

/** An analyzer: pure, synchronous, never throws for odd code (returns no finding instead). */
export type ProgramAnalyzer = (view: MigrationView) => ProgramFinding[];
