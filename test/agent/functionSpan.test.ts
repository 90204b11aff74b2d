/**
 * The function a call site is in, whose migration findings travel with it: parsed with the
 * TypeScript compiler for JavaScript/TypeScript (a profile's line may be the function's first, as
 * V8 reports it), by gofmt's layout for Go.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { functionSpans } from '../../src/agent/functionSpan';

describe('functionSpans', () => {
  it('TypeScript: a method from its head line and from a line inside it; a callback on the call line does not narrow it', () => {
    const file = 'fixtures/node-adserver/src/src/repository/v2-adapter.ts';
    const at = functionSpans(readFileSync(file, 'utf8'), file);
    assert.deepEqual(at(30), { startLine: 30, endLine: 39 }, 'getUserActivity, from the head V8 reports');
    assert.deepEqual(at(31), { startLine: 30, endLine: 39 });
    assert.deepEqual(at(50), { startLine: 41, endLine: 53 }, 'the Converter call inside the for loop of getTargetingModel');
    assert.deepEqual(at(19), { startLine: 19, endLine: 28 }, 'the constructor');
    assert.equal(at(8), undefined, 'an import is at top level');
    const text = 'const f = async (ids) => {\n  return Promise.all(ids.map((id) => doc.get({ Key: { id } }).promise()));\n};\n';
    const inline = functionSpans(text, 'x.js');
    assert.deepEqual(inline(2), { startLine: 1, endLine: 3 }, 'the arrow on line 2 starts mid-line: the function around the line wins');
    assert.deepEqual(inline(1), { startLine: 1, endLine: 3 }, 'an arrow declared on its line');
  });

  it('Go: from the func line down to its closing brace; top-level lines have none', () => {
    const file = 'fixtures/go-adserver/src/internal/repository/ddbv1/adapter.go';
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const at = functionSpans(text, file);
    const span = at(49)!;
    assert.match(lines[span.startLine - 1]!, /^func \(a \*Adapter\) GetUserActivity\(/);
    assert.equal(lines[span.endLine - 1], '}');
    assert.ok(span.startLine < 49 && span.endLine > 63, 'lines 49 and 63 are both in GetUserActivity');
    assert.equal(at(17), undefined, 'the import of dynamodbattribute is at top level');
  });
});
