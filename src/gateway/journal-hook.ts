/**
 * The gateway's side of the request journal (src/control/journal.ts): after a request is
 * answered, one raw entry from what is already at hand. Nothing is serialised here; the
 * response body is kept by reference when @hono/node-server still holds it as a string
 * (so its fast path is kept), and read from a clone only for in-process requests.
 */
import { monotonicMs } from '../clock.js';
import type { Journal, RawEntry } from '../control/journal.js';
import type { RequestNotes } from '../http/notes.js';
import { closestRoute, type RouteLike } from '../control/near-miss.js';
import { BODY_CAP } from '../control/redact.js';
import type { SurfaceAddress } from '../hosts.js';
import { isRefusal } from '../http/refuse.js';
import { hostOf } from '../http/routing.js';

export interface JournalInput {
  request: Request;
  target: SurfaceAddress | null;
  admin: boolean;
  /** The path and query as the surface saw them. */
  surfacePath: string;
  response: Response;
  notes: RequestNotes;
  startedMono: number;
  atMs: number;
  /** The surface apps: their routes give the near misses of a request that matched none. */
  surfaces: Record<string, Record<string, { routes: readonly RouteLike[] }>>;
}

/** The journal's own reads are not journaled: a poller would otherwise fill the ring with itself. */
export function isJournalRead(pathAndQuery: string): boolean {
  return /^\/__admin\/(requests|events|report)(?=[/?]|$)/.test(pathAndQuery);
}

export function journalRequest(journal: Journal, input: JournalInput): void {
  const { request, response, notes } = input;
  const question = input.surfacePath.indexOf('?');
  const path = question === -1 ? input.surfacePath : input.surfacePath.slice(0, question);
  const refused = isRefusal(response);
  const status = refused ? 'refused' : response.status;
  // A ring of 1000 entries must not hold 1000 bodies of 1 MiB: keep a copy of the first bytes only.
  const body = notes.requestBody;
  if (body && body.byteLength > BODY_CAP) {
    notes.requestBodyBytes = body.byteLength;
    notes.requestBody = body.slice(0, BODY_CAP);
  }
  if (notes.unmatched && input.target) {
    const { env, surface } = input.target;
    // The retired host answers through the legacy app: its routes are the legacy ones.
    const miss = closestRoute(input.surfaces[env]![surface === 'retired' ? 'legacy' : surface]!.routes, request.method, path);
    if (miss) (notes.nearMisses ??= []).unshift(miss);
  }
  const entry: RawEntry = journal.add({
    direction: 'in',
    atMs: input.atMs,
    startedMono: input.startedMono,
    env: input.target?.env ?? null,
    surface: input.target?.surface ?? (input.admin ? 'admin' : null),
    host: request.headers.get('host') ?? hostOf(request.url),
    method: request.method,
    path,
    query: question === -1 ? '' : input.surfacePath.slice(question + 1),
    status,
    latencyMs: monotonicMs() - input.startedMono,
    notes,
    requestHeaders: request.headers,
    responseBody: null,
  });
  if (!refused) keepResponseBody(entry, response);
}

function keepResponseBody(entry: RawEntry, response: Response): void {
  const cached = nodeServerCache(response);
  if (cached) {
    const body = cached[1];
    if (typeof body === 'string') entry.responseBody = body;
    else if (body instanceof Uint8Array) entry.responseBody = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    return;
  }
  // In-process (sandbox.fetch): a real Response; text bodies only (not the event stream, not assets).
  const type = response.headers.get('content-type') ?? '';
  if (response.body === null || !/json|text\/plain|form-urlencoded/.test(type)) return;
  response
    .clone()
    .text()
    .then((text) => (entry.responseBody = text))
    .catch(() => undefined);
}

type Cache = [number, unknown, unknown];

/** The symbol, once seen: one lookup per process rather than a scan per request. */
let cacheSymbol: symbol | null = null;

/** @hono/node-server's lightweight Response keeps [status, body, headers] under a private symbol. */
function nodeServerCache(response: Response): Cache | null {
  const holder = response as unknown as Record<symbol, Cache | undefined>;
  if (cacheSymbol) return holder[cacheSymbol] ?? null;
  for (const symbol of Object.getOwnPropertySymbols(response)) {
    if (symbol.description === 'cache') {
      cacheSymbol = symbol;
      return holder[symbol] ?? null;
    }
  }
  return null;
}
