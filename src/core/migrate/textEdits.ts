import type { TextEdit } from './types';

/**
 * Sorts edits by offset and merges an insertion with a replacement starting at the same offset
 * (insertion text first), so the result has no overlaps and applies in one pass.
 * @throws Error when two edits overlap in any other way (a bug in the fix that produced them).
 */
export function normalizeEdits(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = edits
    .filter((e) => !(e.start === e.end && e.newText === ''))
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => a.start - b.start || (a.end - a.start) - (b.end - b.start) || a.i - b.i);
  const out: TextEdit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && last.start === e.start && last.end === e.end && last.newText === e.newText) continue;
    if (last && last.start === e.start && last.end === last.start) {
      out[out.length - 1] = { start: e.start, end: e.end, newText: last.newText + e.newText };
    } else if (last && e.start < last.end) {
      if (e.start >= last.start && e.end <= last.end && e.newText === '' && last.newText === '') continue;
      throw new Error(`overlapping edits at offsets ${last.start}-${last.end} and ${e.start}-${e.end}`);
    } else {
      out.push({ start: e.start, end: e.end, newText: e.newText });
    }
  }
  return out;
}

/** Applies edits (offsets into `text`) and returns the new text. @throws like `normalizeEdits`. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = '';
  let pos = 0;
  for (const e of normalizeEdits(edits)) {
    out += text.slice(pos, e.start) + e.newText;
    pos = e.end;
  }
  return out + text.slice(pos);
}

/** The range of a whole statement's lines: from its line start to after its line break. */
export function lineSpan(text: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  const atLineStart = s === 0 || text[s - 1] === '\n';
  let e = end;
  while (e < text.length && (text[e] === ' ' || text[e] === '\t')) e++;
  if (atLineStart && text[e] === '\r') e++;
  if (atLineStart && text[e] === '\n') {
    e++;
    // Between two blank lines: take one of them too, so no double blank line is left behind.
    const blankBefore = s > 0 && /\n\r?\n$/.test(text.slice(Math.max(0, s - 3), s));
    const blankAfter = /^\r?\n/.exec(text.slice(e, e + 2));
    if (blankBefore && blankAfter) e += blankAfter[0].length;
    return { start: s, end: e };
  }
  return { start, end };
}
