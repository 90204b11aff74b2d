/**
 * Error codes as aws-sdk v2 and AWS SDK v3 give them. Measured against dynalite with
 * aws-sdk 2.1693.0 and @aws-sdk/client-dynamodb 3.1169.0 (test/core/migrate/errorsDifferential.test.ts):
 * v2 sets `code` and `name` alike to the service's error type (`ConditionalCheckFailedException`);
 * v3 sets only `name`. So a comparison of `err.code` with a service error type reads `err.name`
 * in v3 and means the same for every error, v2 ones included.
 */

/**
 * DynamoDB's modelled errors (@aws-sdk/client-dynamodb 3.1169.0 `models/errors.d.ts`) and the
 * errors every AWS JSON service answers with (authentication, throttling, validation, 5xx).
 */
const serviceErrors: ReadonlySet<string> = new Set([
  'BackupInUseException', 'BackupNotFoundException', 'ConditionalCheckFailedException', 'ContinuousBackupsUnavailableException',
  'DuplicateItemException', 'ExportConflictException', 'ExportNotFoundException', 'GlobalTableAlreadyExistsException',
  'GlobalTableNotFoundException', 'IdempotentParameterMismatchException', 'ImportConflictException', 'ImportNotFoundException',
  'IndexNotFoundException', 'InternalServerError', 'InvalidEndpointException', 'InvalidExportTimeException', 'InvalidRestoreTimeException',
  'ItemCollectionSizeLimitExceededException', 'LimitExceededException', 'PointInTimeRecoveryUnavailableException', 'PolicyNotFoundException',
  'ProvisionedThroughputExceededException', 'ReplicaAlreadyExistsException', 'ReplicaNotFoundException', 'ReplicatedWriteConflictException',
  'RequestLimitExceeded', 'ResourceInUseException', 'ResourceNotFoundException', 'TableAlreadyExistsException', 'TableInUseException',
  'TableNotFoundException', 'ThrottlingException', 'TransactionCanceledException', 'TransactionConflictException',
  'TransactionInProgressException', 'ValidationException', 'AccessDeniedException', 'UnrecognizedClientException',
  'IncompleteSignature', 'InvalidSignatureException', 'MissingAuthenticationToken', 'ExpiredTokenException', 'RequestExpired',
  'SerializationException', 'UnknownOperationException', 'ServiceUnavailable', 'InternalFailure', 'Throttling',
  // v3's request timeout (requestTimeout) is an Error named TimeoutError, like v2's httpOptions.timeout.
  'TimeoutError',
]);

/**
 * Codes aws-sdk v2 made on the client side, which no v3 error carries (as `name` or `code`), with
 * what v3 gives instead (measured where marked, else read from the v3 sources).
 */
const v2OnlyCodes: ReadonlyMap<string, string> = new Map([
  ['NetworkingError', 'v3 throws the Node error itself (name Error, code ECONNREFUSED, ECONNRESET…)'],
  ['UnknownEndpoint', 'v3 throws the Node error itself (name Error, code ECONNREFUSED or ENOTFOUND; measured)'],
  ['MissingRequiredParameter', 'v3 validates no input on the client: the service answers ValidationException (measured)'],
  ['InvalidParameterType', 'v3 validates no input on the client: the service answers ValidationException or SerializationException'],
  ['UnexpectedParameter', 'v3 validates no input on the client: unknown members are dropped when the request is serialized'],
  ['MultipleValidationErrors', 'v3 validates no input on the client: the service answers ValidationException'],
  ['InvalidParameter', 'v3 validates no input on the client: the service answers ValidationException'],
  ['CredentialsError', 'v3 throws CredentialsProviderError'],
  ['ConfigError', 'v3 throws a plain Error naming the missing setting (Region is missing)'],
  ['RequestAbortedError', 'v3 throws an AbortError'],
  ['CRC32CheckFailed', 'v3 does not check the x-amz-crc32 header'],
]);

/** What a v2 `err.code` value means in v3. */
export type CodeMeaning =
  /** A service error type: v3 has it as `err.name`. */
  | { kind: 'service' }
  /** A v2 client-side code no v3 error has. */
  | { kind: 'v2-only'; instead: string }
  /** Anything else (a Node system code such as ENOENT, the user's own codes): not the SDK's. */
  | { kind: 'other' };

/** Classifies a v2 error code compared against `err.code`. */
export function codeMeaning(code: string): CodeMeaning {
  if (serviceErrors.has(code) || /^[A-Z]\w*Exception$/.test(code)) return { kind: 'service' };
  const instead = v2OnlyCodes.get(code);
  return instead ? { kind: 'v2-only', instead } : { kind: 'other' };
}

/** v2 error properties v3 keeps under `$metadata`, by their v3 name there (measured: test/core/migrate/errorsDifferential.test.ts). */
export const metadataProperties: ReadonlyMap<string, string> = new Map([
  ['statusCode', 'httpStatusCode'],
  ['requestId', 'requestId'],
  ['extendedRequestId', 'extendedRequestId'],
  ['cfId', 'cfId'],
]);

/**
 * v2 error properties with no v3 counterpart on the error, and what to use instead. `retryable`
 * was v2's own verdict (networking, timeouts, throttling codes, 429 and 5xx: aws-sdk
 * lib/service.js `retryableError`); v3 sets `$retryable` only for errors modelled retryable, so
 * it is no replacement.
 */
export const v2OnlyProperties: ReadonlyMap<string, string> = new Map([
  ['retryable', 'v3 errors have no retryable (v2 set it for networking errors, timeouts, throttling, 429 and 5xx; v3\'s $retryable is set only for errors modelled retryable): test err.$metadata.httpStatusCode >= 500, err.$retryable?.throttling or the error name, or let v3\'s retry strategy (maxAttempts) decide'],
  ['time', 'v3 errors have no time (when v2 created the error): take Date.now() in the handler'],
  ['retryDelay', 'v3 errors have no retryDelay: $metadata.totalRetryDelay is the total waited'],
  ['hostname', 'v3 errors have no hostname'],
  ['region', 'v3 errors have no region: await client.config.region()'],
  ['originalError', 'v3 errors have no originalError: a networking error is the Node error itself'],
]);
