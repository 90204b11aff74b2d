/**
 * What the bytes of a profile file look like, from content only (never the extension):
 * - `gzip`: starts with `1f 8b` (pprof on disk, or a gzipped JSON/text profile);
 * - `json`: first non-blank character `{` or `[` (V8, Chrome trace, speedscope…);
 * - `legacy-go-profile`: Go's pre-protobuf binary CPU profile (header words 0, 3, 0 in
 *   32- or 64-bit, either byte order: google/pprof `profile/legacy_profile.go`) or its text
 *   heap/contention/goroutine profiles;
 * - `text`: no binary control bytes in the first 4 KiB (folded stacks are checked by their reader);
 * - `pprof`: the first byte is a `perftools.profiles.Profile` field tag (fields 1–15,
 *   varint or length-delimited);
 * - `blank`: empty or whitespace only; `unknown`: none of these.
 */
export type DetectedFormat = 'blank' | 'gzip' | 'json' | 'legacy-go-profile' | 'text' | 'pprof' | 'unknown';

const LEGACY_TEXT_PREFIXES = [
  'heap profile:',
  'heap_v2/',
  '--- heapz',
  '--- contention',
  '--- mutex',
  'goroutine profile:',
  'threadcreate profile:',
];

/** Classifies profile bytes; see {@link DetectedFormat}. Never throws. */
export function detectFormat(bytes: Uint8Array): DetectedFormat {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip';
  if (isLegacyGoCpu(bytes)) return 'legacy-go-profile';
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3; // UTF-8 BOM
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (i >= bytes.length) return 'blank';
  if (bytes[i] === 0x7b || bytes[i] === 0x5b) return 'json';
  if (looksLikeText(bytes)) {
    const head = new TextDecoder().decode(bytes.subarray(i, Math.min(bytes.length, i + 64)));
    if (LEGACY_TEXT_PREFIXES.some((p) => head.startsWith(p))) return 'legacy-go-profile';
    return 'text';
  }
  if (looksLikePprofTag(bytes[0])) return 'pprof';
  return 'unknown';
}

function looksLikePprofTag(b: number): boolean {
  const field = b >> 3;
  const wire = b & 7;
  return field >= 1 && field <= 15 && (wire === 0 || wire === 2);
}

function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return false;
  }
  return true;
}

function word(bytes: Uint8Array, offset: number, size: 4 | 8, littleEndian: boolean): number {
  let v = 0;
  for (let k = 0; k < size; k++) {
    const b = bytes[offset + (littleEndian ? size - 1 - k : k)];
    v = v * 256 + b;
  }
  return v;
}

function isLegacyGoCpu(bytes: Uint8Array): boolean {
  for (const size of [8, 4] as const) {
    if (bytes.length < size * 5) continue;
    for (const le of [true, false]) {
      if (word(bytes, 0, size, le) === 0 && word(bytes, size, size, le) === 3 && word(bytes, 2 * size, size, le) === 0) return true;
    }
  }
  return false;
}
