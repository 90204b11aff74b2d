import { readFile, stat } from 'node:fs/promises';
import { boundedGunzip } from './boundedGunzip';
import { looksLikeChromeTrace, looksLikeTraceWithoutProfile, parseChromeTrace } from './chromeTrace';
import { detectFormat } from './detectFormat';
import { ProfileError } from './errors';
import { expandContextLabels } from './contextLabels';
import { parseFolded } from './folded';
import type { Profile, ReadOptions } from './model';
import { resolveLimits, tooLarge } from './limits';
import { parsePprof } from './pprof';
import { buildPprofProfile } from './pprofBuild';
import { decodePprofFile } from './pprofStream';
import { looksLikeSpeedscope, parseSpeedscope } from './speedscope';
import { looksLikeCpuProfile, parseV8CpuProfile } from './v8';

/**
 * Parses profile bytes of any supported format into the normalized {@link Profile}. The
 * format comes from the content ({@link detectFormat}), never the file name: pprof
 * (gzipped or raw), V8 `.cpuprofile` (also the legacy `head` shape), Chrome traces with
 * `ProfileChunk` events, speedscope JSON, folded stacks; gzipped JSON/text works too.
 * `sourcePath` only names the file in errors and in {@link Profile.sourcePath}.
 *
 * @throws ProfileError, and nothing else, for bad input: `empty-file`, `truncated-gzip`,
 *   `truncated-protobuf`, `legacy-go-profile`, `not-a-profile`, `no-samples`,
 *   `unsymbolized`, `bad-reference`, `unknown-sample-type`, `too-large` (over
 *   `options.limits`: more bytes than `maxBytes` once decompressed, a pprof table with more than
 *   `maxTableEntries` entries).
 */
export function parseProfile(bytes: Uint8Array, sourcePath: string, options: ReadOptions = {}): Profile {
  if (bytes.length > resolveLimits(options.limits).maxBytes) throw tooLarge(sourcePath, 'the file is larger than', resolveLimits(options.limits));
  return asProfileError(sourcePath, () => expandContextLabels(parseBytes(bytes, sourcePath, options, false)));
}

/** Runs a reader; anything it throws that is not a ProfileError becomes one naming the file. */
function asProfileError(sourcePath: string, read: () => Profile): Profile {
  try {
    return read();
  } catch (err) {
    if (err instanceof ProfileError) throw err;
    // A reader bug or a resource limit must still reach the user as a message about the file.
    const why = err instanceof Error ? err.message : String(err);
    throw new ProfileError(sourcePath, 'not-a-profile', `could not be read as a profile (${why})`);
  }
}

/**
 * Reads and parses a profile file (see {@link parseProfile}). A pprof file (gzipped or raw) is
 * decoded as it is read, never held whole ({@link decodePprofFile}); other formats, and files
 * that fail to read or inflate, are read whole so that their messages are those of parseProfile.
 * @throws ProfileError `unreadable` (missing file, a directory, no permission) naming the
 *   file, or any {@link parseProfile} error.
 */
