/**
 * The path a Hono app routes on: the gateway's surface path when given (the local prefix
 * stripped, no Request copy), else the Request's own; a trailing slash dropped, so
 * /checkouts/x/ and /checkouts/x are the same route, as real clients need.
 */
import { getPath } from 'hono/utils/url';
import type { GatewayBindings } from './types.js';

export function routingPath(request: Request, options?: { env?: unknown }): string {
  const bound = (options?.env as GatewayBindings | undefined)?.surfacePath;
  const path = bound === undefined ? getPath(request) : getPath({ url: `http://surface${bound}` } as Request);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
