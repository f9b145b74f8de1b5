/**
 * The refusals the documentation says a shop must handle: a 900 that closes the checkout to
 * updates (stop updating it) and 423 Resource_Locked or 409 (send the same update again, later,
 * not in a tight loop).
 */
import { UPDATE_REFUSAL_REASONS } from '../checkout-lifecycle.js';
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import {
  REACTION_BOUND_MS,
  type Traffic,
  type TrafficEntry,
  boundPassed,
  callsOn,
  callsToShop,
  checkoutCall,
  isRead,
  isUpdate,
  isWrite,
  memberOf,
  ownAfter,
  reasons,
  startedAtMs,
  startedBefore,
  valueKey,
} from './traffic.js';

const FORBIDDING: ReadonlySet<string> = new Set(Object.values(UPDATE_REFUSAL_REASONS));
/** Only this one is temporary: the commitment ends with the purchase, or with a failed validation that unlocks the checkout. */
const COMMITMENT: string = UPDATE_REFUSAL_REASONS.CommittedToPurchase;
/** Statuses a read answers while the checkout takes updates again. */
const OPEN_STATUSES: ReadonlySet<string> = new Set(['Initialized', 'CustomerIdentified']);

/**
 * More resends than this of one update, each refused with the lock again, is a loop. The pages
 * give no figure: a lock lasts while the customer commits to the purchase (seconds), and a shop
 * that waits a second or more, growing, gets through within three. Counted, not timed, so the
 * verdict does not depend on how fast the run went.
 */
const LOCKED_RESENDS = 3;

/** Whether the traffic shows the checkout open to updates again after `refusal` and before `update`. */
function unlockedBetween(traffic: Traffic, privateId: string, refusal: TrafficEntry, update: TrafficEntry): boolean {
  const between = (entry: TrafficEntry): boolean => startedBefore(refusal, entry) && startedBefore(entry, update);
  const read = callsOn(traffic, privateId).some((entry) => {
    const status = memberOf(memberOf(entry.responseJson(), 'data'), 'status');
    return between(entry) && isRead(entry) && typeof status === 'string' && OPEN_STATUSES.has(status);
  });
  const refused = callsToShop(traffic, 'validation').some(
    ({ call, trail }) =>
      trail.privateId === privateId && between(call) && !(typeof call.status === 'number' && call.status >= 200 && call.status < 300),
  );
  return read || refused;
}

export const stopsAfterCompletion: ReadinessItem = {
  id: 'stops-after-completion',
  title: `After a 900 that closes the checkout (${[...FORBIDDING].join(', ')}), the shop stops sending updates for that checkout.`,
  source: PAGES.errorCodes,
  advice:
    'Treat 900 Purchase_Completed and Checkout_Aborted as final and Purchase_Commitment_Found as "not now": read the checkout (or wait for the notification) and finish the order; send no further update while it stays closed.',
  exercise:
    'Complete a purchase (POST /__admin/{env}/checkouts/{id}/purchase), then change the cart in the shop: the update is refused with 900 Purchase_Completed. POST /__admin/{env}/checkouts/{id}/commit gives 900 Purchase_Commitment_Found.',
  evaluate(traffic) {
    const refusals = traffic.own.filter(
      (entry) => entry.status === 900 && isUpdate(entry) && reasons(entry).some((reason) => FORBIDDING.has(reason)),
    );
    if (refusals.length === 0)
      return notSeen('No update of this integration was refused with a 900 that closes the checkout in the journal.');
    const kept: number[] = [];
    const stopped: number[] = [];
    for (const refusal of refusals) {
      const id = checkoutCall(refusal)!.privateId;
      const temporary = reasons(refusal).every((reason) => reason === COMMITMENT);
      const again = callsOn(traffic, id).filter(
        (entry) => isUpdate(entry) && startedBefore(refusal, entry) && !(temporary && unlockedBetween(traffic, id, refusal, entry)),
      );
      if (again.length > 0) {
        kept.push(refusal.id, ...again.slice(0, 5).map((entry) => entry.id));
        continue;
      }
      const next = ownAfter(traffic, refusal)[0];
      if (next) stopped.push(refusal.id, next.id);
    }
    if (kept.length > 0)
      return notMet(
        [...new Set(kept)].slice(0, 20),
        `The shop kept sending updates for a checkout after a 900 (${[...FORBIDDING].join(', ')}) closed it.`,
      );
    if (stopped.length === 0) return notSeen(`${plural(refusals.length, 'update')} refused with such a 900; nothing after it yet.`);
    return met(
      stopped.slice(0, 20),
      `After ${plural(stopped.length / 2, '900 refusal')} the shop went on without updating that checkout again.`,
    );
  },
};

