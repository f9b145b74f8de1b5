/**
 * The calls the service makes to the merchant, compared: a recorded outgoing exchange (what
 * the real service sent to the shop's notificationUri, validationUri or webhook URL) against
 * the call the replay's world sent to the local sink (src/fidelity/callback-sink.ts) for the
 * same reason. Compared are the path and query (placeholders filled in; not for webhooks, whose
 * URL is the merchant's setting), the headers the service sends (src/fidelity/compare.ts) and
 * the body as an answer's is: instants by format, ids by value once linked, the rest by value.
 */
import { type SentCall } from './callback-sink.js';
import { type CompareContext, type Divergence, compareMessages } from './compare.js';
import { leaves } from './fields.js';
import { looksLikeId } from './formats.js';
import type { IdMap } from './ids.js';
import type { Exchange, RecordedBody } from './recording.js';

/** What the service generates in a call to the merchant: the event's instants (ids link up with the answers that named them). */
export const OUTGOING_GENERATED: readonly string[] = ['/Timestamp', '/Payload/CreatedOn'];

/** The report's endpoint for an outgoing exchange: `GET {notificationUri}`, `POST {webhookUri} walley:order:created`. */
export function outgoingEndpoint(exchange: Exchange): string {
  const method = exchange.method.toUpperCase();
  if (exchange.outgoing !== 'webhook') return `${method} {${exchange.outgoing ?? 'notification'}Uri}`;
  const type = recordedType(exchange);
  return type ? `${method} {webhookUri} ${type}` : `${method} {webhookUri}`;
}

export function isOutgoingEndpoint(name: string): boolean {
  return /^[A-Z]+ \{(?:notification|validation|webhook)Uri\}/.test(name);
}

/** The webhook's `Type` in the recorded request body. */
export function recordedType(exchange: Exchange): string | null {
  const json = jsonOf(exchange.request.body);
  const type = json !== null && typeof json === 'object' ? (json as Record<string, unknown>).Type : undefined;
  return typeof type === 'string' ? type : null;
}

/** Whether the world's call can be the one the exchange recorded: the same kind and method and, for a webhook, the same type. */
export function isCallFor(exchange: Exchange, call: SentCall): boolean {
  if (call.kind !== exchange.outgoing || call.method !== exchange.method.toUpperCase()) return false;
  return exchange.outgoing !== 'webhook' || call.type === recordedType(exchange);
}

/**
 * Of the calls that can be the recorded one, the one about the same thing: the most of the
 * recording's values (its ids mapped to the world's) found again, the path counting too; the
 * earliest of equals. A world sends many calls of one kind (every purchase notifies), and not
 * every one is in the recording.
 */
export function pickCall(ids: IdMap, exchange: Exchange, candidates: readonly SentCall[]): SentCall | undefined {
  const wanted = new Map<string, string>();
  for (const [pointer, , value] of leaves(jsonOf(exchange.request.body), '', ''))
    wanted.set(pointer, JSON.stringify(typeof value === 'string' ? ids.mapString(value) : value));
  const path = ids.mapPath(exchange.path);
  let best: SentCall | undefined;
  let bestScore = -1;
  for (const call of candidates) {
    let score = call.path === path ? 1 : 0;
    const sent = bodyOf(call.body);
    for (const [pointer, , value] of leaves(sent && 'json' in sent ? sent.json : undefined, '', ''))
      if (wanted.get(pointer) === JSON.stringify(value)) score++;
    if (score > bestScore) [best, bestScore] = [call, score];
  }
  return best;
}

export function compareOutgoing(ctx: CompareContext, exchange: Exchange, call: SentCall | undefined): Divergence[] {
  if (!call) return [{ kind: 'missing', pointer: '', real: `${exchange.method.toUpperCase()} ${exchange.path}`, sandbox: null }];
  const out: Divergence[] = [];
  if (exchange.outgoing !== 'webhook') {
    const expected = ctx.ids.mapPath(exchange.path);
    if (expected !== call.path) out.push({ kind: 'value', pointer: null, real: exchange.path, sandbox: call.path });
  }
  const sent = bodyOf(call.body);
  learnNewIds(ctx.ids, jsonOf(exchange.request.body), sent && 'json' in sent ? sent.json : undefined);
  out.push(...compareMessages(ctx, exchange.request, { headers: call.headers, body: sent }));
  return out;
}

/**
 * Ids the recording shows first in a call to the merchant (an order created by an asynchronous
 * authorization is named only by its webhook) are paired with the world's at the same place;
 * ids already linked are left alone, so a wrong one still shows.
 */
function learnNewIds(ids: IdMap, real: unknown, sent: unknown): void {
  const world = new Map<string, unknown>();
  for (const [pointer, , value] of leaves(sent, '', '')) world.set(pointer, value);
  for (const [pointer, , value] of leaves(real, '', '')) {
    const other = world.get(pointer);
    if (looksLikeId(value) && typeof other === 'string' && looksLikeId(other) && ids.lookup(value as string) === undefined)
      ids.learn(value as string, other);
  }
}

function bodyOf(text: string): RecordedBody | null {
  if (text === '') return null;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return { text };
  }
}

function jsonOf(body: RecordedBody | null): unknown {
  return body && 'json' in body ? body.json : undefined;
}
