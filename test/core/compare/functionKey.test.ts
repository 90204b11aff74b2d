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
    assert.equal(shortFunctionName('(anonymous)', '/home/dev/node-adserver/node_modules/aws-sdk/lib/dynamodb/converter.js'), '(anonymous) (converter.js)');
    assert.equal(shortFunctionName('JSON.parse', ''), 'JSON.parse');
  });
});

describe('functionIdentity', () => {
  it('qualifies JavaScript names by file but not Go symbols', () => {
    assert.equal(functionIdentity('reflect.StructTag.Lookup', '/usr/lib/go-1.19/src/reflect/type.go'), functionIdentity('reflect.StructTag.Lookup', 'reflect/type.go'));
    assert.notEqual(functionIdentity('(anonymous)', '/a/converter.js'), functionIdentity('(anonymous)', '/a/parser.js'));
  });
});
