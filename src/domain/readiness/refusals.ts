/**
 * The refusals the documentation says a shop must handle: 900 Purchase_Completed (stop
 * updating that checkout) and 423 Resource_Locked (try again, later, not in a tight loop).
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { checkoutCall, isUpdate, isWrite, ownAfter, reasons } from './traffic.js';

/** More resends than this within HAMMER_WINDOW_MS of a 423 is hammering. */
const HAMMER_RESENDS = 3;
const HAMMER_WINDOW_MS = 1000;

export const stopsAfterCompletion: ReadinessItem = {
  id: 'stops-after-completion',
  title: 'After 900 Purchase_Completed, the shop stops sending updates for that checkout.',
  source: PAGES.errorCodes,
  advice:
    'Treat 900 Purchase_Completed as final: read the checkout (or wait for the notification) and finish the order; never send that checkout another update.',
  exercise:
    'Complete a purchase (POST /__admin/{env}/checkouts/{id}/purchase), then change the cart in the shop: the update is refused with 900 Purchase_Completed.',
  evaluate(traffic) {
    const refusals = traffic.own.filter(
      (entry) => entry.status === 900 && checkoutCall(entry) !== null && reasons(entry).includes('Purchase_Completed'),
    );
    if (refusals.length === 0) return notSeen('No update of this integration was refused with 900 Purchase_Completed in the journal.');
    const kept: number[] = [];
    const stopped: number[] = [];
    for (const refusal of refusals) {
      const id = checkoutCall(refusal)!.privateId;
      const later = ownAfter(traffic, refusal);
      const again = later.filter((entry) => entry.method !== 'GET' && checkoutCall(entry)?.privateId === id);
      if (again.length > 0) kept.push(refusal.id, ...again.slice(0, 5).map((entry) => entry.id));
      else if (later.length > 0) stopped.push(refusal.id, later[0]!.id);
    }
    if (kept.length > 0)
      return notMet(
        [...new Set(kept)].slice(0, 20),
        'The shop kept sending updates for a checkout after it was refused with 900 Purchase_Completed.',
      );
    if (stopped.length === 0)
      return notSeen(`${plural(refusals.length, 'update')} refused with 900 Purchase_Completed just now; nothing after it yet.`);
    return met(
      stopped.slice(0, 20),
      `After ${plural(stopped.length / 2, '900 Purchase_Completed refusal')} the shop went on without updating that checkout again.`,
    );
  },
};

export const retriesLocked: ReadinessItem = {
  id: 'retries-locked',
  title: 'After 423 Resource_Locked, the shop sends the same update again later: it neither gives up nor hammers.',
  source: PAGES.errorCodes,
  advice:
    'On 423 Resource_Locked (the customer is committing to the purchase), wait a moment (a second or more, growing) and send the same update again; do not drop it and do not loop on it.',
  exercise:
    'Add a fault rule that answers the next cart update with 423 (POST /__admin/faults {"surface":"api","method":"PUT","path":"/checkouts/*/cart","effect":"status","status":423,"count":1}), then change the cart in the shop.',
  evaluate(traffic) {
    const locked = traffic.own.filter((entry) => entry.status === 423 && isUpdate(entry));
    if (locked.length === 0) return notSeen('No update of this integration was refused with 423 Resource_Locked in the journal.');
    const retried: number[] = [];
    const wrong: number[] = [];
    let pending = 0;
    for (const refusal of locked) {
      const later = ownAfter(traffic, refusal);
      const resends = later.filter((entry) => entry.method === refusal.method && entry.path === refusal.path);
      const burst = resends.filter((entry) => entry.startedMs - refusal.startedMs < HAMMER_WINDOW_MS);
      if (burst.length > HAMMER_RESENDS) wrong.push(refusal.id, ...burst.map((entry) => entry.id));
      else if (resends.length > 0) retried.push(refusal.id, resends[0]!.id);
      else {
        // Given up: the shop went on to other writes without sending this update again.
        const other = later.find(isWrite);
        if (other) wrong.push(refusal.id, other.id);
        else pending++;
      }
    }
    if (wrong.length > 0)
      return notMet(
        [...new Set(wrong)].slice(0, 20),
        'After 423 Resource_Locked the update was given up (other writes followed, not it) or sent again in a tight loop.',
      );
    if (retried.length === 0) return notSeen(`${plural(pending, 'update')} refused with 423 just now; no resend yet.`);
    return met(retried.slice(0, 20), `Each of ${plural(retried.length / 2, 'update')} refused with 423 was sent again later.`);
  },
};
