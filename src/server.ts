/**
 * Socket listeners: the main port (all surfaces, by prefix or Host header) and, with
 * --port-per-host, one port per real host name. A refused response becomes a closed
 * connection with no answer, as a vanished host looks to a client.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Dispatch } from './gateway.js';
import type { SurfaceAddress } from './hosts.js';
import { isRefusal } from './http/refuse.js';

export interface Listener {
  port: number;
  /** The surface a dedicated port serves; undefined for the main port. */
  fixed: SurfaceAddress | undefined;
  close(): Promise<void>;
}

export async function listen(dispatch: Dispatch, host: string, port: number, fixed?: SurfaceAddress): Promise<Listener> {
  const listener = getRequestListener(async (request, env) => {
    const response = await dispatch(request, fixed, env.outgoing);
    if (isRefusal(response)) env.incoming.socket.destroy();
    return response;
  });
  const server: Server = createServer(listener);
  server.keepAliveTimeout = 5000;
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
