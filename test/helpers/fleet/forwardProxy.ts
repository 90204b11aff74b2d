/**
 * STAND-IN HTTP proxy (tests only): a real forward proxy on 127.0.0.1 that relays absolute-form
 * requests (plain http targets) and opens CONNECT tunnels (https targets), recording what it was
 * asked, so a test can prove that requests went through it.
 */
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ForwardProxy {
  readonly url: string;
  /** `POST http://127.0.0.1:1234/querier…` or `CONNECT 127.0.0.1:1234`. */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const upstream = request(req.url!, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  // Tunnelled sockets leave the HTTP server's bookkeeping (closeAllConnections does not see
  // them) but still hold server.close() open: track and destroy them on close.
  const tunnels = new Set<{ destroy(): void }>();
  server.on('connect', (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    tunnels.add(upstream);
    upstream.on('close', () => tunnels.delete(upstream));
    upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      for (const t of tunnels) t.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
