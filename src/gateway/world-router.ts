/**
 * Which world does a request belong to? Before any surface or admin routing:
 *   1. the prefix /sandboxes/{id}/… (stripped; the rest is addressed as on the main port),
 *   2. the header X-Sandbox-Id: {id} (with any of the normal addressing forms),
 *   3. otherwise the main world.
 * Then that world's own dispatch (src/gateway/gateway.ts) runs, so whatever it does per request
 * (logging, a journal, faults) happens inside the world the request addressed.
 *
 * The main world's hot path pays one string test and one header lookup; nothing is copied:
 * the world's gateway is handed the path with the prefix stripped.
 */
import { pathAndQueryOf } from '../http/routing.js';
import { type Dispatch, gatewayNotFound } from './gateway.js';

export const SANDBOX_HEADER = 'x-sandbox-id';
const PREFIX = /^\/sandboxes\/([^/?#]+)/;

/** What the router needs of a world: its own gateway. */
export interface RoutableWorld {
  dispatch: Dispatch;
}

/** The isolated worlds by id (src/world/registry.ts); `use` also marks one as used. */
export interface WorldsById<W extends RoutableWorld> {
  use(id: string): W | null;
}

/** The world a request addresses and the path and query it sees there, or the answer when none lives. */
type WorldRoute<W> = { world: W; pathAndQuery: string } | { response: Response };

export interface WorldRouter<W> {
  route(request: Request): WorldRoute<W>;
  dispatch: Dispatch;
}

export function createWorldRouter<W extends RoutableWorld>(main: W, registry: WorldsById<W>): WorldRouter<W> {
  const route = (request: Request): WorldRoute<W> => {
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
      return world ? { world, pathAndQuery } : { response: gone(id, pathAndQuery, request.method) };
    }
    return { world: main, pathAndQuery };
  };

  return {
    route,
    // Not async: the world's dispatch answers with its own promise.
    dispatch(request, fixed, socket) {
      const routed = route(request);
      if ('response' in routed) return Promise.resolve(routed.response);
      // The Request is not copied: the world's gateway routes on the stripped path it is handed.
      return routed.world.dispatch(request, fixed, socket, routed.pathAndQuery);
    },
  };
}

/** 404 for a deleted, expired or unknown id, in the envelope of what was addressed. */
function gone(id: string, pathAndQuery: string, method: string): Response {
  const message =
    `No isolated sandbox '${id}': it was deleted, expired after its idle period, or never created. ` +
    'POST /__admin/sandboxes creates one; GET /__admin/sandboxes lists the live ones.';
  const admin = pathAndQuery.startsWith('/__admin');
  return gatewayNotFound(method, admin ? { error: { status: 404, message } } : { error: { code: 404, message } });
}
