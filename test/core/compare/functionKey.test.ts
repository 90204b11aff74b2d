import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { functionIdentity, functionKey, isGoFunction, shortFunctionName, splitGoSymbol } from '../../../src/core/compare/functionKey';

describe('splitGoSymbol', () => {
  it('splits at the first dot after the last slash', () => {
    assert.deepEqual(splitGoSymbol('github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity'), {
      pkgPath: 'github.com/example/adserver/internal/repository/ddbv1',
      pkg: 'ddbv1',
      member: '(*Adapter).GetUserActivity',
    });
    assert.deepEqual(splitGoSymbol('reflect.StructTag.Lookup'), { pkgPath: 'reflect', pkg: 'reflect', member: 'StructTag.Lookup' });
    assert.equal(splitGoSymbol('nodot'), undefined);
  });
});

describe('functionKey', () => {
  it('matches ddbv1 and ddbv2 adapters by receiver and method', () => {
    const v1 = functionKey('github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity', '/home/dev/adserver/internal/repository/ddbv1/adapter.go');
    const v2 = functionKey('github.com/example/adserver/internal/repository/ddbv2.(*Adapter).GetUserActivity', '/home/dev/adserver/internal/repository/ddbv2/adapter.go');
    assert.equal(v1, 'Adapter.GetUserActivity');
    assert.equal(v1, v2);
  });

  it('leaves V8 names alone', () => {
    assert.equal(functionKey('getUserActivity', '/home/dev/node-adserver/dist/repository/v3-adapter.js'), 'getUserActivity');
    assert.equal(isGoFunction('V2Adapter.getUserActivity', 'file.js'), false);
  });

  it('shortens Go names to package.member', () => {
    assert.equal(shortFunctionName('github.com/aws/aws-sdk-go/private/protocol/jsonrpc.Unmarshal', ''), 'jsonrpc.Unmarshal');
    assert.equal(shortFunctionName('JSON.parse', ''), 'JSON.parse');
  });

  it('names the npm package of a JavaScript dependency, and the file unless it is an index file', () => {
    assert.equal(shortFunctionName('(anonymous)', '/home/dev/node-adserver/node_modules/aws-sdk/lib/dynamodb/converter.js'), '(anonymous) (aws-sdk converter.js)');
    assert.equal(shortFunctionName('unmarshall', '/app/node_modules/@aws-sdk/util-dynamodb/dist-cjs/index.js'), 'unmarshall (@aws-sdk/util-dynamodb)');
    // The two `_read` rows of the trial (F8) were indistinguishable as `_read (index.js)`.
    assert.equal(shortFunctionName('_read', '/app/node_modules/@smithy/core/dist-cjs/submodules/protocols/index.js'), '_read (@smithy/core)');
    assert.equal(shortFunctionName('_read', '/app/node_modules/@aws-sdk/dynamodb-codec/dist-cjs/index.js'), '_read (@aws-sdk/dynamodb-codec)');
    assert.equal(shortFunctionName('read', 'C:\\app\\node_modules\\.pnpm\\@smithy+core@3.1.0\\node_modules\\@smithy\\core\\dist-es\\index.mjs'), 'read (@smithy/core)');
    assert.equal(shortFunctionName('getUserActivity', '/app/src/v2repo.js'), 'getUserActivity (v2repo.js)');
    // @datadog/pprof's synthetic name of an anonymous function reads as V8 names it (trial6 F14).
    assert.equal(shortFunctionName('(anonymous:L#55:C#28)', '/app/src/client.js'), '(anonymous) (client.js)');
  });
});

describe('functionIdentity', () => {
  it('qualifies JavaScript names by file but not Go symbols', () => {
    assert.equal(functionIdentity('reflect.StructTag.Lookup', '/usr/lib/go-1.19/src/reflect/type.go'), functionIdentity('reflect.StructTag.Lookup', 'reflect/type.go'));
    assert.notEqual(functionIdentity('(anonymous)', '/a/converter.js'), functionIdentity('(anonymous)', '/a/parser.js'));
  });
});
