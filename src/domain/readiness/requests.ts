/**
 * Requests kept at a necessary level (the go-live checklist's third question): no update that
 * changes nothing, cart and fees sent apart when only one of them changed, no polling of a
 * checkout while nothing changes.
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import {
  type Traffic,
  type TrafficEntry,
  cartKey,
  checkoutCall,
  checkoutOf,
  checkoutsOf,
  memberOf,
  isRead,
  ok,
  pageCalls,
  startedBefore,
  valueKey,
} from './traffic.js';

/**
 * This many reads of a checkout in a row, each answering the same and nothing between them that
 * could have changed it (a write, a call the sandbox made about it, the page, the admin plane), make
 * a poll. The pages give no figure: a shop reads on an event (the page, a notification), so two
 * reads with nothing between are a coincidence, three a loop. Counted, not timed, so the verdict
 * does not depend on how fast the run went.
 */
const POLL_RUN = 3;

interface Known {
  cart: string | null;
  fees: string | null;
}

export const necessaryRequests: ReadinessItem = {
  id: 'necessary-requests',
  title:
    'The shop keeps its requests at a necessary level: no update that changes nothing, cart and fees updated separately, no fast polling.',
  source: PAGES.checklist,
  advice:
    'Send PUT …/cart only when the cart changed and PUT …/fees only when the fees changed (https://dev.walleypay.com/docs/checkout/common-use-cases/cart-management); read a checkout when something tells you it changed (a notification, a page event), not in a loop.',
  exercise: 'Change the cart, then the shipping choice, in the shop: each should send one update of what changed.',
  evaluate(traffic) {
    const known = new Map<string, Known>(checkoutsOf(traffic).map((trail) => [trail.privateId, { cart: trail.cart, fees: trail.fees }]));
    const unchanged: TrafficEntry[] = [];
    const together: TrafficEntry[] = [];
    const updates: TrafficEntry[] = [];
    const reads = new Map<string, TrafficEntry[]>();
    for (const entry of traffic.own) {
      const call = checkoutCall(entry);
      if (!call) continue;
      if (isRead(entry)) reads.set(call.privateId, [...(reads.get(call.privateId) ?? []), entry]);
      const state = known.get(call.privateId);
      if (entry.method !== 'PUT' || !ok(entry) || !state) continue;
      const body = entry.requestJson();
      const sent: Partial<Known> =
        call.part === 'cart'
          ? { cart: cartKey(body) }
          : call.part === 'fees'
            ? { fees: valueKey(body ?? null) }
            : call.part === ''
              ? {
                  ...(memberOf(body, 'cart') !== undefined ? { cart: cartKey(memberOf(body, 'cart')) } : {}),
                  ...(memberOf(body, 'fees') !== undefined ? { fees: valueKey(memberOf(body, 'fees')) } : {}),
                }
              : {};
      const parts = Object.keys(sent) as (keyof Known)[];
      if (parts.length === 0) continue;
      updates.push(entry);
      const same = parts.filter((part) => state[part] !== null && sent[part] === state[part]);
      if (same.length === parts.length) unchanged.push(entry);
      else if (same.length > 0) together.push(entry);
      for (const part of parts) state[part] = sent[part] ?? null;
    }
    const polls = [...reads.entries()].flatMap(([privateId, list]) => pollsIn(list, events(traffic, privateId)));
    const wasteful = [...unchanged, ...together, ...polls].sort((a, b) => a.id - b.id);
    if (wasteful.length > 0) {
      const what = [
        unchanged.length ? `${plural(unchanged.length, 'update')} that changed nothing` : '',
        together.length ? `${plural(together.length, 'update')} sending cart and fees when only one changed` : '',
        polls.length
          ? `${plural(polls.length, 'read')} polling a checkout: ${POLL_RUN} or more in a row with the same answer and nothing between`
          : '',
      ].filter(Boolean);
      return notMet(
        wasteful.slice(0, 20).map((entry) => entry.id),
        `${what.join('; ')}.`,
      );
    }
    if (updates.length === 0) return notSeen('No cart or fees update of a checkout this integration initialized is in the journal.');
    return met(
      updates.slice(0, 20).map((entry) => entry.id),
      `${plural(updates.length, 'cart or fees update')}, each changing what it sent; no polling.`,
    );
  },
};

/** What could change a checkout between two reads: the shop's other calls on it, the sandbox's calls about it, its page, the admin plane. */
function events(traffic: Traffic, privateId: string): TrafficEntry[] {
  const trail = checkoutOf(traffic, privateId);
  return [
    ...traffic.own.filter((entry) => checkoutCall(entry)?.privateId === privateId && !isRead(entry)),
    ...traffic.outbound.filter((entry) => entry.privateId === privateId),
    ...(trail ? pageCalls(traffic, trail.publicToken) : []),
    ...traffic.admin.filter((entry) => entry.path.includes(`/${privateId}`)),
  ];
}

/** The reads that make runs of POLL_RUN or more, each answered the same as the previous with no event between. */
function pollsIn(reads: readonly TrafficEntry[], around: readonly TrafficEntry[]): TrafficEntry[] {
  const out: TrafficEntry[] = [];
  let run: TrafficEntry[] = [];
  const quiet = (a: TrafficEntry, b: TrafficEntry): boolean => !around.some((event) => startedBefore(a, event) && startedBefore(event, b));
  for (const read of reads) {
    const previous = run[run.length - 1];
    if (previous && quiet(previous, read) && answered(read) === answered(previous)) run.push(read);
    else {
      if (run.length >= POLL_RUN) out.push(...run);
      run = [read];
    }
  }
  if (run.length >= POLL_RUN) out.push(...run);
  return out;
}

/** What a read answered, by value: the envelope's data (its id differs on every answer). */
function answered(read: TrafficEntry): string | null {
  const data = memberOf(read.responseJson(), 'data');
  return data === undefined ? read.responseText() : valueKey(data);
}
