/**
 * pprof reader: `perftools.profiles.Profile` decoded by our own wire decoder (`pprofWire.ts`)
 * into columns, then validated and normalized into the model (`pprofBuild.ts`). pprof-format
 * stays the reference: the differential test reads every fixture with both.
 */
import { resolveLimits } from './limits';
import type { Profile, ReadOptions } from './model';
import { buildPprofProfile } from './pprofBuild';
import { decodePprof } from './pprofWire';

/**
 * Reads an uncompressed pprof protobuf into the model (see `buildPprofProfile` for the rules).
 * @throws ProfileError `truncated-protobuf`, `not-a-profile`, `unsymbolized`, `no-samples`,
 *   `unknown-sample-type`, `too-large`.
 */
export function parsePprof(bytes: Uint8Array, sourcePath: string, options: ReadOptions = {}): Profile {
  return buildPprofProfile(decodePprof(bytes, sourcePath, resolveLimits(options.limits)), sourcePath, options);
}
