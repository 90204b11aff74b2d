/**
 * Shapes shared by the migration edit computation (aws-sdk v2 → AWS SDK v3, guregu/dynamo v1 → v2).
 * Everything here is plain data: offsets are UTF-16 code-unit offsets into the original text,
 * exactly what `TextDocument.positionAt` and `String.prototype.slice` use.
 */

/** One replacement of `text.slice(start, end)` by `newText`, in offsets of the original text. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** A code change offered for a finding: a quick fix title and the edits it applies. */
export interface MigrationFix {
  title: string;
  edits: TextEdit[];
}

/**
 * Stable diagnostic codes. The `*-changed` / `*-unsupported` codes mark what a fix cannot keep
 * identical; they stay at the spot after the fix (see docs/migration-semantics in the shared notes).
 */
export type MigrationCode =
  | 'v2-converter-marshall'
  | 'v2-converter-unmarshall'
  | 'v2-converter-input'
  | 'v2-converter-output'
  | 'v2-document-client'
  | 'v2-low-level-client'
  | 'v2-not-migrated'
  | 'v2-analyzer-failed'
  | 'v3-param-type'
  | 'v3-config-environment'
  | 'v3-verify'
  | 'v3-version-too-old'
  | 'v3-not-installed'
  | 'v3-wrap-numbers-class'
  | 'v3-set-values'
  | 'v3-binary-buffer'
  | 'v3-options-dynamic'
  | 'v3-client-config'
  | 'v3-pagination'
  | 'v3-empty-set-values'
  | 'v3-response-metadata'
  | 'v3-error-shape'
  | 'v3-changed-input'
  | 'v3-result-serialised'
  | 'v3-result-exported'
  | 'v3-set-validation'
  | 'v3-binary-typed-array'
  | 'v3-test-stub'
  | 'v3-test-runner'
  | 'v3-library-client'
  | 'v3-analysis-failed'
  | 'go-dynamo-v1'
  | 'go-dynamodbattribute'
  | 'go-json-tags'
  | 'go-empty-values'
  | 'go-marshaler-signature'
  | 'go-get-required'
  | 'go-context-todo'
  | 'go-dynamo-new'
  | 'go-dynamo-retry'
  | 'go-omitemptyelem'
  | 'go-awserr'
  | 'go-v1-client'
  | 'go-v1-retry'
  | 'go-v1-shape'
  | 'go-v1-iface'
  | 'go-v1-waiter'
  | 'go-v1-streams'
  | 'go-throttling'
  | 'go-rewrite'
  | 'go-build'
  | 'go-blocked'
  | 'go-vet'
  | 'go-tests'
  | 'go-boundary';

/** What a finding is: a legacy call (with a fix) or a note on behaviour a fix cannot keep. */
export interface MigrationFinding {
  code: MigrationCode;
  /** Range of the flagged expression in the original text (UTF-16 offsets). */
  start: number;
  end: number;
  message: string;
  /**
   * `information` for legacy calls with a fix (raised by a hot-path lookup), `warning` for changed
   * behaviour, `error` where a fix is blocked or emitted code would not type-check.
   */
  severity: 'information' | 'warning' | 'error';
  /** The quick fix; absent for notes that only warn. */
  fix?: MigrationFix;
}

/** What the workspace has installed; versions are plain `x.y.z` strings, undefined when absent. */
export interface MigrationEnvironment {
  utilDynamodbVersion?: string;
  libDynamodbVersion?: string;
}

/** Result of analysing one file: every finding, plus the combined edits of "fix all in file". */
export interface MigrationResult {
  findings: MigrationFinding[];
  fixAll: TextEdit[];
}
