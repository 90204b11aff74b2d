/**
 * Restates a real pprof fixture the way Pyroscope's merged profiles and some eBPF agents write it:
 * every `Line.line` and `Function.start_line` set to 0, nothing else changed.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Profile } from 'pprof-format';

/** The encoded (uncompressed) pprof bytes of `path` with every line number 0. */
export function lineZeroPprof(path: string): Uint8Array {
  const profile = Profile.decode(gunzipSync(readFileSync(path)));
  for (const location of profile.location) for (const line of location.line) line.line = 0;
  for (const fn of profile.function) fn.startLine = 0;
  return profile.encode();
}
