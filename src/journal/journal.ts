/**
 * The request journal: a bounded ring, one per sandbox (world), of every request the
 * sandbox answered and every call it made to a merchant. Not state: it is not persisted and
 * a restart starts it empty.
 *
 * Cheap on the hot path: the gateway hands in raw pieces (numbers, the Headers object, the
 * body bytes the surface already read) and nothing is serialised, decoded or redacted until
 * someone reads the journal (GET /__admin/requests, the report); an SSE listener gets the
 * entry's summary, which decodes nothing.
 */
import { instant, wallClockIsoAt } from '../clock.js';
import type { EventBus } from './events.js';
import type { NearMiss, Principal, RequestNotes } from '../http/notes.js';
import { type Redacted, redactBody, redactHeaders, redactQuery } from './redact.js';

export type Direction = 'in' | 'out';

/** One journal record as kept: raw, materialised on read. */
export interface RawEntry {
  id: number;
  direction: Direction;
  atMs: number;
  /** monotonicMs() at the start; turned into a wall-clock ISO stamp on read. */
  startedMono: number;
  env: string | null;
  surface: string | null;
  host: string;
  method: string;
  /** Path without the query, as the surface saw it (local prefix stripped). */
  path: string;
  query: string;
  status: number | 'refused' | null;
  latencyMs: number;
  notes: RequestNotes;
  /**
   * A socket request's headers as Node received them (name, value, name, value, …): the
   * Request's Headers object would keep Node's whole IncomingMessage alive for as long as the
   * entry stays in the ring, and every entry would then be promoted by the GC. In-process
   * requests keep their Headers.
   */
  requestHeaders: Headers | readonly string[] | null;
  responseBody: string | null;
  /** Outbound only: which kind of call (validation, notification, webhook, invoice-status). */
  kind?: string;
  url?: string;
  error?: string | null;
  /** Outbound only: the checkout the call is about (validation, notification). */
  privateId?: string;
  /** Outbound only: false when the call never got to the shop (a reserved name, a refused connection). */
  reached?: boolean;
  /** Outbound only: sandbox time when the call started (atMs is when the shop's answer came). */
  startedAtMs?: number;
}

/**
 * An entry without its headers and bodies: what the event stream carries for each new entry
 * (the dashboard's requests panel), made from what the entry already holds, nothing decoded.
 */
interface JournalSummary {
  id: number;
  direction: Direction;
  /** Sandbox time. */
  at: string;
  /** The machine's time. */
  realTime: string;
  env: string | null;
  surface: string | null;
  host: string;
  method: string;
  path: string;
  query: string;
  /** The operation of the surface's table the request matched (getCheckout, captureOrder, …); null when none did. */
  operation: string | null;
  status: number | 'refused' | null;
  latencyMs: number;
  auth: string;
  authCause?: string;
  principal: Principal;
  nearMisses?: NearMiss[];
  kind?: string;
  url?: string;
  error?: string | null;
}

/** A journal entry as GET /__admin/requests shows it: the summary plus headers and bodies. */
export interface JournalEntry extends JournalSummary {
  request: { headers: Record<string, string>; body: Redacted | null };
  response: { body: Redacted | null };
}

/** An outbound call (the sandbox calling a merchant), reported by the simulation. */
interface OutboundCall {
  env: string;
  kind: string;
  method: string;
  url: string;
  body?: string | undefined;
  status: number | null;
  responseBody: string | null;
  error: string | null;
  latencyMs: number;
  startedMono: number;
  /** Sandbox time at the start, when the caller knows it. */
  startedAtMs?: number | undefined;
  merchantId?: string | undefined;
  privateId?: string | undefined;
  reached: boolean;
}

export type OutboundRecorder = (call: OutboundCall) => void;

export class Journal {
  private readonly ring: (RawEntry | undefined)[];
  private next = 0;
  private nextId = 1;
  private readonly listeners = new Set<(entry: RawEntry) => void>();

  constructor(
    readonly size: number,
    /** Sandbox time, for the calls the sandbox makes (the gateway stamps requests itself). */
    private readonly nowMs: () => number,
  ) {
    this.ring = new Array<RawEntry | undefined>(size);
  }

  add(entry: Omit<RawEntry, 'id'>): RawEntry {
    const full = entry as RawEntry;
    full.id = this.nextId++;
    this.ring[this.next] = full;
    this.next = (this.next + 1) % this.size;
    // Only when someone listens (the SSE stream): no cost otherwise.
    if (this.listeners.size) for (const listener of this.listeners) listener(full);
    return full;
  }

  /** Records an outbound call (direction `out`). */
  readonly recordOutbound: OutboundRecorder = (call) => {
    const url = safeUrl(call.url);
    this.add({
      direction: 'out',
      atMs: this.nowMs(),
      startedMono: call.startedMono,
      env: call.env,
      surface: 'merchant',
      host: url?.host ?? '',
      method: call.method,
      path: url?.pathname ?? call.url,
      query: url?.search.slice(1) ?? '',
      status: call.status,
      latencyMs: call.latencyMs,
      notes: {
        ...(call.body ? { requestBody: new TextEncoder().encode(call.body) } : {}),
        ...(call.merchantId ? { principal: { merchantId: call.merchantId } } : {}),
      },
      requestHeaders: null,
      responseBody: call.responseBody,
      kind: call.kind,
      url: call.url,
      error: call.error,
      ...(call.privateId ? { privateId: call.privateId } : {}),
      reached: call.reached,
      ...(call.startedAtMs === undefined ? {} : { startedAtMs: call.startedAtMs }),
    });
  };

