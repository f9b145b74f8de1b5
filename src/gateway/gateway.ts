/**
 * The gateway: which (environment, surface) does a request address? Three ways, in order:
 *   1. a dedicated port (--port-per-host) fixes the surface;
 *   2. a path prefix /{env}/{surface}/… (stripped, so handlers see the real path);
 *   3. the Host header with a real host name (curl --connect-to, /etc/hosts).
 * /__admin/… goes to the control plane whatever the host.
 *
 * The Request is never copied: the surface path travels beside it (the surface app routes
 * on it, SharedKey hashes it), and the Date header in sandbox time is set on the socket's
 * response before the answer is written, so a plain Response keeps @hono/node-server's
 * direct write.
 */
import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import { type Clock, monotonicMs } from '../clock.js';
import type { Journal } from '../journal/journal.js';
import type { RequestNotes } from '../http/notes.js';
import type { OperationRoute } from '../http/table-router.js';
import { isJournalRead, journalRequest } from './journal-hook.js';
import { type FirstStepsCredentials, isStartPath, startPage } from './start-page.js';
import { isBaseUrlRoot, surfaceIndex } from './surface-index.js';
import { type EnvName, type SurfaceAddress, type SurfaceName, isEnvName, isSurfaceName, surfaceByHostName } from '../hosts.js';
import { jsonResponse } from '../http/response.js';
import { isRefusal } from '../http/refuse.js';
import { hostOf, pathAndQueryOf } from '../http/routing.js';
import type { GatewayBindings, Surface, SurfaceEnv } from '../http/types.js';
import type { Logger } from '../log.js';
import { requestLog } from '../log-lines.js';
import type { Urls } from '../hosts.js';
import type { FaultSet } from '../faults/faults.js';

export type SurfaceApps = Record<EnvName, Record<SurfaceName, Surface>>;

/** The socket's two sides, when the request came through a listener (absent in-process). */
export interface SocketPair {
  incoming: IncomingMessage;
  outgoing: { setHeader(name: string, value: string): unknown };
}

/** `pathAndQuery`: the request line's path as this world sees it (an isolated sandbox's prefix stripped). */
export type Dispatch = (request: Request, fixed?: SurfaceAddress, socket?: SocketPair, pathAndQuery?: string) => Promise<Response>;

export interface GatewayDeps {
  clock: Clock;
  logger: Logger;
  urls: Urls;
  /** Injected faults (src/faults/faults.ts), asked right before the surface app. */
  faults?: Pick<FaultSet, 'armed' | 'inject'>;
  /** This world's request journal (src/journal/journal.ts); absent: nothing recorded. */
  journal?: Journal;
  /** Each surface's operations (method and path), for the journal's near misses. */
  tables: Readonly<Record<SurfaceName, readonly OperationRoute[]>>;
  /** The credentials the start page's first steps use (src/world/first-steps.ts); absent or null: no steps. */
  firstSteps?: () => FirstStepsCredentials | null;
}

