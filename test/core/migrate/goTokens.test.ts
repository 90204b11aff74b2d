/**
 * The Go token scan the editor runs on every keystroke in a Go file (`goTokens.ts`): identifiers
 * with non-ASCII letters, numbers with `.`, `_`, exponents and hex digits, strings, runes and
 * comments, with their UTF-16 offsets.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenizeGo } from '../../../src/core/migrate/go/goTokens';

const scan = (text: string) => tokenizeGo(text).map((t) => [t.kind, t.text, t.start]);

describe('tokenizeGo', () => {
  it('splits identifiers (ASCII, _ and non-ASCII letters), numbers and punctuation', () => {
    assert.deepEqual(scan('größe_2 := 0x1F_FF+1.5e3'), [
      ['ident', 'größe_2', 0],
      ['punct', ':', 8],
      ['punct', '=', 9],
      ['number', '0x1F_FF', 11],
      ['punct', '+', 18],
      ['number', '1.5e3', 19],
    ]);
  });

  it('keeps strings, raw strings, runes and comments whole, and ends an unterminated one at the text’s end', () => {
    assert.deepEqual(scan('s := "a\\"b" + `x\ny` // c\nr := \'\\n\' /* d */ "open'), [
      ['ident', 's', 0],
      ['punct', ':', 2],
      ['punct', '=', 3],
      ['string', '"a\\"b"', 5],
      ['punct', '+', 12],
      ['string', '`x\ny`', 14],
      ['comment', '// c', 20],
      ['ident', 'r', 25],
      ['punct', ':', 27],
      ['punct', '=', 28],
      ['rune', "'\\n'", 30],
      ['comment', '/* d */', 35],
      ['string', '"open', 43],
    ]);
  });
});