  /** Newest first. */
  entries(): RawEntry[] {
    const out: RawEntry[] = [];
    for (let i = 1; i <= this.size; i++) {
      const entry = this.ring[(this.next - i + this.size) % this.size];
      if (!entry) break;
      out.push(entry);
    }
    return out;
  }

  /** The entry with this id, while the ring still holds it. */
  get(id: number): RawEntry | undefined {
    // Ids are handed out in ring order: the newest (nextId - 1) sits just before `next`.
    const back = this.nextId - 1 - id;
    if (!Number.isInteger(back) || back < 0 || back >= this.size) return undefined;
    const entry = this.ring[(this.next - 1 - back + 2 * this.size) % this.size];
    return entry?.id === id ? entry : undefined;
  }

  clear(): number {
    const count = this.entries().length;
    this.ring.fill(undefined);
    this.next = 0;
    return count;
  }

  subscribe(listener: (entry: RawEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The entry without headers and bodies: nothing decoded, redacted or copied but the notes' small parts. */
function summarise(entry: RawEntry, isoOf: (ms: number) => string): JournalSummary {
  const { notes } = entry;
  return {
    id: entry.id,
    direction: entry.direction,
    at: isoOf(entry.atMs),
    realTime: wallClockIsoAt(entry.startedMono),
    env: entry.env,
    surface: entry.surface,
    host: entry.host,
    method: entry.method,
    path: entry.path,
    query: redactQuery(entry.query),
    operation: notes.operation ?? null,
    status: entry.status,
    latencyMs: Math.round(entry.latencyMs * 100) / 100,
    auth: notes.auth ?? 'none',
    ...(notes.authCause ? { authCause: notes.authCause } : {}),
    principal: notes.principal ?? {},
    ...(notes.nearMisses?.length ? { nearMisses: notes.nearMisses } : {}),
    ...(entry.kind ? { kind: entry.kind, url: redactQuery(entry.url ?? ''), error: entry.error ?? null } : {}),
  };
}

/** The entry as shown: bodies decoded, capped and redacted; times as ISO stamps. */
export function materialise(entry: RawEntry, isoOf: (ms: number) => string): JournalEntry {
  const { notes } = entry;
  return {
    ...summarise(entry, isoOf),
    request: {
      headers: entry.requestHeaders ? redactHeaders(headersOf(entry.requestHeaders)) : {},
      body: notes.requestBody ? redactBody(notes.requestBody, notes.requestBodyBytes) : null,
    },
    response: { body: entry.responseBody === null ? null : redactBody(entry.responseBody) },
  };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const ORDER_ACTION = /^\/manage\/orders\/([^/]+)\/(capture|refund|reauthorize|cancel|extend)\/?$/;

/** The ISO form of a sandbox instant (ms). */
export function isoOf(ms: number): string {
  return instant(ms).toISOString();
}

/**
 * Each new entry as a `request` event on the bus, only while someone listens (the SSE
 * stream): its summary, so no body is decoded or redacted for the stream (whoever wants the
 * headers and bodies reads GET /__admin/requests/{id}). Published on the next turn, after the
 * answer has left. An accepted order action is also an `order.action` event (derived here,
 * so the order routes need no event bus of their own).
 */
export function publishEntries(journal: Journal, events: EventBus): () => void {
  return journal.subscribe((entry) => {
    // The control plane's own calls stay out of the stream: the dashboard, which polls the admin
    // lists and follows the stream, would otherwise read its own polling back (the journal keeps them).
    if (events.listenerCount === 0 || entry.surface === 'admin') return;
    setImmediate(() => {
      const { at, ...rest } = summarise(entry, isoOf);
      events.publish({ ...rest, type: 'request', at });
      const action = ORDER_ACTION.exec(entry.path);
      if (action && entry.method === 'POST' && typeof entry.status === 'number' && entry.status >= 200 && entry.status < 300) {
        events.publish({ type: 'order.action', at, env: entry.env, orderId: action[1], operation: action[2], status: entry.status });
      }
    });
  });
}

/** One request header of an entry as sent (null: not sent, or an outbound call), for the report's claimed caller. */
export function requestHeader(entry: RawEntry, name: string): string | null {
  const kept = entry.requestHeaders;
  if (!kept) return null;
  if (!Array.isArray(kept)) return (kept as Headers).get(name);
  for (let i = 0; i + 1 < kept.length; i += 2) if (kept[i]!.toLowerCase() === name) return kept[i + 1]!;
  return null;
}

/** Headers from Node's raw list, as @hono/node-server builds them (HTTP/2 pseudo-headers left out). */
function headersOf(kept: Headers | readonly string[]): Headers {
  if (!Array.isArray(kept)) return kept as Headers;
  const headers = new Headers();
  for (let i = 0; i + 1 < kept.length; i += 2) {
    const name = kept[i]!;
    if (!name.startsWith(':')) headers.append(name, kept[i + 1]!);
  }
  return headers;
}
