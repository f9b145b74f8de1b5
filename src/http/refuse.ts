/**
 * "Refuse" is how a vanished host looks to a client: the connection closes with no response.
 * A handler cannot express that with a Response, so it returns one marked with this header;
 * the socket listener (src/gateway/listener.ts) destroys the connection instead of answering, and the
 * in-process fetch (src/sandbox.ts) rejects like fetch() does on a dropped connection.
 */
const REFUSE_CONNECTION_HEADER = 'x-sandbox-refuse-connection';

/** The refusals made here, so that asking needs no look at the headers of every answer. */
const refusals = new WeakSet<Response>();

export function refuseConnection(reason: string): Response {
  const response = new Response(null, { status: 503, headers: { [REFUSE_CONNECTION_HEADER]: reason } });
  refusals.add(response);
  return response;
}

/**
 * Asked of every answer (listener, request log, journal). Reading `headers` of a plain answer
 * would make @hono/node-server build a Headers object for it and leave its fast path, so only
 * a 503 that is not one of ours (a copy Hono made when merging headers) is looked into.
 */
export function isRefusal(response: Response): boolean {
  return refusals.has(response) || (response.status === 503 && response.headers.has(REFUSE_CONNECTION_HEADER));
}

/** The error an in-process caller sees, shaped like undici's "fetch failed". */
export class ConnectionRefusedError extends TypeError {
  override name = 'TypeError';
  constructor(readonly reason: string) {
    super('fetch failed', { cause: Object.assign(new Error(`socket hang up: ${reason}`), { code: 'ECONNRESET' }) });
  }
}
