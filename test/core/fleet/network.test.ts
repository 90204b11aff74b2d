// Proxy and TLS handling against STAND-IN servers on 127.0.0.1 (a Pyroscope querier written from
// querier.proto, a forward proxy, a test CA made with openssl): no real Pyroscope can run here.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchProfile } from '../../../src/core/fleet/fetchProfile';
import { FleetError } from '../../../src/core/fleet/fleetError';
import { readProfileFile } from '../../../src/core/profile/read';
import { startForwardProxy, type ForwardProxy } from '../../helpers/fleet/forwardProxy';
import { startPyroscopeStandIn, type PyroscopeStandIn } from '../../helpers/fleet/pyroscopeStandIn';

const QUERY = { profileTypeId: 'process_cpu:cpu:nanoseconds:cpu:nanoseconds', labelSelector: '{service_name="adserver"}', startMs: 1_773_480_600_000, endMs: 1_773_482_400_000 };
const FIXTURE = 'fixtures/go-adserver/profiles/before-v1.pb.gz';
const dir = mkdtempSync(join(tmpdir(), 'dhp-net-'));

/** A throw-away CA and a server certificate for 127.0.0.1 signed by it (openssl, EC keys). */
function makeCertificates(): { ca: string; key: string; cert: string } {
  const run = (...args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${r.stderr}`);
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=dynamo-hotpath test CA');
  run('req', ...ec, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  run('x509', '-req', '-in', 'srv.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.pem', '-days', '2', '-extfile', 'san.ext');
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  return { ca: read('ca.pem'), key: read('srv.key'), cert: read('srv.pem') };
}

describe('fleet network: proxy and TLS (stand-in servers)', () => {
  let certs: ReturnType<typeof makeCertificates>;
  let plain: PyroscopeStandIn;
  let secure: PyroscopeStandIn;
  let proxy: ForwardProxy;
  let fixtureCpu: number;
  before(async () => {
    certs = makeCertificates();
    plain = await startPyroscopeStandIn({ profileFor: () => FIXTURE });
    secure = await startPyroscopeStandIn({ profileFor: () => FIXTURE, tls: { key: certs.key, cert: certs.cert } });
    proxy = await startForwardProxy();
    fixtureCpu = (await readProfileFile(FIXTURE)).totalWeight;
  });
  after(async () => {
    await Promise.all([plain.close(), secure.close(), proxy.close()]);
  });
  let n = 0;
  const out = () => join(dir, `p${++n}.pb.gz`);

  it('sends http requests through the proxy as absolute-form requests', async () => {
    const path = out();
    await fetchProfile({ endpoint: { url: plain.url, auth: { kind: 'none' }, proxy: proxy.url }, query: QUERY, outPath: path });
    assert.ok(proxy.seen.includes(`POST ${plain.url}/querier.v1.QuerierService/SelectMergeStacktraces`), proxy.seen.join('\n'));
    assert.equal((await readProfileFile(path)).totalWeight, fixtureCpu);
  });

  it('tunnels https through the proxy with CONNECT and trusts the user\'s CA', async () => {
    const path = out();
    await fetchProfile({ endpoint: { url: secure.url, auth: { kind: 'none' }, proxy: proxy.url, extraCaPem: [certs.ca] }, query: QUERY, outPath: path });
    assert.ok(proxy.seen.includes(`CONNECT ${new URL(secure.url).host}`), proxy.seen.join('\n'));
    assert.equal((await readProfileFile(path)).totalWeight, fixtureCpu);
  });

  it('names the TLS failure and the way to trust a private CA when the CA is unknown', async () => {
    await assert.rejects(
      fetchProfile({ endpoint: { url: secure.url, auth: { kind: 'bearer', token: 'tok_secret' } }, query: QUERY, outPath: out() }),
      (e: Error) => e instanceof FleetError && e.kind === 'tls' && /^https:\/\/127\.0\.0\.1:\d+: the TLS connection failed \((SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)\. .*--cacert FILE/.test(e.message) && !e.message.includes('tok_secret'),
    );
    const path = out();
    await fetchProfile({ endpoint: { url: secure.url, auth: { kind: 'none' }, extraCaPem: [certs.ca] }, query: QUERY, outPath: path });
    assert.equal((await readProfileFile(path)).totalWeight, fixtureCpu);
  });
});
