/**
 * The path a Hono app routes on: the gateway's surface path when given (the local prefix
 * stripped, no Request copy), else the Request's own; a trailing slash dropped, so
 * /checkouts/x/ and /checkouts/x are the same route, as real clients need.
 */
import { getPath } from 'hono/utils/url';
import type { GatewayBindings } from './types.js';

export function routingPath(request: Request, options?: { env?: unknown }): string {
  const bound = (options?.env as GatewayBindings | undefined)?.surfacePath;
  return withoutTrailingSlash(getPath(bound === undefined ? request : ({ url: `http://surface${bound}` } as Request)));
}

/** The same for a path and query as sent to the surface (a recorded exchange's). */
export function routingPathOf(pathAndQuery: string): string {
  return withoutTrailingSlash(getPath({ url: `http://surface${pathAndQuery}` } as Request));
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The path and query as on the request line: no URL object, no decoding. */
export function pathAndQueryOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (slash === -1) return '/';
  const hash = url.indexOf('#', slash);
  return hash === -1 ? url.slice(slash) : url.slice(slash, hash);
}

/** The path and query as the surface sees them: the gateway's (local prefix stripped), else the request line's. */
export function surfacePathOf(url: string, bindings: GatewayBindings | undefined): string {
  return bindings?.surfacePath ?? pathAndQueryOf(url);
}

/** The authority of an absolute URL (in-process requests carry no Host header). */
export function hostOf(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end);
}
