/**
 * The public token, saved and used throughout the session, and the iframe on the
 * confirmation page (the go-live checklist's first and fifth questions).
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import {
  type CheckoutTrail,
  type Traffic,
  type TrafficEntry,
  SETTLE_MS,
  callsOn,
  checkoutsOf,
  completionOf,
  memberOf,
  finishedBefore,
  isInitialize,
  isPageLoad,
  ownAfter,
  pageCalls,
} from './traffic.js';

/** The same shop order: the same reference, or (no reference) the same store, cart and customer. */
function sameOrder(a: CheckoutTrail, b: CheckoutTrail): boolean {
  if (a.reference !== null || b.reference !== null) return a.reference === b.reference;
  return (
    memberOf(a.init.requestJson(), 'storeId') === memberOf(b.init.requestJson(), 'storeId') &&
    a.cart === b.cart &&
    a.customer === b.customer
  );
}

/** The first later use of the checkout: a call on its private id, or a page load with its public token. */
function laterUse(trail: CheckoutTrail, traffic: Traffic): TrafficEntry | undefined {
  return (
    callsOn(traffic, trail.privateId).find((entry) => entry.startedMs > trail.init.startedMs) ??
    pageCalls(traffic, trail.publicToken).find((entry) => entry.startedMs > trail.init.startedMs && isPageLoad(entry, trail.publicToken))
  );
}

export const reusePublicToken: ReadinessItem = {
  id: 'reuse-public-token',
  title:
    'The shop saves the public token and keeps using it: it does not initialize a new checkout for the same order while the first is still usable.',
  source: PAGES.checklist,
  advice:
    'Keep the privateId and publicToken in the shop session (they are valid for 7 days) and update that checkout when the cart changes; initialize a new one only when it has expired or is completed.',
  exercise:
    "Initialize a checkout, then reload the shop's checkout page or change the cart: the same checkout should be read or updated, not initialized again.",
  evaluate(traffic) {
    const trails = checkoutsOf(traffic);
    if (trails.length === 0) return notSeen('No checkout initialized by this integration is in the journal.');
    const again: number[] = [];
    trails.forEach((later, i) => {
      const earlier = trails
        .slice(0, i)
        .reverse()
        .find((trail) => sameOrder(trail, later) && !finishedBefore(trail, traffic, later.init));
      if (earlier) again.push(earlier.init.id, later.init.id);
    });
    if (again.length > 0) {
      return notMet(
        [...new Set(again)],
        `${plural(again.length / 2, 'checkout')} initialized again for the same order (same reference, or the same cart) while the earlier one was still usable.`,
      );
    }
    const used = trails.map((trail) => [trail, laterUse(trail, traffic)] as const).filter(([, use]) => use !== undefined);
    if (used.length === 0)
      return notSeen(`${plural(trails.length, 'checkout')} initialized, none used again after its initialize call yet.`);
    return met(
      used.flatMap(([trail, use]) => [trail.init.id, use!.id]).slice(0, 20),
      `${plural(used.length, 'checkout')} used again after initializing, none initialized twice for the same order.`,
    );
  },
};

export const confirmationIframe: ReadinessItem = {
  id: 'confirmation-iframe',
  title: 'The shop renders the checkout iframe again on its confirmation page, with the same public token.',
  source: PAGES.checklist,
  advice:
    'On the page the customer lands on after the purchase (redirectPageUri), render the checkout loader with the same publicToken: the iframe shows the purchase confirmation.',
  exercise:
    "Complete a purchase (on the hosted page, or POST /__admin/{env}/checkouts/{id}/purchase), then load the shop's confirmation page.",
  evaluate(traffic) {
    const completed = checkoutsOf(traffic)
      .map((trail) => ({ trail, completion: completionOf(trail, traffic) }))
      .filter((c): c is { trail: CheckoutTrail; completion: TrafficEntry } => c.completion !== null);
    if (completed.length === 0) return notSeen('No purchase of a checkout this integration initialized is in the journal.');
    const shown: number[] = [];
    const missing: number[] = [];
    let pending = 0;
    for (const { trail, completion } of completed) {
      const reload = pageCalls(traffic, trail.publicToken).find(
        (entry) => entry.startedMs > completion.startedMs && isPageLoad(entry, trail.publicToken),
      );
      if (reload) {
        shown.push(completion.id, reload.id);
        continue;
      }
      // The shop moved on (a new checkout) or a minute passed on the sandbox clock: no confirmation page came.
      const movedOn = ownAfter(traffic, completion).find(isInitialize);
      if (movedOn || traffic.nowMs - completion.atMs >= SETTLE_MS) missing.push(completion.id, ...(movedOn ? [movedOn.id] : []));
      else pending++;
    }
    if (missing.length > 0)
      return notMet(
        missing,
        'After a purchase the checkout page was not loaded again with its public token: the confirmation page does not render the iframe.',
      );
    if (shown.length === 0) return notSeen(`${plural(pending, 'purchase')} completed moments ago; no confirmation page load yet.`);
    return met(shown.slice(0, 20), `The checkout page was loaded again after ${plural(shown.length / 2, 'purchase')}.`);
  },
};
