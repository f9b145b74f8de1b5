/**
 * The HTTPS listener of --tls: one port, the certificate chosen by SNI among the real host
 * names, requests routed by their Host header exactly as on the main port, through the same
 * request handler as the plain listeners (src/gateway/listener.ts).
 */
import { createSecureContext, type SecureContext } from 'node:tls';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type Listener, requestListener } from './listener.js';
import type { Dispatch } from './gateway.js';
import type { TlsMaterial } from '../tls/certificates.js';

export async function listenTls(dispatch: Dispatch, host: string, port: number, material: TlsMaterial): Promise<Listener> {
  const contexts = new Map<string, SecureContext>(
    material.hosts.map((h) => [h.host, createSecureContext({ cert: `${h.cert}\n${material.caCert}`, key: h.key })]),
  );
  const fallback = material.hosts[0];
  if (!fallback) throw new Error('no host certificates to serve');
  const server: Server = createServer(
    {
      cert: fallback.cert,
      key: fallback.key,
      // A client without SNI (rare) gets the first host's certificate and a name mismatch it can report.
      SNICallback: (servername, callback) => callback(null, contexts.get(servername.toLowerCase())),
    },
    requestListener(dispatch),
  );
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    fixed: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
