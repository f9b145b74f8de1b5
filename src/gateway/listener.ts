/**
 * Socket listeners: the main port (all surfaces, by prefix or Host header) and, with
 * --port-per-host, one port per real host name. A refused response becomes a closed
 * connection with no answer, as a vanished host looks to a client.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Dispatch, SocketPair } from './gateway.js';
import type { SurfaceAddress } from '../hosts.js';
import { respondToClientError } from './client-error.js';
import { isRefusal } from '../http/refuse.js';

/**
 * What one client may hold on a listener. A sandbox serves one developer or one CI job, so
 * the bounds are generous for that and small for a flood:
 *   headersMs    the request line and headers must arrive within this (slow-header clients)
 *   requestMs    the whole request, body included (a 1 MiB body needs far less)
 *   keepAliveMs  an idle keep-alive connection is closed after this, between requests
 *   idleMs       a socket with no traffic at all (never sent a request) is closed after this
 *   maxConnections  open connections per listener; further ones are closed on accept
 */
export interface ConnectionLimits {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
  maxConnections: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  idleMs: 30_000,
  maxConnections: 1024,
};

export interface Listener {
  port: number;
  /** The surface a dedicated port serves; undefined for the main port. */
  fixed: SurfaceAddress | undefined;
  close(): Promise<void>;
}

/**
 * Node's request handler for a listener (plain or TLS): the sandbox's dispatch, with a refusal
 * turned into a closed connection. Node's request travels on to the body reader, which reads
 * a GET's body from it too (@hono/node-server leaves it unread; SharedKey clients sign it).
 */
export function requestListener(dispatch: Dispatch, fixed?: SurfaceAddress): ReturnType<typeof getRequestListener> {
  return getRequestListener(async (request, env) => {
    const socket = env as unknown as SocketPair;
    const response = await dispatch(request, fixed, socket);
    if (isRefusal(response)) socket.incoming.socket.destroy();
    return response;
  });
}

export async function listen(
  dispatch: Dispatch,
  host: string,
  port: number,
  fixed?: SurfaceAddress,
  limits: ConnectionLimits = CONNECTION_LIMITS,
): Promise<Listener> {
  const server: Server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      keepAliveTimeout: limits.keepAliveMs,
      // How often Node checks the two timeouts above (default 30 s, which would stretch them).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersMs / 2)),
    },
    requestListener(dispatch, fixed),
  );
  // No 'timeout' listener: Node destroys a socket idle this long (a connection that never sends).
  server.setTimeout(limits.idleMs);
  server.maxConnections = limits.maxConnections;
  // Unparsable requests (TRACK, 16 KiB of headers) get a body that says why, not a bare 400.
  server.on('clientError', respondToClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    fixed,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
