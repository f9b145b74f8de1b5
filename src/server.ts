/**
 * Socket listeners: the main port (all surfaces, by prefix or Host header) and, with
 * --port-per-host, one port per real host name. A refused response becomes a closed
 * connection with no answer, as a vanished host looks to a client.
 */
import { type IncomingHttpHeaders, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Dispatch } from './gateway.js';
import type { SurfaceAddress } from './hosts.js';
import { MAX_BODY_BYTES } from './http/body.js';
import { attachGetBody } from './http/get-body.js';
import { isRefusal } from './http/refuse.js';

export interface Listener {
  port: number;
  /** The surface a dedicated port serves; undefined for the main port. */
  fixed: SurfaceAddress | undefined;
  close(): Promise<void>;
}

export async function listen(dispatch: Dispatch, host: string, port: number, fixed?: SurfaceAddress): Promise<Listener> {
  const listener = getRequestListener(async (request, env) => {
    // @hono/node-server drops a GET's body; SharedKey clients sign it, so keep the bytes.
    const incoming = env.incoming as unknown as Incoming;
    if (request.method === 'GET' && hasBody(incoming)) attachGetBody(request, await readAll(incoming));
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

/** What the listener reads of Node's request: its headers and its body stream. */
type Incoming = { headers: IncomingHttpHeaders } & AsyncIterable<Buffer>;

function hasBody(incoming: Incoming): boolean {
  return Number(incoming.headers['content-length'] ?? '0') > 0 || incoming.headers['transfer-encoding'] !== undefined;
}

/** The body as received, up to one byte past the limit (the body reader then answers 413). */
async function readAll(incoming: Incoming): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) break;
  }
  return new Uint8Array(Buffer.concat(chunks));
}
