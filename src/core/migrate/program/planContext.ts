import type ts from 'typescript';
import type { V2Resolver } from '../awsSdkBindings';
import type { MigrationCode, MigrationEnvironment } from '../types';
import type { UserFunction } from './callTargets';
import type { ErrorReads } from './errors/errorReads';
import type { OptionEntry } from './optionEntries';

/** What the subject planners need from the engine. */
export interface PlanContext {
  root: string;
  checker: ts.TypeChecker;
  /** The program checks null and undefined (`strictNullChecks`): a type without them excludes them. */
  strictNullChecks: boolean;
  env: MigrationEnvironment;
  resolverOf: (sf: ts.SourceFile) => V2Resolver;
  /** The subject id of the low-level client family an expression evaluates to (for `service:`). */
  lowLevelSubjectOf: (e: ts.Expression) => string | undefined;
  /**
   * The v3 client configuration text for a v2 creation's own service options, with the notes
   * and blockers it leaves (global `AWS.config`, defaults, environment).
   */
  clientConfig: (creation: ts.NewExpression, own: readonly OptionEntry[]) => ConfigText;
  /** The calls of a user function in the program (see `callSitesOf`). */
  callSitesOf: (fn: UserFunction) => readonly ts.CallExpression[];
  /** The program's error reads: each rewritten call registers the errors it delivers. */
  errors: ErrorReads;
}

/** A translated v3 client configuration. */
export interface ConfigText {
  /** `{ region: 'x', maxAttempts: 11 }` source text. */
  text: string;
  notes: Array<{ severity: 'warning' | 'information'; message: string; code?: MigrationCode }>;
  /** Why the configuration cannot be carried (the client then stays v2). */
  blockers: string[];
}
