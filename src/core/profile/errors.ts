/**
 * The one error type profile readers throw for bad input.
 *
 * `code` is stable (for tests and for the extension's messages); `message` names the file and
 * what is wrong with it in words a user can act on.
 */
export type ProfileErrorCode =
  | 'empty-file'
  | 'truncated-gzip'
  | 'truncated-protobuf'
  | 'legacy-go-profile'
  | 'not-a-profile'
  | 'no-samples'
  | 'unsymbolized'
  | 'bad-reference'
  | 'unknown-sample-type'
  | 'unreadable'
  /** Over a limit of `limits.ts` (size once decompressed, entries of a pprof table). */
  | 'too-large';

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  constructor(
    /** The file the error is about. */
    readonly file: string,
    readonly code: ProfileErrorCode,
    /** What is wrong, without the file name (the message adds it). */
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}
