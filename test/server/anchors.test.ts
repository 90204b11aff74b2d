import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnchor, createFunctionAnchor, locateAnchor, shortFunctionName } from '../../src/server/anchors';

const ADAPTER = readFileSync(join(__dirname, '../../fixtures/go-adserver/src/internal/repository/ddbv1/adapter.go'), 'utf8');
const GET_USER_ACTIVITY = 'github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetUserActivity';

describe('shortFunctionName', () => {
  it('takes the method of a Go receiver, the enclosing function of a closure, the method of a V8 name', () => {
    assert.equal(shortFunctionName(GET_USER_ACTIVITY), 'GetUserActivity');
    assert.equal(shortFunctionName('main.main.func1'), 'main');
    assert.equal(shortFunctionName('github.com/x/y.(*T).Run.func2.1'), 'Run');
    assert.equal(shortFunctionName('github.com/x/y.Map[...]'), 'Map');
    assert.equal(shortFunctionName('V2Adapter.getUserActivity'), 'getUserActivity');
    assert.equal(shortFunctionName('(anonymous)'), undefined);
  });
});

describe('anchors in the Go fixture adapter', () => {
  it('anchors line 49 (the QueryWithContext call) one line below the GetUserActivity head', () => {
    const anchor = createAnchor(ADAPTER, 49, GET_USER_ACTIVITY);
    assert.deepEqual(anchor, {
      functionName: 'GetUserActivity',
      lineText: 'out, err := a.db.QueryWithContext(ctx, &dynamodb.QueryInput{',
      offsetFromHead: 1,
      recordedLine: 49,
    });
    assert.equal(createFunctionAnchor(ADAPTER, 49, GET_USER_ACTIVITY)?.recordedLine, 48);
  });

  it('refuses a line outside the recorded function (the source does not match the profile)', () => {
    assert.equal(createAnchor(ADAPTER, 71, GET_USER_ACTIVITY), undefined);
    assert.equal(createAnchor(ADAPTER, 500, GET_USER_ACTIVITY), undefined);
  });

  it('follows the line when code is inserted above and finds the same text of the other function apart', () => {
    const anchor = createAnchor(ADAPTER, 49, GET_USER_ACTIVITY)!;
    const edited = ADAPTER.replace('// GetUserActivity queries', '// one\n// two\n// three\n// GetUserActivity queries');
    assert.equal(locateAnchor(edited, anchor), 52);
    // GetTargetingModel has an identical-looking call line at 71; it must not be chosen.
    const targeting = createAnchor(ADAPTER, 71, 'github.com/example/adserver/internal/repository/ddbv1.(*Adapter).GetTargetingModel')!;
    assert.equal(locateAnchor(edited, targeting), 74);
  });

  it('is gone when the call is deleted or the function renamed', () => {
    const anchor = createAnchor(ADAPTER, 63, GET_USER_ACTIVITY)!;
    const deleted = ADAPTER.replace('\tif err := dynamodbattribute.UnmarshalListOfMaps(out.Items, &acts); err != nil {\n', '\tif false {\n');
    assert.equal(locateAnchor(deleted, anchor), undefined);
    const renamed = ADAPTER.replace('GetUserActivity(ctx', 'FetchUserActivity(ctx');
    assert.equal(locateAnchor(renamed, anchor), undefined);
  });

  it('finds the call moved within its function', () => {
    const anchor = createAnchor(ADAPTER, 63, GET_USER_ACTIVITY)!;
    const moved = ADAPTER.replace('\tacts := make([]model.UserActivity, 0, len(out.Items))\n', '\tacts := make([]model.UserActivity, 0, len(out.Items))\n\t// decode\n\n');
    assert.equal(locateAnchor(moved, anchor), 65);
  });
});