export async function readProfileFile(path: string, options: ReadOptions = {}): Promise<Profile> {
  let bytes: Uint8Array;
  try {
    const limits = resolveLimits(options.limits);
    // Refused before it is read: a file over the limit would otherwise be held in memory whole.
    if ((await stat(path)).size > limits.maxBytes) throw tooLarge(path, 'the file is larger than', limits);
    const raw = await decodePprofFile(path, path, limits);
    if (raw) return asProfileError(path, () => expandContextLabels(buildPprofProfile(raw, path, options)));
    bytes = await readFile(path);
  } catch (err) {
    if (err instanceof ProfileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a profile file' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new ProfileError(path, 'unreadable', `cannot read the file: ${why}`);
  }
  return parseProfile(bytes, path, options);
}

function parseBytes(bytes: Uint8Array, sourcePath: string, options: ReadOptions, gunzipped: boolean): Profile {
  const kind = detectFormat(bytes);
  switch (kind) {
    case 'blank':
      throw new ProfileError(
        sourcePath,
        'empty-file',
        gunzipped
          ? 'the file is empty once decompressed'
          : bytes.length === 0
            ? /\.(cpuprofile|json)$/i.test(sourcePath)
              ? 'the file is empty (0 bytes); the profiler was probably stopped before it wrote the profile'
              : 'the file is empty (0 bytes); a Go CPU profile stays empty when StopCPUProfile was never called'
            : 'the file contains only whitespace',
      );
    case 'gzip':
      if (gunzipped) return parsePprof(bytes, sourcePath, options); // gzip inside gzip: let pprof framing report it
      return parseBytes(boundedGunzip(bytes, sourcePath, resolveLimits(options.limits)), sourcePath, options, true);
    case 'legacy-go-profile':
      throw new ProfileError(
        sourcePath,
        'legacy-go-profile',
        'this is a legacy (pre-protobuf) Go profile; convert it with `go tool pprof -proto <file> > profile.pb.gz`',
      );
    case 'pprof':
      return parsePprof(bytes, sourcePath, options);
    case 'json':
      return parseJson(bytes, sourcePath, options);
    case 'text':
      return parseFolded(new TextDecoder().decode(bytes), sourcePath, options);
    case 'unknown':
      throw new ProfileError(
        sourcePath,
        'not-a-profile',
        'not a recognised profile: expected pprof (protobuf, gzipped or raw), a V8 .cpuprofile, a Chrome trace, speedscope JSON or folded stacks',
      );
  }
}

/** True when the first non-blank line is a `[…]`-framed folded stack with a count: `[unknown];main 12`. */
function startsLikeFolded(text: string): boolean {
  const start = text.length - text.trimStart().length;
  const end = text.indexOf('\n', start);
  const first = text.slice(start, end < 0 ? text.length : end).trim();
  return first.startsWith('[') && /\s\d+$/.test(first);
}

function parseJson(bytes: Uint8Array, sourcePath: string, options: ReadOptions): Profile {
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // Folded stacks may start with `[unknown];… 12`; broken JSON is not read as folded lines (with
    // Pyroscope's count-less "lines" variant any text with a `;` would pass as a profile).
    if (startsLikeFolded(text)) {
      try {
        return parseFolded(text, sourcePath, options);
      } catch {
        // reported as the JSON error below
      }
    }
    throw new ProfileError(sourcePath, 'not-a-profile', `the file starts like JSON but is not valid JSON (${(err as Error).message})`);
  }
  if (looksLikeCpuProfile(json)) return parseV8CpuProfile(json, sourcePath, options);
  if (looksLikeChromeTrace(json)) return parseChromeTrace(json, sourcePath, options);
  if (looksLikeSpeedscope(json)) return parseSpeedscope(json, sourcePath, options);
  if (looksLikeTraceWithoutProfile(json)) {
    throw new ProfileError(
      sourcePath,
      'no-samples',
      'this Chrome trace has no CPU samples (no Profile/ProfileChunk events); record it with the "JavaScript samples" (v8.cpu_profiler) category enabled',
    );
  }
  const keys = json !== null && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json).slice(0, 8) : [];
  if (keys.includes('flamebearer')) {
    throw new ProfileError(sourcePath, 'not-a-profile', 'this is Pyroscope flamebearer JSON, which has function names only; export the profile as pprof instead');
  }
  const shape = keys.length > 0 ? `top-level keys: ${keys.join(', ')}` : Array.isArray(json) ? 'an array without trace events' : `a JSON ${json === null ? 'null' : typeof json}`;
  throw new ProfileError(
    sourcePath,
    'not-a-profile',
    `JSON that is not a CPU profile (${shape}); expected a V8 .cpuprofile (nodes, samples, timeDeltas), a Chrome trace (traceEvents) or a speedscope file`,
  );
}
