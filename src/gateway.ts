/**
 * The gateway: which (environment, surface) does a request address? Three ways, in order:
 *   1. a dedicated port (--port-per-host) fixes the surface;
 *   2. a path prefix /{env}/{surface}/… (stripped, so handlers see the real path);
 *   3. the Host header with a real host name (curl --connect-to, /etc/hosts).
 * /__admin/… goes to the control plane whatever the host.
 */
import type { Hono } from 'hono';
import { httpDate } from './clock.js';
import type { SandboxContext } from './context.js';
import {
  type EnvName,
  type SurfaceAddress,
  type SurfaceName,
  isEnvName,
  isSurfaceName,
  surfaceByHostName,
} from './hosts.js';
import { jsonResponse } from './http/envelope.js';
import { requestWithMethod } from './http/methods.js';
import { isRefusal } from './http/refuse.js';

export type SurfaceApps = Record<EnvName, Record<SurfaceName, Hono>>;

export type Dispatch = (request: Request, fixed?: SurfaceAddress) => Promise<Response>;

const PREFIX = /^\/([A-Za-z]+)\/([A-Za-z]+)(?=\/|$)/;

export function createGateway(ctx: SandboxContext, admin: Hono, surfaces: SurfaceApps): Dispatch {
  const byHost = surfaceByHostName(ctx.hosts);

  return async function dispatch(request, fixed) {
    const started = performance.now();
    const url = new URL(request.url);
    let target: SurfaceAddress | null = null;
    let response: Response;
    // The path as the surface sees it (prefix stripped), as the real host would log it.
    let surfacePath = url.pathname;

    if (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/')) {
      response = await admin.fetch(request);
    } else {
      let forwarded = request;
      const prefix = PREFIX.exec(url.pathname);
      if (fixed) {
        target = fixed;
      } else if (prefix && isEnvName(prefix[1]!.toLowerCase()) && isSurfaceName(prefix[2]!.toLowerCase())) {
        target = { env: prefix[1]!.toLowerCase() as EnvName, surface: prefix[2]!.toLowerCase() as SurfaceName };
        forwarded = withPath(request, url, url.pathname.slice(prefix[0].length) || '/');
      } else {
        const hostName = (request.headers.get('host') ?? url.host).replace(/:\d+$/, '').toLowerCase();
        target = byHost.get(hostName) ?? null;
      }
      response = target ? await surfaces[target.env][target.surface].fetch(forwarded) : unaddressed(url, ctx, request.method);
      surfacePath = new URL(forwarded.url).pathname;
    }

    if (!isRefusal(response)) response.headers.set('date', httpDate(ctx.clock.now()));
    ctx.logger.info(
      {
        env: target?.env ?? null,
        surface: target?.surface ?? (url.pathname.startsWith('/__admin') ? 'admin' : null),
        method: request.method,
        path: surfacePath,
        status: isRefusal(response) ? 'refused' : response.status,
        ms: Math.round((performance.now() - started) * 100) / 100,
      },
      'request',
    );
    return response;
  };
}

/** The same request with another path; body, method and headers untouched (SharedKey hashes them). */
function withPath(request: Request, url: URL, path: string): Request {
  const next = new URL(url);
  next.pathname = path;
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  };
  if (request.body) init.duplex = 'half';
  // TRACE cannot be copied with `new Request()` (it throws): see src/http/methods.ts.
  return requestWithMethod(next, init);
}

function unaddressed(url: URL, ctx: SandboxContext, method: string): Response {
  // HEAD: the headers only, in-process too (Node drops the body on the socket; fetch() callers would get it).
  if (method === 'HEAD') return new Response(null, { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } });
  return jsonResponse(
    {
      error: {
        code: 404,
        message:
          `No emulated host matches ${url.pathname}. Address a surface by path prefix ` +
          `(e.g. ${ctx.baseUrl('uat', 'api')}/checkouts), by a real Host header, or by its dedicated port; ` +
          'GET /__admin/hosts lists every base URL.',
      },
    },
    404,
  );
}
