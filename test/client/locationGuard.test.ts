import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mayOpenLocation } from '../../src/client/locationGuard';

describe('report panel: which files openLocation may open', () => {
  const folders = ['/home/me/service'];
  const mapped = new Set(['/opt/build/shared/adapter.go']);

  it('opens files inside a workspace folder and files the profile mapped', () => {
    assert.equal(mayOpenLocation('/home/me/service/internal/adapter.go', folders, mapped), true);
    assert.equal(mayOpenLocation('/opt/build/shared/adapter.go', folders, mapped), true);
  });

  it('refuses any other path, a relative one, a climb out of the folder, a sibling with the same prefix, a non-string', () => {
    for (const path of ['/etc/passwd', 'internal/adapter.go', '/home/me/service/../.ssh/id_rsa', '/home/me/service-secrets/key.pem', '/home/me/service', '/opt/build/shared/../other.go', 42, undefined]) {
      assert.equal(mayOpenLocation(path, folders, mapped), false, String(path));
    }
  });
});
