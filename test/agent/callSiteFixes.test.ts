/**
 * The fix a call site carries for agents, on the check fixtures: a reuse-connections call site gets
 * the connection and throttling findings (check_code) of its function and of its file's top level,
 * where the clients are made — not those of the file's other functions.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basename, join, resolve } from 'node:path';
import type { CallSite } from '../../src/core/analysis/types';
import { callSiteFixes } from '../../src/agent/callSiteFixes';
import { setWorkspaceTrust } from '../../src/core/exec/workspaceTrust';

const HANDLER = resolve('test/fixtures/check/js/v2app/handler.js');

/** A call site as the analysis reports it (the profile's figures do not matter to the selection). */
function site(line: number, migration: string, file = HANDLER): CallSite {
  return {
    profileFile: file,
    relativePath: basename(file),
    absolutePath: file,
    line,
    functionName: 'exports.handler',
    totalWeight: 100,
    dynamoWeight: 80,
    byCategory: { 'connection-setup': 80 },
    reflectionWeight: 0,
    dominant: { category: 'connection-setup', sdk: 'node-tls', label: 'TLS handshake', mechanism: 'handshake', migration },
    chain: [],
    totalCount: 10,
    dynamoCount: 8,
  };
}

describe('callSiteFixes', () => {
  it("a reuse-connections call site gets its function's and its file's top-level check findings", async () => {
    const [fix] = await callSiteFixes([site(18, 'reuse-connections')], { root: resolve('test/fixtures/check/js/v2app'), preview: true, goAllowed: false, benchmarks: [], totalWeight: 1000 });
    assert.equal(fix?.id, 'reuse-connections');
    assert.equal(fix?.previewSkipped, 'this fix is a configuration change, not a code migration: see checks (check_code)');
    assert.deepEqual(fix?.checks?.map((c) => `${c.line} ${c.code}`), [
      '7 no-keep-alive',
      '8 keep-alives-disabled',
      '10 retries-below-default',
      '11 short-call-timeout',
      '17 client-per-request',
      '18 unprocessed-not-read',
      '21 unprocessed-not-read',
    ]);
    assert.equal(fix?.checks?.[0]?.quickFix, 'Keep connections alive (https.Agent with keepAlive)');
    assert.match(fix?.checks?.[0]?.fix ?? '', /keepAlive/);
  });

  it('without previewFixes nothing is checked', async () => {
    const [fix] = await callSiteFixes([site(18, 'reuse-connections')], { root: resolve('test/fixtures/check/js/v2app'), preview: false, goAllowed: false, benchmarks: [], totalWeight: 1000 });
    assert.deepEqual(fix, { id: 'reuse-connections', title: 'Reuse connections: keep-alive and a larger idle pool', previewSkipped: 'not asked for (previewFixes: false)' });
  });

  it('in an untrusted workspace a Go call site is not checked, and says why', async () => {
    const file = resolve('test/fixtures/check/go/svc/handlers.go');
    const [fix] = await callSiteFixes([site(10, 'reuse-connections', file)], { root: resolve('test/fixtures/check/go/svc'), preview: true, goAllowed: false, benchmarks: [], totalWeight: 1000 });
    assert.equal(fix?.checks, undefined);
    assert.equal(fix?.previewSkipped, 'this fix is a configuration change; its file was not checked: the Go checks run go in the module folder, which follows its go.mod; trust the workspace first');
  });

  it('a call site whose file is gone since the profile gets no checks, and the others still do', async () => {
    const gone = resolve('test/fixtures/check/js/v2app/gone.js');
    const [lost, kept] = await callSiteFixes([site(3, 'reuse-connections', gone), site(18, 'reuse-connections')], { root: resolve('test/fixtures/check/js/v2app'), preview: true, goAllowed: false, benchmarks: [], totalWeight: 1000 });
    assert.equal(lost?.checks, undefined);
    assert.equal(kept?.checks?.length, 7);
  });

  it('a Go call site gets its function\'s findings and how the package\'s clients are set up in its other files', async () => {
    const root = resolve('test/fixtures/check/go/svc');
    setWorkspaceTrust(true);
    const [fix] = await callSiteFixes([site(31, 'reuse-connections', join(root, 'handlers.go'))], { root, preview: true, goAllowed: true, benchmarks: [], totalWeight: 1000 });
    assert.deepEqual(fix?.checks?.map((c) => `${c.file ?? ''}:${c.line} ${c.code}`), [
      ':30 short-call-timeout',
      'clients.go:22 small-idle-pool',
      'clients.go:25 default-http-client',
      'clients.go:32 retries-below-default',
      'clients.go:33 keep-alives-disabled',
      'clients.go:54 small-idle-pool',
      'clients.go:59 retries-below-default',
      'clients.go:61 retries-below-default',
      'clients.go:64 small-idle-pool',
    ], fix?.previewSkipped);
  });
});
