/**
 * GET on a base URL in the path-prefix form (`/uat/api`, `/uat/retired`, the links of the start
 * page and the banner): what that surface serves, as JSON, instead of the surface's own 404 or,
 * past the retired host's shutdown, a closed connection, which left a newcomer at a dead end.
 * Only the prefix form, which no real host has: by Host header, dedicated port or HTTPS on the
 * real name, `/` is the surface's own, as on the real host.
 */
import type { OperationRoute } from '../http/table-router.js';
import { SURFACE_RECORDS, type SurfaceAddress, type Urls } from '../hosts.js';
import { jsonResponse } from '../http/response.js';

/** True for a request to the base URL itself in the prefix form: `/uat/api`, `/uat/api/`, with or without a query. */
export function isBaseUrlRoot(pathAndQuery: string, prefix: string): boolean {
  const rest = pathAndQuery.slice(prefix.length).split('?')[0];
  return rest === '' || rest === '/';
}

export function surfaceIndex(request: Request, target: SurfaceAddress, urls: Urls, routes: readonly OperationRoute[]): Response {
  const { env, surface } = target;
  const baseUrl = urls.baseUrl(env, surface);
  const root = urls.baseUrl('uat', 'api').replace(/\/uat\/api$/, '');
  const body = {
    env,
    surface,
    placeholder: SURFACE_RECORDS[surface].placeholder,
    realHost: urls.hosts[env][surface].host,
    baseUrl,
    note: `This sandbox's ${SURFACE_RECORDS[surface].placeholder} for ${env.toUpperCase()}: the paths below go after the base URL, as on the real host (which has no page here). The retired host follows the sandbox clock's shutdown.`,
    // `{privateId}` as the service's documentation writes a path, not the router's `:privateId`.
    operations: [...new Set(routes.map((route) => `${route.method} ${baseUrl}${route.path.replace(/:(\w+)/g, '{$1}')}`))],
    apiReference: `${root}/__admin/docs`,
    start: `${root}/`,
  };
  return request.method === 'HEAD'
    ? new Response(null, { status: 200, headers: { 'content-type': 'application/json' } })
    : jsonResponse(body, 200);
}