/** Answers that ask for the same update again: the checkout is locked (423) or in conflict (409). */
const RETRY_STATUSES: ReadonlySet<number | 'refused' | null> = new Set([423, 409]);

/** An update refused with 423 or 409, the resends refused the same way, and the shop's next write to that checkout. */
interface LockEpisode {
  refusal: TrafficEntry;
  refusedAgain: TrafficEntry[];
  next: TrafficEntry | undefined;
}

function lockEpisodes(traffic: Traffic): LockEpisode[] {
  const checkouts = new Set(traffic.own.filter(isUpdate).map((entry) => checkoutCall(entry)!.privateId));
  const episodes: LockEpisode[] = [];
  for (const id of checkouts) {
    const writes = callsOn(traffic, id).filter(isWrite);
    for (let i = 0; i < writes.length; i++) {
      const refusal = writes[i]!;
      if (!isUpdate(refusal) || !RETRY_STATUSES.has(refusal.status)) continue;
      const refusedAgain: TrafficEntry[] = [];
      while (i + 1 < writes.length && sameUpdate(writes[i + 1]!, refusal) && RETRY_STATUSES.has(writes[i + 1]!.status))
        refusedAgain.push(writes[++i]!);
      episodes.push({ refusal, refusedAgain, next: writes[i + 1] });
    }
  }
  return episodes.sort((a, b) => (startedBefore(a.refusal, b.refusal) ? -1 : 1));
}

/**
 * The same update: the same method, path and body. A fault rule answers before the body is read,
 * so an injected 423 has none in the journal: then method and path say it.
 */
function sameUpdate(a: TrafficEntry, b: TrafficEntry): boolean {
  if (a.method !== b.method || a.path !== b.path) return false;
  const [first, second] = [a.requestJson(), b.requestJson()];
  return first === undefined || second === undefined || valueKey(first) === valueKey(second);
}

export const retriesLocked: ReadinessItem = {
  id: 'retries-locked',
  title: 'After 423 Resource_Locked or 409, the shop sends the same update again later: it neither gives up nor hammers.',
  source: PAGES.errorCodes,
  advice:
    'On 423 Resource_Locked (the customer is committing to the purchase) or 409, wait a moment (a second or more, growing) and send the same update again before any other change of that checkout; do not drop it and do not loop on it.',
  exercise:
    'Add a fault rule that answers the next cart update with 423 (POST /__admin/faults {"surface":"api","method":"PUT","path":"/checkouts/*/cart","effect":"status","status":423,"count":1}), then change the cart in the shop.',
  evaluate(traffic) {
    const locked = lockEpisodes(traffic);
    if (locked.length === 0) return notSeen('No update of this integration was refused with 423 Resource_Locked or 409 in the journal.');
    const retried: number[] = [];
    const wrong: number[] = [];
    let pending = 0;
    for (const { refusal, refusedAgain, next } of locked) {
      if (refusedAgain.length > LOCKED_RESENDS) {
        wrong.push(refusal.id, ...refusedAgain.map((entry) => entry.id));
        continue;
      }
      const last = refusedAgain.at(-1) ?? refusal;
      const resent = next !== undefined && sameUpdate(next, refusal);
      if (resent && startedAtMs(traffic, next) - startedAtMs(traffic, last) <= REACTION_BOUND_MS) {
        retried.push(refusal.id, next.id);
        continue;
      }
      // Given up: another write to that checkout came first, the resend came after the bound, or the bound passed without it.
      const instead = next ?? boundPassed(traffic, last, REACTION_BOUND_MS);
      if (instead) wrong.push(refusal.id, instead.id);
      else pending++;
    }
    if (wrong.length > 0)
      return notMet(
        [...new Set(wrong)].slice(0, 20),
        `After 423 or 409 the update was given up (another write to that checkout came first, or none within ${REACTION_BOUND_MS / 60_000} minutes of sandbox time) or sent again more than ${LOCKED_RESENDS} times into the lock.`,
      );
    if (retried.length === 0) return notSeen(`${plural(pending, 'update')} refused with 423 or 409; not through yet.`);
    return met(
      retried.slice(0, 20),
      `Each of ${plural(retried.length / 2, 'update')} refused with 423 or 409 was sent again and went through.`,
    );
  },
};
