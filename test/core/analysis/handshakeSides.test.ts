// TLS handshakes split by side: a Go service's own HTTPS listener (inbound: serverHandshake under
// net/http.(*conn).serve), a client handshake on the dial goroutine labelled by the Go call labels
// (ddb.call_site: credited to that line), and one with no label (another host). Node frames
// likewise: the server's tlsConnectionListener and the client's onConnectSecure.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseProfile } from '../../../src/core/profile/read';
import { analyzeWithSources } from '../../../src/core/analysis/prepare';
import { createPathResolver } from '../../../src/core/paths/resolve';
import { createWorkspaceIndex } from '../../../src/core/paths/workspaceIndex';
import { syntheticPprof, type SyntheticFrame } from '../../helpers/syntheticPprof';

const GO = '/usr/local/go/src';
const handshake: SyntheticFrame[] = [
  ['crypto/tls.(*Conn).handshakeContext', `${GO}/crypto/tls/conn.go`, 1560],
  ['crypto/tls.(*Conn).HandshakeContext', `${GO}/crypto/tls/conn.go`, 1510],
];
const serverSide: SyntheticFrame[] = [
  ['crypto/ecdsa.signASN1', `${GO}/crypto/ecdsa/ecdsa.go`, 300],
  ['crypto/tls.(*serverHandshakeStateTLS13).sendServerCertificate', `${GO}/crypto/tls/handshake_server_tls13.go`, 850],
  ['crypto/tls.(*Conn).serverHandshake', `${GO}/crypto/tls/handshake_server.go`, 60],
  ...handshake,
  ['net/http.(*conn).serve', `${GO}/net/http/server.go`, 1930],
  ['runtime.goexit', `${GO}/runtime/asm_amd64.s`, 1700],
];
const clientSide: SyntheticFrame[] = [
  ['crypto/internal/fips140/ecdh.GenerateKey', `${GO}/crypto/internal/fips140/ecdh/ecdh.go`, 100],
  ['crypto/tls.(*clientHandshakeStateTLS13).handshake', `${GO}/crypto/tls/handshake_client_tls13.go`, 90],
  ['crypto/tls.(*Conn).clientHandshake', `${GO}/crypto/tls/handshake_client.go`, 300],
  ...handshake,
  ['net/http.(*persistConn).addTLS.func2', `${GO}/net/http/transport.go`, 1700],
  ['runtime.goexit', `${GO}/runtime/asm_amd64.s`, 1700],
];
const labels = { 'ddb.call_site': '/build/svc/store.go:42:0', 'ddb.function': 'main.(*store).get', 'ddb.operation': 'GetItem', 'ddb.client': 'aws-sdk-go dynamodb' };
const marshalling: SyntheticFrame[] = [
  ['github.com/aws/aws-sdk-go/private/protocol/json/jsonutil.UnmarshalJSON', '/go/pkg/mod/github.com/aws/aws-sdk-go@v1.55.5/private/protocol/json/jsonutil/unmarshal.go', 50],
  ['github.com/aws/aws-sdk-go/service/dynamodb.(*DynamoDB).GetItemWithContext', '/go/pkg/mod/github.com/aws/aws-sdk-go@v1.55.5/service/dynamodb/api.go', 2300],
  ['main.(*store).get', '/build/svc/store.go', 42],
  ['main.handle', '/build/svc/main.go', 20],
  ['net/http.(*conn).serve', `${GO}/net/http/server.go`, 2100],
];

describe('TLS handshakes by side (Go)', () => {
  const bytes = syntheticPprof([
    { stack: serverSide, cpuNs: 500e6 },
    { stack: clientSide, cpuNs: 300e6, labels },
    { stack: clientSide, cpuNs: 100e6 },
    { stack: marshalling, cpuNs: 100e6, labels },
  ]);
  const resolver = createPathResolver(createWorkspaceIndex('/srv/svc', ['store.go', 'main.go']), [{ from: '/build/svc', to: '.' }]);
  const { analysis: a } = analyzeWithSources(parseProfile(bytes, 'svc.pb.gz'), { resolver });
  const pct = (w: number) => Math.round((100 * w) / a.totalWeight);

  it("the service's own listener is inbound, never DynamoDB connection setup", () => {
    assert.equal(pct(a.tlsInboundWeight), 50);
  });
  it('a labelled client handshake is DynamoDB connection setup, credited to the labelled line', () => {
    assert.equal(pct(a.connectionSetupWeight), 30);
    const site = a.callSites.find((s) => s.relativePath === 'store.go' && s.line === 42)!;
    assert.equal(pct(site.byCategory['connection-setup'] ?? 0), 30);
    assert.equal(pct(site.dynamoWeight), 10);
  });
  it('an unlabelled client handshake is host unknown', () => {
    assert.equal(pct(a.tlsUnknownHostWeight), 10);
  });
});

describe('TLS handshakes by side (Node)', () => {
  const node = (name: string, line: number): SyntheticFrame => [name, 'node:_tls_wrap', line];
  const bytes = syntheticPprof([
    { stack: [['getPeerCertificate', 'node:_tls_wrap', 1000], node('TLSSocket._finishInit', 1050), node('onhandshakedone', 160)], cpuNs: 200e6 },
    { stack: [node('TLSSocket._wrapHandle', 700), ['TLSSocket', 'node:_tls_wrap', 500], node('tlsConnectionListener', 1200), ['onconnection', 'node:net', 2000]], cpuNs: 100e6 },
    { stack: [['getPeerCertificate', 'node:_tls_wrap', 1000], node('onConnectSecure', 1600), node('TLSSocket._finishInit', 1050), node('ssl.onhandshakedone', 900)], cpuNs: 300e6 },
    { stack: [['getPeerCertificate', 'node:_tls_wrap', 1000], node('onConnectSecure', 1600), node('TLSSocket._finishInit', 1050), node('ssl.onhandshakedone', 900)], cpuNs: 400e6, labels: { 'ddb.call_site': '/srv/app/repo.js:9:20', 'ddb.function': 'get', 'ddb.operation': 'GetItem', 'ddb.client': 'DynamoDB' } },
  ]);
  const resolver = createPathResolver(createWorkspaceIndex('/srv/app', ['repo.js']));
  const { analysis: a } = analyzeWithSources(parseProfile(bytes, 'app.pb.gz'), { resolver });
  const pct = (w: number) => Math.round((100 * w) / a.totalWeight);

  it('server-side callbacks are inbound; client ones are DynamoDB only when their socket was tagged', () => {
    assert.deepEqual([pct(a.tlsInboundWeight), pct(a.tlsUnknownHostWeight), pct(a.connectionSetupWeight)], [30, 30, 40]);
    assert.equal(pct(a.callSites.find((s) => s.relativePath === 'repo.js')!.byCategory['connection-setup'] ?? 0), 40);
  });
});
