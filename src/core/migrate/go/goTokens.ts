/** One Go token with its UTF-16 offsets in the source text. */
export interface GoToken {
  kind: 'ident' | 'string' | 'rune' | 'number' | 'comment' | 'punct';
  text: string;
  start: number;
  end: number;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** A letter, `_`, or any non-ASCII UTF-16 unit (Go's Unicode letters, taken loosely). Code-unit tests, not a RegExp per character: this runs on every keystroke in a Go file. */
function isIdentStart(code: number): boolean {
  return isAsciiLetter(code) || code === 0x5f || code >= 0x80;
}

/** After the first digit: digits, letters (hex digits, exponents, suffixes), `_` and `.`. */
function isNumberPart(code: number): boolean {
  return isDigit(code) || isAsciiLetter(code) || code === 0x5f || code === 0x2e;
}

/**
 * Splits Go source into tokens (identifiers, interpreted/raw strings, runes, numbers, comments,
 * punctuation), enough to edit code without touching strings or comments. Whitespace is skipped.
 * Unterminated strings/comments run to the end of the text; never throws.
 */
export function tokenizeGo(text: string): GoToken[] {
  const out: GoToken[] = [];
  let i = 0;
  const n = text.length;
  const push = (kind: GoToken['kind'], start: number, end: number): void => {
    out.push({ kind, text: text.slice(start, end), start, end });
  };
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      push('comment', i, (i = e < 0 ? n : e));
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      push('comment', i, (i = e < 0 ? n : e + 2));
    } else if (c === '`') {
      const e = text.indexOf('`', i + 1);
      push('string', i, (i = e < 0 ? n : e + 1));
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      push(c === '"' ? 'string' : 'rune', i, (i = Math.min(n, j + 1)));
    } else if (isIdentStart(text.charCodeAt(i))) {
      let j = i + 1;
      while (j < n && (isIdentStart(text.charCodeAt(j)) || isDigit(text.charCodeAt(j)))) j++;
      push('ident', i, (i = j));
    } else if (isDigit(text.charCodeAt(i))) {
      let j = i + 1;
      while (j < n && isNumberPart(text.charCodeAt(j))) j++;
      push('number', i, (i = j));
    } else {
      push('punct', i, ++i);
    }
  }
  return out;
}

/** One import spec: `alias "path"`, with the offsets of the path literal (quotes included). */
export interface GoImport {
  alias?: string;
  path: string;
  pathStart: number;
  pathEnd: number;
  /** True inside `import ( … )`. */
  inBlock: boolean;
}

/** The import specs of a Go file, from `import "x"` and `import ( … )` declarations. */
export function goImports(tokens: readonly GoToken[]): GoImport[] {
  const code = tokens.filter((t) => t.kind !== 'comment');
  const out: GoImport[] = [];
  let inBlock = false;
  const spec = (k: number): number => {
    let alias: string | undefined;
    if (code[k]?.kind === 'ident' || code[k]?.text === '.') alias = code[k++]!.text;
    const lit = code[k];
    if (lit?.kind === 'string') {
      out.push({ alias, path: lit.text.slice(1, -1), pathStart: lit.start, pathEnd: lit.end, inBlock });
      return k + 1;
    }
    return k + 1;
  };
  for (let k = 0; k < code.length; k++) {
    if (code[k]!.kind !== 'ident' || code[k]!.text !== 'import') continue;
    if (code[k + 1]?.text === '(') {
      k += 2;
      inBlock = true;
      while (k < code.length && code[k]!.text !== ')') {
        if (code[k]!.text === ';') k++;
        else k = spec(k);
      }
      inBlock = false;
    } else {
      k = spec(k + 1) - 1;
    }
  }
  return out;
}
