/**
 * The one-pass matchers of folded frame names against the regular expressions they replace (the
 * reference, kept here): the same parts on every generated name. Their cost against the name's
 * length (the expressions' grew with its cube, issue 25) is measured by `npm run perf:shapes`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { matchBareV8Name, matchStackTraceName, matchV8Name, withoutAnnotations, type NameParts } from '../../../src/core/profile/foldedNameForms';

const V8_NAME = /^(?:(?:JS|LazyCompile|Function|Script|Eval):)([~*^+]?)(.*?)\s*(\S+?):(\d+)(?::(\d+))?$/;
const BARE_V8_NAME = /^([~*^+]?)(.*?)\s+(\S+?):(\d+)(?::(\d+))?$/;
const STACK_TRACE_NAME = /^(.*?)\s*\(([^()\s][^()]*?):(\d+)(?::(\d+))?\)$/;
const ANNOTATION = /_\[([kjiwu])\]$/;

function reference(pattern: RegExp, text: string, nameGroup: number): NameParts | undefined {
  const m = pattern.exec(text);
  return m ? { name: m[nameGroup]!, file: m[nameGroup + 1]!, line: m[nameGroup + 2]!, column: m[nameGroup + 3] } : undefined;
}

function referenceAnnotations(text: string): { name: string; letters: string } {
  let name = text;
  let letters = '';
  for (let m = ANNOTATION.exec(name); m; m = ANNOTATION.exec(name)) {
    letters += m[1];
    name = name.slice(0, m.index);
  }
  return { name, letters };
}

/** Names made of the characters the forms turn on, after the prefixes that select them. */
const pieces = ['~', '*', ' ', '\t', '\n', '\r', '\u2028', '\u00a0', ':', '1', '42', '(', ')', '/', '.js', 'a', 'node:', '_[k]', '_[i]', '_['];
const free = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(''));
const kind = fc.constantFrom('', 'JS:', 'LazyCompile:', 'Eval:', 'JS');
const tier = fc.constantFrom('', '~', '*', '^', '+');
const position = fc.constantFrom('', ':1', ':12:3', ':4:5:6', ':', '::7', ':x');
/** A name shaped like one of the forms (kind, tier, name, space, file, position, closing paren), each part possibly odd. */
const shaped = fc
  .tuple(kind, tier, free, fc.constantFrom('', ' ', '  (', ' (', '(', '\n(', '\t'), free, position, fc.constantFrom('', ')', ') ', '))'), free)
  .map(([k, t, name, space, file, pos, close, tail]) => `${k}${t}${name}${space}${file}${pos}${close}${tail.length > 4 ? tail : ''}`);
const names = fc.oneof(shaped, free);

describe('folded name forms in one pass', () => {
  it('capture what the regular expressions captured, on 20,000 generated names', () => {
    fc.assert(
      fc.property(names, (text) => {
        assert.deepEqual(matchV8Name(text), reference(V8_NAME, text, 2), `V8 ${JSON.stringify(text)}`);
        assert.deepEqual(matchBareV8Name(text), reference(BARE_V8_NAME, text, 2), `bare ${JSON.stringify(text)}`);
        assert.deepEqual(matchStackTraceName(text), reference(STACK_TRACE_NAME, text, 1), `trace ${JSON.stringify(text)}`);
        assert.deepEqual(withoutAnnotations(text), referenceAnnotations(text), `annotations ${JSON.stringify(text)}`);
      }),
      { numRuns: 20_000 },
    );
  });

  it('take the choices the expressions took in the corner cases', () => {
    for (const text of ['JS:*:12', 'JS::12:3', 'JS:~a\n b/x.js:1', 'a\n (x.js:1)', 'a (\u2028x.js:1)', 'f ( x.js:1)', 'f (a(b.js:1)', 'f (a:1:2:3)', '~ x.js:1', 'x.js:1']) {
      assert.deepEqual(matchV8Name(text), reference(V8_NAME, text, 2), `V8 ${JSON.stringify(text)}`);
      assert.deepEqual(matchBareV8Name(text), reference(BARE_V8_NAME, text, 2), `bare ${JSON.stringify(text)}`);
      assert.deepEqual(matchStackTraceName(text), reference(STACK_TRACE_NAME, text, 1), `trace ${JSON.stringify(text)}`);
    }
  });

  it('read the real spellings as before', () => {
    assert.deepEqual(matchV8Name('JS:*marshall /srv/app/index.js:276:18'), { name: 'marshall', file: '/srv/app/index.js', line: '276', column: '18' });
    assert.deepEqual(matchStackTraceName('handle (/srv/app/x.js:3)'), { name: 'handle', file: '/srv/app/x.js', line: '3', column: undefined });
  });
});