const PREFIX = /^\/([A-Za-z]+)\/([A-Za-z]+)(?=[/?#]|$)/;

export function createGateway(deps: GatewayDeps, admin: Hono<SurfaceEnv>, surfaces: SurfaceApps): Dispatch {
  const byHost = surfaceByHostName(deps.urls.hosts);
  // The request line at info (src/log-lines.ts); null above info.
  const log = requestLog(deps.logger);

  const journal = deps.journal;

  /** The request line and the journal entry of an answered request. */
  const answered = (request: Request, socket: SocketPair | undefined, routing: Routing, response: Response): Response => {
    const { target, surfacePath, pathAndQuery, notes, started } = routing;
    if (log) {
      const question = surfacePath.indexOf('?');
      log({
        env: target?.env ?? null,
        surface: target?.surface ?? (target === null && pathAndQuery.startsWith('/__admin') ? 'admin' : null),
        method: request.method,
        path: question === -1 ? surfacePath : surfacePath.slice(0, question),
        status: isRefusal(response) ? 'refused' : response.status,
        ms: Math.round((monotonicMs() - started) * 100) / 100,
      });
    }
    // The request journal (src/gateway/journal-hook.ts); its own reads are left out.
    if (journal && !isJournalRead(pathAndQuery)) {
      journalRequest(journal, {
        request,
        target,
        admin: routing.admin,
        surfacePath,
        response,
        inProcess: socket === undefined,
        incoming: socket?.incoming,
        notes,
        startedMono: started,
        atMs: deps.clock.nowMs(),
        tables: deps.tables,
      });
    }
    return response;
  };

  /**
   * Where a request goes: the control plane, a surface (after any fault rule), or the gateway's
   * own pages. Not async: the app's own promise is awaited once, by dispatch.
   */
  const answer = (request: Request, routing: Routing, bindings: GatewayBindings): Response | Promise<Response> => {
    const { target, surfacePath, pathAndQuery } = routing;
    if (routing.admin) return admin.fetch(request, bindings);
    // A base URL itself in the prefix form: what the surface serves (src/gateway/surface-index.ts).
    if (target && routing.baseUrlRoot && (request.method === 'GET' || request.method === 'HEAD'))
      return surfaceIndex(request, target, deps.urls, deps.tables[target.surface]);
    if (target) {
      const app = surfaces[target.env][target.surface];
      // Faults: one boolean when no rule is listed.
      if (!deps.faults?.armed) return app.fetch(request, bindings);
      return deps.faults.inject(request, target, surfacePath).then((injected) => injected ?? app.fetch(request, bindings));
    }
    // GET /: links for a person (HTML) or a program (JSON).
    if (isStartPath(pathAndQuery) && (request.method === 'GET' || request.method === 'HEAD'))
      return startPage(request, deps.urls, deps.firstSteps?.() ?? null);
    return unaddressed(pathAndQuery, deps.urls, request.method);
  };

  return async function dispatch(request, fixed, socket, routedPath) {
    const started = log || journal ? monotonicMs() : 0;
    socket?.outgoing.setHeader('date', deps.clock.httpDate());
    const pathAndQuery = routedPath ?? pathAndQueryOf(request.url);
    const admin = pathAndQuery.startsWith('/__admin') && (pathAndQuery.length === 8 || '/?#'.includes(pathAndQuery[8]!));
    // Filled by the surface (auth outcome, principal, body) for the journal; one small object per request.
    const routing: Routing = { target: null, surfacePath: pathAndQuery, pathAndQuery, admin, baseUrlRoot: false, notes: {}, started };
    if (!admin) {
      const prefix = fixed ? null : PREFIX.exec(pathAndQuery);
      const env = prefix?.[1]!.toLowerCase();
      const surface = prefix?.[2]!.toLowerCase();
      if (fixed) {
        routing.target = fixed;
      } else if (prefix && env !== undefined && surface !== undefined && isEnvName(env) && isSurfaceName(surface)) {
        routing.target = { env, surface };
        routing.baseUrlRoot = isBaseUrlRoot(pathAndQuery, prefix[0]);
        // The path as the surface sees it (prefix stripped), as the real host would log it.
        const surfacePath = pathAndQuery.slice(prefix[0].length);
        routing.surfacePath = surfacePath === '' || surfacePath[0] !== '/' ? `/${surfacePath}` : surfacePath;
      } else {
        const hostName = (request.headers.get('host') ?? hostOf(request.url)).replace(/:\d+$/, '').toLowerCase();
        routing.target = byHost.get(hostName) ?? null;
      }
    }
    // The Node request goes along: a body (a GET's too) is read from it as Node's stream.
    const response = await answer(request, routing, { surfacePath: routing.surfacePath, incoming: socket?.incoming, notes: routing.notes });
    return answered(request, socket, routing, response);
  };
}

/** Where a request went and what the journal needs of it. */
interface Routing {
  target: SurfaceAddress | null;
  /** The path and query as the surface sees them (a local prefix stripped). */
  surfacePath: string;
  /** As on the request line (an isolated sandbox's prefix stripped). */
  pathAndQuery: string;
  admin: boolean;
  /** A GET of a base URL itself in the prefix form (`/uat/api`): answered with what the surface serves. */
  baseUrlRoot: boolean;
  notes: RequestNotes;
  started: number;
}

function unaddressed(pathAndQuery: string, urls: Urls, method: string): Response {
  const path = pathAndQuery.split('?')[0];
  return gatewayNotFound(method, {
    error: {
      code: 404,
      message:
        `No emulated host matches ${path}. Address a surface by path prefix ` +
        `(e.g. ${urls.baseUrl('uat', 'api')}/checkouts), by a real Host header, or by its dedicated port; ` +
        'GET /__admin/hosts lists every base URL; / in a browser links them and the dashboard.',
    },
  });
}

/**
 * A 404 the gateway answers itself (no surface or world was addressed). HEAD gets the
 * headers only, in-process too (Node drops the body on the socket; fetch() callers would get it).
 */
export function gatewayNotFound(method: string, body: object): Response {
  if (method === 'HEAD') return new Response(null, { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } });
  return jsonResponse(body, 404);
}
