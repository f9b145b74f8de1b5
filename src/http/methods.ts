/**
 * Methods Node's HTTP server accepts but the Fetch API refuses to put in a Request (TRACE;
 * CONNECT and TRACK never reach a handler). @hono/node-server builds such a request as a GET
 * that reports its real method; anything that copies a request (the gateway, when it strips a
 * path prefix) must do the same, or `new Request()` throws and the client gets a bare 500.
 */
const FETCH_FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function isFetchForbiddenMethod(method: string): boolean {
  return FETCH_FORBIDDEN.has(method.toUpperCase());
}

/** `new Request(url, init)`, except that a forbidden method is carried as a body-less GET reporting that method. */
export function requestWithMethod(url: URL | string, init: RequestInit & { duplex?: 'half' }): Request {
  const method = init.method ?? 'GET';
  if (!isFetchForbiddenMethod(method)) return new Request(url, init);
  const { body: _body, duplex: _duplex, ...rest } = init;
  const request = new Request(url, { ...rest, method: 'GET' });
  Object.defineProperty(request, 'method', { get: () => method });
  return request;
}
