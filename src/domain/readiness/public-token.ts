/**
 * The public token, saved and used throughout the session, and the iframe on the
 * confirmation page (the go-live checklist's first and fifth questions).
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import {
  REACTION_BOUND_MS,
  type CheckoutTrail,
  type Traffic,
  type TrafficEntry,
  boundPassed,
  callsOn,
  checkoutsOf,
  completionOf,
  memberOf,
  finishedBefore,
  isPageLoad,
  pageCalls,
  startedBefore,
} from './traffic.js';

/**
 * The same shop order: the same reference; without one on either, the same store and cart and
 * the same customer data, which must be there. Two customers buying the same tent are two orders,
 * and a cart alone cannot tell them apart.
 */
function sameOrder(a: CheckoutTrail, b: CheckoutTrail): boolean {
  if (a.reference !== null || b.reference !== null) return a.reference === b.reference;
  return (
    memberOf(a.init.requestJson(), 'storeId') === memberOf(b.init.requestJson(), 'storeId') &&
    a.cart !== null &&
    a.cart === b.cart &&
    a.customer !== null &&
    a.customer === b.customer
  );
}

/** The first later use of the checkout: a call on its private id, or a page load with its public token. */
function laterUse(trail: CheckoutTrail, traffic: Traffic): TrafficEntry | undefined {
  return (
    callsOn(traffic, trail.privateId).find((entry) => startedBefore(trail.init, entry)) ??
    pageCalls(traffic, trail.publicToken).find((entry) => startedBefore(trail.init, entry) && isPageLoad(entry, trail.publicToken))
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
        `${plural(again.length / 2, 'checkout')} initialized again for the same order (the same reference; without one, the same cart and customer) while the earlier one was still usable.`,
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
    const trails = checkoutsOf(traffic);
    const loaded = (trail: CheckoutTrail): boolean =>
      pageCalls(traffic, trail.publicToken).some((entry) => isPageLoad(entry, trail.publicToken));
    // A backend-only run (an SDK's or a library's own tests) renders no page: nothing to judge.
    if (!trails.some(loaded))
      return notSeen('No checkout of this integration was loaded on a page: the run rendered no checkout page at all.');
    const completed = trails
      .map((trail) => ({ trail, completion: completionOf(trail, traffic) }))
      .filter((c): c is { trail: CheckoutTrail; completion: TrafficEntry } => c.completion !== null && loaded(c.trail));
    if (completed.length === 0) return notSeen('No purchase of a checkout this integration showed on a page is in the journal.');
    const shown: number[] = [];
    const missing: number[] = [];
    let pending = 0;
    for (const { trail, completion } of completed) {
      const reload = pageCalls(traffic, trail.publicToken).find(
        (entry) => startedBefore(completion, entry) && isPageLoad(entry, trail.publicToken),
      );
      if (reload) {
        shown.push(completion.id, reload.id);
        continue;
      }
      // Another customer's checkout says nothing about this one: only sandbox time the traffic shows passing does.
      const passed = boundPassed(traffic, completion, REACTION_BOUND_MS);
      if (passed) missing.push(completion.id, passed.id);
      else pending++;
    }
    if (missing.length > 0)
      return notMet(
        missing.slice(0, 20),
        `After a purchase of a checkout shown on a page, the page was not loaded again with its public token within ${REACTION_BOUND_MS / 60_000} minutes of sandbox time: the confirmation page does not render the iframe.`,
      );
    if (shown.length === 0) return notSeen(`${plural(pending, 'purchase')} completed; no confirmation page load yet.`);
    return met(shown.slice(0, 20), `The checkout page was loaded again after ${plural(shown.length / 2, 'purchase')}.`);
  },
};
