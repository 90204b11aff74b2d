import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { quietWhileStopping } from '../../src/client/quietWhileStopping';

// The middleware only passes its arguments through to `next`, so plain objects stand in for the
// document, position and token (no VS Code API is called).
const document = { uri: 'file:///w/repo.go' } as never;
const token = { isCancellationRequested: false } as never;
const disposed = () => Promise.reject(new Error('Connection is disposed.'));

describe('quietWhileStopping', () => {
  it('answers null for a lens request that fails once the client is stopping', async () => {
    const middleware = quietWhileStopping(() => true);
    assert.equal(await middleware.provideCodeLenses!(document, token, disposed as never), null);
    assert.equal(await middleware.provideHover!(document, {} as never, token, disposed as never), null);
    assert.equal(await middleware.provideCodeActions!(document, {} as never, {} as never, token, disposed as never), null);
  });

  it('rethrows the same error while the client runs', async () => {
    const middleware = quietWhileStopping(() => false);
    await assert.rejects(async () => middleware.provideCodeLenses!(document, token, disposed as never), /Connection is disposed/);
  });

  it('passes the answer through unchanged', async () => {
    const lenses = [{ range: {}, command: { title: '50.7% DynamoDB', command: '' } }];
    const middleware = quietWhileStopping(() => true);
    assert.deepEqual(await middleware.provideCodeLenses!(document, token, (() => lenses) as never), lenses);
  });
});
