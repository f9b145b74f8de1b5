/**
 * Socket listeners: the main port (all surfaces, by prefix or Host header) and, with
 * --port-per-host, one port per real host name. A refused response becomes a closed
 * connection with no answer, as a vanished host looks to a client.
 */
import { type IncomingHttpHeaders, type IncomingMessage, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Dispatch, SocketPair } from './gateway.js';
import type { SurfaceAddress } from '../hosts.js';
import { MAX_BODY_BYTES } from '../http/body.js';
import { attachGetBody } from '../http/get-body.js';
import { answerClientError } from './client-error.js';
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
 * Node's request handler for a listener (plain or TLS): the sandbox's dispatch, with a GET's
 * body kept (@hono/node-server drops it; SharedKey clients sign it) and a refusal turned into
 * a closed connection.
 */
export function requestListener(dispatch: Dispatch, fixed?: SurfaceAddress): ReturnType<typeof getRequestListener> {
  const closeIfRefused = (response: Response, incoming: IncomingMessage): Response => {
    if (isRefusal(response)) incoming.socket.destroy();
    return response;
  };
  const withGetBody = async (request: Request, incoming: IncomingMessage, socket: SocketPair): Promise<Response> => {
    attachGetBody(request, await readAll(incoming as unknown as Incoming));
    return closeIfRefused(await dispatch(request, fixed, socket), incoming);
  };
  // Not async: an answer the dispatch has at once (a fast read) is written by @hono/node-server at once.
  return getRequestListener((request, env) => {
    const incoming = env.incoming as IncomingMessage;
    const socket = env as unknown as SocketPair;
    if (request.method === 'GET' && hasBody(incoming as unknown as Incoming)) return withGetBody(request, incoming, socket);
    const response = dispatch(request, fixed, socket);
    return response instanceof Promise ? response.then((answer) => closeIfRefused(answer, incoming)) : closeIfRefused(response, incoming);
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
  server.on('clientError', answerClientError);
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
