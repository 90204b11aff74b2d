import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrlCredentials } from '../../src/core/redact';

describe('redactUrlCredentials', () => {
  it('replaces user and password of each URL, keeping host, port and path', () => {
    assert.equal(
      redactUrlCredentials('table t at http://admin:s3cret@127.0.0.1:8000/x: failed; retry https://key@example.com'),
      'table t at http://<redacted>@127.0.0.1:8000/x: failed; retry https://<redacted>@example.com',
    );
  });

  it('covers a password holding an unescaped @ and leaves an @ in the path alone', () => {
    assert.equal(redactUrlCredentials('http://u:p@ss@host/a@b'), 'http://<redacted>@host/a@b');
    assert.equal(redactUrlCredentials('http://host/a@b and mail me@example.com'), 'http://host/a@b and mail me@example.com');
  });
});
