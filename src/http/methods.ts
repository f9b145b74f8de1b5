/**
 * Methods Node's HTTP server accepts but the Fetch API refuses to put in a Request (TRACE;
 * CONNECT and TRACK never reach a handler). @hono/node-server builds such a request as a GET
 * that reports its real method; surfaces answer it 405.
 */
const FETCH_FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function isFetchForbiddenMethod(method: string): boolean {
  return FETCH_FORBIDDEN.has(method.toUpperCase());
}
