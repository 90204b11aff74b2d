import { ProfileError } from './errors';
import { parseFoldedFrameName } from './foldedFrameName';
import { FrameInterner } from './frameInterner';
import type { Profile, ReadOptions, SampleType } from './model';
import { GrowableU32 } from './columns/growable';
import { chooseColumn } from './pprofColumns';
import { SampleCollector } from './sampleCollector';

const SAMPLE_TYPES: readonly SampleType[] = [{ type: 'samples', unit: 'count' }];
/** flamegraph.pl's count: `(\d+(?:\.\d*)?)` after the last run of whitespace. */
const COUNT = /^\d+(?:\.\d*)?$/;

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);
/**
 * V8's idle pseudo-frame however an exporter wrote it: `(idle)`, `(idle) (:0:0)` in stack-trace
 * style, `(idle):0`, `(idle) [unknown]`, `JS:(idle)` (the parsed name keeps what follows the name).
 */
const IDLE = /^(?:JS:)?\(idle\)(?:$|[\s:(\[])/;

/**
 * True for Pyroscope's "lines" variant, a stack per line and no count: no line ends in a count and
 * some line has a `;` (a lone word per line is no profile).
 */
function linesVariant(text: string): boolean {
  let stacks = false;
  for (const line of stackLines(text)) {
    const split = splitLast(line);
    if (split && COUNT.test(split[1])) return false;
    if (line.includes(';')) stacks = true;
  }
  return stacks;
}

/** Blank lines and `#` or `//` comment lines carry no stack. */
function isSkipped(line: string): boolean {
  return line === '' || line.startsWith('#') || line.startsWith('//');
}

/**
 * The trimmed lines of `text` that can hold a stack, one at a time: no array of every line
 * (10⁶ lines were 10⁶ strings held at once).
 */
function* stackLines(text: string): Generator<string> {
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const line = text.slice(from, to).trim();
    from = to + 1;
    if (!isSkipped(line)) yield line;
  }
}

/** Splits `text` at its last run of whitespace: [before, after], or undefined if none. */
function splitLast(text: string): [string, string] | undefined {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  let i = end - 1;
  while (i >= 0 && !isSpace(text.charCodeAt(i))) i--;
  if (i < 0) return undefined;
  let j = i;
  while (j > 0 && isSpace(text.charCodeAt(j - 1))) j--;
  return [text.slice(0, j), text.slice(i + 1, end)];
}

/**
 * Reads Brendan Gregg's folded/collapsed stacks (`root;caller;leaf 42` per line) into the
 * model: stacks are reversed to leaf first; the count is what follows the last whitespace
 * (decimals allowed, as in flamegraph.pl); `#` and `//` comments, blank and invalid lines
 * are skipped and counted in a warning; equal stacks are summed. Pyroscope's "lines" variant (a
 * stack per sample, no count on any line) counts each line once. A V8 `(idle)` leaf, however the
 * exporter decorated it, is idle time (out of the total). A second trailing count
 * (difffolded.pl output) is read as the "after" profile, with a warning. Frames have no file
 * or line column; positions that JavaScript tools put in frame names (`JS:*marshall /app/x.js:276:18`
 * from `perf script`, `name (file:line:col)`, Pyroscope's `./x.js:name:26`) are read out of them
 * ({@link parseFoldedFrameName}), other names keep no file. Column: `samples/count`, weight = count
 * (`stackcollapse-perf.pl` writes the sum of the events' periods, so a weight, not a tick count).
 * @throws ProfileError `not-a-profile` when no line, or fewer lines than not, are folded stacks, `no-samples` when all
 *   counts are 0, `unknown-sample-type`.
 */
export function parseFolded(text: string, sourcePath: string, options: ReadOptions = {}): Profile {
  chooseColumn(SAMPLE_TYPES, '', options.sampleType, sourcePath);
  const interner = new FrameInterner();
  const frameIds = new Map<string, number>();
  // Distinct stacks: text → index; their frame ids (leaf first) in one pool, their counts summed.
  const stackIndex = new Map<string, number>();
  const stackFrames = new GrowableU32(1 << 16);
  const stackStart = new GrowableU32(1 << 12);
  const counts: number[] = [];
  let invalid = 0;
  let differential = 0;
  let valid = 0;
  // Pyroscope's "lines" variant: one stack per sample, no count at all.
  const perSample = linesVariant(text);
  for (const line of stackLines(text)) {
    let split = perSample ? ([line, '1'] as [string, string]) : splitLast(line);
    if (!split || !COUNT.test(split[1])) {
      invalid++;
      continue;
    }
    const inner = perSample ? undefined : splitLast(split[0]);
    if (inner && COUNT.test(inner[1]) && inner[0] !== '') {
      differential++;
      split = [inner[0], split[1]];
    }
    const [stackText, countText] = split;
    const count = Number(countText);
    const known = stackIndex.get(stackText);
    if (known !== undefined) {
      valid++;
      counts[known] += count;
      continue;
    }
    const names = stackText.split(';').filter((n) => n !== '');
    if (names.length === 0) {
      invalid++;
      continue;
    }
    valid++;
    stackIndex.set(stackText, counts.length);
    counts.push(count);
    stackStart.push(stackFrames.length);
    for (let k = names.length - 1; k >= 0; k--) {
      const name = names[k]!;
      let id = frameIds.get(name);
      if (id === undefined) {
        const frame = parseFoldedFrameName(name);
        id = interner.intern(frame.name, frame.file, frame.line, frame.inlined, frame.column);
        frameIds.set(name, id);
      }
      stackFrames.push(id);
    }
  }
  if (valid === 0 || invalid > valid) {
    throw new ProfileError(
      sourcePath,
      'not-a-profile',
      `not a recognised profile: the text is not folded stacks (\`frame;frame;leaf COUNT\`): ${valid} of ${valid + invalid} lines have that form`,
    );
  }
  const collector = new SampleCollector();
  const frames = interner.frames;
  const pool = stackFrames.array;
  let idle = 0;
  stackStart.push(stackFrames.length);
  for (let i = 0; i < counts.length; i++) {
    const start = stackStart.array[i]!;
    const count = counts[i]!;
    // V8's synthetic `(idle)` leaf (Node exporters keep it): out of the total, as the .cpuprofile reader does.
    if (IDLE.test(frames[pool[start]!]!.name)) {
      collector.addIdle(count);
      idle += count;
    } else collector.add(pool.subarray(start, stackStart.array[i + 1]!), stackStart.array[i + 1]! - start, count, count);
  }
  const warnings: string[] = [];
  if (perSample) warnings.push('no line carries a count: read as one sample per line (Pyroscope\'s "lines" variant)');
  if (idle > 0) warnings.push(`${idle} \`(idle)\` samples (V8's idle thread) left out of the total, as in a .cpuprofile`);
  if (invalid > 0) warnings.push(`${invalid} invalid lines skipped (not \`frame;…;frame COUNT\`)`);
  if (differential > 0) warnings.push(`${differential === 1 ? '1 line carries' : `${differential} lines carry`} two counts (a difffolded.pl file); the second (after) count is used`);
  return collector.finish({
    sourcePath,
    format: 'folded',
    sampleType: SAMPLE_TYPES[0],
    sampleTypes: SAMPLE_TYPES,
    durationNs: undefined,
    frames,
    warnings,
  });
}
