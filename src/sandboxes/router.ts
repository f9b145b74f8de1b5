/**
 * Which world does a request belong to? Before any surface or admin routing:
 *   1. the prefix /sandboxes/{id}/… (stripped; the rest is addressed as on the main port),
 *   2. the header X-Sandbox-Id: {id} (with any of the normal addressing forms),
 *   3. otherwise the main world.
 * Then that world's own dispatch (src/gateway.ts) runs, so whatever it does per request
 * (logging, a journal, faults) happens inside the world the request addressed.
 *
 * The main world's hot path pays one string test and one header lookup; nothing is copied:
 * the world's gateway is handed the path with the prefix stripped.
 */
import { type Dispatch, pathAndQueryOf } from '../gateway.js';
import { jsonResponse } from '../http/envelope.js';
import type { World } from '../world.js';
import type { SandboxRegistry } from './registry.js';

export const SANDBOX_HEADER = 'x-sandbox-id';
const PREFIX = /^\/sandboxes\/([^/?#]+)/;

/** The world a request addresses and the path it sees there, or the answer when none lives. */
export type Routed = { world: World; pathAndQuery?: string } | { response: Response };

export interface WorldRouter {
  route(request: Request): Routed;
  dispatch: Dispatch;
}

export function createWorldRouter(main: World, registry: SandboxRegistry): WorldRouter {
  const route = (request: Request): Routed => {
    const pathAndQuery = pathAndQueryOf(request.url);
    if (pathAndQuery.startsWith('/sandboxes/')) {
      const match = PREFIX.exec(pathAndQuery);
      if (match) {
        const id = match[1]!;
        const rest = pathAndQuery.slice(match[0].length);
        const forwarded = rest === '' || rest[0] !== '/' ? `/${rest}` : rest;
        const world = registry.use(id);
        return world ? { world, pathAndQuery: forwarded } : { response: gone(id, forwarded, request.method) };
      }
    }
    const header = request.headers.get(SANDBOX_HEADER);
    if (header !== null) {
      const id = header.trim();
      const world = registry.use(id);
      return world ? { world } : { response: gone(id, pathAndQuery, request.method) };
    }
    return { world: main };
  };

  return {
    route,
    async dispatch(request, fixed, socket) {
      const routed = route(request);
      if ('response' in routed) return routed.response;
      // The Request is not copied: the world's gateway routes on the stripped path it is handed.
      return routed.world.dispatch(request, fixed, socket, routed.pathAndQuery);
    },
  };
}

/** 404 for a deleted, expired or unknown id, in the envelope of what was addressed. */
function gone(id: string, pathAndQuery: string, method: string): Response {
  if (method === 'HEAD') return new Response(null, { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } });
  const message =
    `No isolated sandbox '${id}': it was deleted, expired after its idle period, or never created. ` +
    'POST /__admin/sandboxes creates one; GET /__admin/sandboxes lists the live ones.';
  const admin = pathAndQuery.startsWith('/__admin');
  return jsonResponse(admin ? { error: { status: 404, message } } : { error: { code: 404, message } }, 404);
}
