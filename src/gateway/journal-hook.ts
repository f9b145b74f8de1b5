/**
 * The gateway's side of the request journal (src/journal/journal.ts): after a request is
 * answered, one raw entry from what is already at hand. Nothing is serialised here: the
 * request body is the bytes the body reader kept, the response's the text its writer kept
 * (src/http/response.ts), both by reference; the operation is the one the surface's table
 * matched, and a request that matched none gets the closest entry of that table.
 */
import { monotonicMs } from '../clock.js';
import type { Journal, RawEntry } from '../journal/journal.js';
import type { RequestNotes } from '../http/notes.js';
import { closestRoute } from '../journal/near-miss.js';
import type { OperationRoute } from '../http/table-router.js';
import { BODY_CAP } from '../journal/redact.js';
import type { SurfaceAddress, SurfaceName } from '../hosts.js';
import { responseTextOf } from '../http/response.js';
import { isRefusal } from '../http/refuse.js';
import { hostOf } from '../http/routing.js';

export interface JournalInput {
  request: Request;
  target: SurfaceAddress | null;
  admin: boolean;
  /** The path and query as the surface saw them. */
  surfacePath: string;
  response: Response;
  /** The request came through sandbox.fetch, not a socket. */
  inProcess: boolean;
  /** Node's request behind it, when it came through a socket: its raw header list is kept. */
  incoming?: { rawHeaders: string[] } | undefined;
  notes: RequestNotes;
  startedMono: number;
  atMs: number;
  /** Each surface's table (method and path of every operation): the near misses of a request that matched none. */
  tables: Readonly<Record<SurfaceName, readonly OperationRoute[]>>;
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
    const miss = closestRoute(input.tables[input.target.surface], request.method, path);
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
    requestHeaders: input.incoming ? input.incoming.rawHeaders : request.headers,
    responseBody: null,
  });
  if (!refused) keepResponseBody(entry, response, input.inProcess);
}

/** The answer's text as its writer kept it; in-process, a text answer made elsewhere (Hono's c.json) is read from a clone. */
function keepResponseBody(entry: RawEntry, response: Response, inProcess: boolean): void {
  const text = responseTextOf(response);
  if (text !== undefined) {
    entry.responseBody = text;
    return;
  }
  // Over a socket the body is already on its way; a clone would cost every answer a copy.
  const type = response.headers.get('content-type') ?? '';
  if (!inProcess || response.body === null || !/json|text\/plain|form-urlencoded/.test(type)) return;
  response
    .clone()
    .text()
    .then((body) => (entry.responseBody = body))
    .catch(() => undefined);
}
