/**
 * Which side of a TLS connection a handshake sample belongs to, told by the frames around it:
 * outbound (this process dialled: a client handshake, possible connection churn towards
 * DynamoDB or another host) or inbound (a client dialled this process: the service's own
 * listener, never churn towards DynamoDB). Kept as data, each marker with its source.
 *
 * The innermost marker on a stack decides (`attribute.ts`): a Go handler that dials with
 * `tls.Dial` has `clientHandshake` nearer the leaf than `net/http.(*conn).serve`.
 */
import type { Frame } from '../profile/model';

/** `outbound`: this process is the TLS client; `inbound`: the TLS server. */
export type HandshakeSide = 'outbound' | 'inbound';

interface SideMarker {
  readonly side: HandshakeSide;
  /** Go: the function name starts with one of these. */
  readonly goNamePrefixes?: readonly string[];
  /** JavaScript: the file contains this fragment and the function name is one of `jsNames`. */
  readonly jsFile?: readonly string[];
  readonly jsNames?: ReadonlySet<string>;
  readonly source: string;
}

const NODE_TLS_FILES = ['node:_tls_wrap', '_tls_wrap.js'];

export const HANDSHAKE_SIDE_MARKERS: readonly SideMarker[] = [
  {
    side: 'outbound',
    goNamePrefixes: [
      'crypto/tls.(*Conn).clientHandshake',
      'crypto/tls.(*clientHandshakeState',
      'crypto/tls.(*Conn).makeClientHello',
      'crypto/tls.(*Conn).verifyServerCertificate',
      'crypto/tls.Dial',
      'crypto/tls.dial',
      'crypto/tls.(*Dialer).',
      'net/http.(*persistConn).addTLS',
      'net/http.(*Transport).dialConn',
      'net/http.(*Transport).startDialConnFor',
      'golang.org/x/net/http2.(*Transport).dialTLS',
      'google.golang.org/grpc/credentials.(*tlsCreds).ClientHandshake',
    ],
    source: 'Go crypto/tls handshake_client.go (clientHandshake, clientHandshakeState[TLS13]); net/http transport.go (dialConn → addTLS, run on the goroutine `go t.dialConnFor(w)` / startDialConnForLocked starts); seed 002',
  },
  {
    side: 'inbound',
    goNamePrefixes: [
      'crypto/tls.(*Conn).serverHandshake',
      'crypto/tls.(*serverHandshakeState',
      'crypto/tls.(*Conn).readClientHello',
      'net/http.(*conn).serve',
      'golang.org/x/net/http2.(*serverConn)',
      'google.golang.org/grpc/credentials.(*tlsCreds).ServerHandshake',
    ],
    source: 'Go crypto/tls handshake_server.go (serverHandshake, serverHandshakeState[TLS13]); net/http server.go ((*conn).serve runs the handshake of each accepted connection)',
  },
  {
    side: 'outbound',
    jsFile: NODE_TLS_FILES,
    jsNames: new Set(['connect', 'onConnectSecure', 'TLSSocket._start', 'ssl.onhandshakedone', 'onnewsessionclient', 'TLSSocket.setSession']),
    source: 'Node lib/_tls_wrap.js: exports.connect, onConnectSecure (the client\'s certificate checks), TLSSocket.prototype._start, the client\'s `ssl.onhandshakedone` closure set in _init',
  },
  {
    side: 'outbound',
    jsFile: ['node:https', '/https.js'],
    jsNames: new Set(['createConnection', 'Agent.createConnection']),
    source: 'Node lib/https.js: Agent.prototype.createConnection → tls.connect',
  },
  {
    side: 'inbound',
    jsFile: NODE_TLS_FILES,
    jsNames: new Set(['tlsConnectionListener', 'onServerSocketSecure', 'onhandshakedone', 'onnewsession', 'onclienthello', 'onocsprequest', 'loadSNI', 'requestOCSP']),
    source: 'Node lib/_tls_wrap.js: tlsConnectionListener, the server\'s onhandshakedone / onnewsession / onclienthello, onServerSocketSecure',
  },
];

/** The side a single frame marks, if any. */
export function handshakeSideOf(frame: Pick<Frame, 'name' | 'file'>): HandshakeSide | undefined {
  for (const marker of HANDSHAKE_SIDE_MARKERS) {
    if (marker.goNamePrefixes) {
      if (marker.goNamePrefixes.some((p) => frame.name.startsWith(p))) return marker.side;
    } else if (marker.jsNames!.has(frame.name) && marker.jsFile!.some((f) => frame.file.includes(f))) {
      return marker.side;
    }
  }
  return undefined;
}
