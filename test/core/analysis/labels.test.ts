import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shortFunctionName } from '../../../src/core/analysis/labels';

describe('shortFunctionName (tables, report, lenses)', () => {
  it('drops the Go package path but keeps the receiver', () => {
    assert.equal(shortFunctionName('github.com/acme/svc/internal/repo.(*Adapter).Get'), 'repo.(*Adapter).Get');
    assert.equal(shortFunctionName('V2Adapter.getUserActivity'), 'V2Adapter.getUserActivity');
  });

  it("shows @datadog/pprof's anonymous functions as (anonymous), as V8 names them (trial6 F14)", () => {
    assert.equal(shortFunctionName('(anonymous:L#55:C#28)'), '(anonymous)');
    assert.equal(shortFunctionName('(anonymous:L#1)'), '(anonymous)');
    // A name that merely contains the marker is a real name.
    assert.equal(shortFunctionName('wrap(anonymous:L#5:C#1)'), 'wrap(anonymous:L#5:C#1)');
  });
});
