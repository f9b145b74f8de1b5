/**
 * What an evidence id is, for a reader who has only the report: the call's method and path and
 * the checkout (or order) it concerns, so a CI log says what happened without the journal.
 */
import { type Traffic, type TrafficEntry, checkoutCall, checkoutsOf } from './traffic.js';

export interface EvidenceCall {
  id: number;
  /** in: the shop's call (or the page's); out: the sandbox's call to the shop. */
  direction: 'in' | 'out';
  method: string;
  path: string;
  status: number | 'refused' | null;
  /** The checkout's private id, `order {orderId}`, or null when the call names neither. */
  concerns: string | null;
}

const ORDER_PATH = /^\/manage\/orders\/([^/]+)/;
const PAGE_PATH = /^\/checkout\/([^/]+)/;

function concerns(entry: TrafficEntry, traffic: Traffic): string | null {
  const call = checkoutCall(entry);
  if (call) return call.privateId;
  const order = ORDER_PATH.exec(entry.path)?.[1];
  if (order) return `order ${order}`;
  const trails = checkoutsOf(traffic);
  const created = trails.find((trail) => trail.init.id === entry.id);
  if (created) return created.privateId;
  if (entry.direction === 'out') return entry.privateId ?? null;
  const token = PAGE_PATH.exec(entry.path)?.[1];
  const byToken = token ? trails.find((trail) => trail.publicToken === token) : undefined;
  if (byToken) return byToken.privateId;
  const admin = /\/checkouts\/([^/]+)\//.exec(entry.path)?.[1];
  return entry.surface === 'admin' && admin ? admin : null;
}

/** The calls behind evidence ids, in the order given; an id the traffic does not hold is left out. */
export function evidenceCalls(traffic: Traffic, ids: readonly number[]): EvidenceCall[] {
  const byId = new Map<number, TrafficEntry>();
  for (const list of [traffic.own, traffic.frontend, traffic.outbound, traffic.admin]) for (const entry of list) byId.set(entry.id, entry);
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    if (!entry) return [];
    return [
      { id, direction: entry.direction, method: entry.method, path: entry.path, status: entry.status, concerns: concerns(entry, traffic) },
    ];
  });
}
