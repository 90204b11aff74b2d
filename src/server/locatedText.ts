/**
 * One text of a document with its lens anchors located in it, memoized: the lines are split
 * once, each function's heads searched once, each anchor found once per text. CodeLens, hover,
 * `▶ Benchmark` lenses and the hot-call-site diagnostics all ask for the same anchors of the
 * same document version; before, each question split the whole text and ran four patterns on
 * every line again (21–38 ms per CodeLens request on a 2,000-line file while typing, issue 13).
 */
import type { Anchor } from './anchors';
import { GO_TOP_LEVEL_FUNC, headPatterns, isHead } from './functionHeads';

function nearest(candidates: readonly number[], target: number): number | undefined {
  let best: number | undefined;
  for (const c of candidates) if (best === undefined || Math.abs(c - target) < Math.abs(best - target)) best = c;
  return best;
}

export class LocatedText {
  readonly lines: string[];
  private readonly trimmed: (string | undefined)[];
  private readonly heads = new Map<string, number[]>();
  private readonly found = new Map<Anchor, number | undefined>();
  private byText: Map<string, number[]> | undefined;

  constructor(text: string) {
    this.lines = text.split(/\r?\n/);
    this.trimmed = new Array<string | undefined>(this.lines.length);
  }

  private trimmedAt(i: number): string {
    return (this.trimmed[i] ??= this.lines[i]!.trim());
  }

  /** 0-based lines that declare a function named `name` (lines not containing the name are not tested). */
  headsOf(name: string): number[] {
    let heads = this.heads.get(name);
    if (!heads) {
      const patterns = headPatterns(name);
      heads = [];
      for (let i = 0; i < this.lines.length; i++) if (this.lines[i]!.includes(name) && isHead(this.lines[i]!, patterns)) heads.push(i);
      this.heads.set(name, heads);
    }
    return heads;
  }

  /**
   * The 1-based line of `anchor` in this text: the head of its function nearest to where it
   * was, then the line with the same text nearest to the recorded offset within that function;
   * undefined when the function or the line is gone.
   */
  lineOf(anchor: Anchor): number | undefined {
    if (this.found.has(anchor)) return this.found.get(anchor);
    const line = this.locate(anchor);
    this.found.set(anchor, line);
    return line;
  }

  private locate(anchor: Anchor): number | undefined {
    const expectedIndex = anchor.recordedLine - 1;
    if (anchor.functionName === undefined) {
      const found = nearest(this.linesWithText(anchor.lineText), expectedIndex);
      return found === undefined ? undefined : found + 1;
    }
    const head = nearest(this.headsOf(anchor.functionName), expectedIndex - anchor.offsetFromHead);
    if (head === undefined) return undefined;
    const target = head + anchor.offsetFromHead;
    if (target < this.lines.length && this.trimmedAt(target) === anchor.lineText) return target + 1;
    const matches: number[] = [];
    for (let i = head; i < this.lines.length; i++) {
      if (i > head && GO_TOP_LEVEL_FUNC.test(this.lines[i]!)) break;
      if (this.trimmedAt(i) === anchor.lineText) matches.push(i);
    }
    const found = nearest(matches, target);
    return found === undefined ? undefined : found + 1;
  }

  private linesWithText(text: string): number[] {
    if (!this.byText) {
      this.byText = new Map();
      for (let i = 0; i < this.lines.length; i++) {
        const t = this.trimmedAt(i);
        const list = this.byText.get(t);
        if (list) list.push(i);
        else this.byText.set(t, [i]);
      }
    }
    return this.byText.get(text) ?? [];
  }
}

/** Texts located recently, newest last: a document's current version and the few before it. */
const recent = new Map<string, LocatedText>();
const RECENT_TEXTS = 8;

/** The memoized {@link LocatedText} of `text` (the same string gives the same object while recent). */
export function locatedText(text: string): LocatedText {
  let located = recent.get(text);
  if (located) {
    recent.delete(text);
  } else {
    located = new LocatedText(text);
    if (recent.size >= RECENT_TEXTS) recent.delete(recent.keys().next().value!);
  }
  recent.set(text, located);
  return located;
}
