/**
 * gunzip with an output limit: a gzip bomb (3 MB that inflates to 3 GiB) is stopped once the
 * output passes the limit, in a fraction of a second and with at most the limit in memory, and
 * is reported as too large rather than as corrupt.
 */
import { gunzipSync } from 'node:zlib';
import { ProfileError } from './errors';
import { tooLarge, type ProfileLimits } from './limits';

/**
 * Inflates `bytes` (a gzip stream, possibly several members) into at most `limits.maxBytes`.
 * @throws ProfileError `too-large` when the output would exceed the limit; `truncated-gzip` when
 *   the data ends early or is corrupt. Both name `sourcePath`.
 */
export function boundedGunzip(bytes: Uint8Array, sourcePath: string, limits: ProfileLimits): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: limits.maxBytes });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(sourcePath, 'it inflates to more than', limits);
    if (code === 'Z_BUF_ERROR') {
      throw new ProfileError(sourcePath, 'truncated-gzip', 'the gzip data is truncated (unexpected end of file); the file was probably cut off while being written or copied');
    }
    throw new ProfileError(sourcePath, 'truncated-gzip', `the gzip data is corrupt (${(err as Error).message}); the file is damaged or was cut off`);
  }
}
