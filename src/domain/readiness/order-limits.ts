/**
 * Order administration within what is left: a capture up to what has not been captured, a
 * refund up to what has been captured. The service refuses anything above with a 422 whose
 * code says so (`CAPTURE_AMOUNT_EXCEEDS_REMAINING`, `REFUND_AMOUNT_EXCEEDS_CAPTURED`, …), and a
 * request under an idempotency key that named another one with a 409: each shows a shop whose
 * own record of the order has drifted from the service's.
 */
import { type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { type TrafficEntry, isWrite, memberOf, ok } from './traffic.js';

const CAPTURE_PAGE = 'https://dev.walleypay.com/docs/manage/orders/capture';

/** The order actions that take an amount out of what is left. */
const AMOUNT_ACTION = /^\/manage\/orders\/[^/]+\/(capture|refund)\/?$/i;
const ORDER_ACTION = /^\/manage\/orders\/[^/]+\/[A-Za-z]+\/?$/;
/** More than is left: above the remaining amount or quantity, or nothing left at all. */
const ABOVE_WHAT_IS_LEFT = /_EXCEEDS_|ALREADY_CAPTURED$|ALREADY_REFUNDED$/;

/** The business code of a management API refusal (the problem's title). */
function codeOf(entry: TrafficEntry): string | null {
  const title = memberOf(entry.responseJson(), 'title');
  return typeof title === 'string' ? title : null;
}

export const withinWhatIsLeft: ReadinessItem = {
  id: 'within-what-is-left',
  title: 'The shop captures and refunds only what is left on the order: no capture above the order, no refund above what was captured.',
  source: CAPTURE_PAGE,
  advice:
    "Keep the order's amounts from its answers (GET /manage/orders/{orderId}): capture at most what is not yet captured and refund at most what was captured; use a new idempotency key for each new request, the same one only to send the same request again.",
  exercise: 'Capture or refund an order through the management API (POST /manage/orders/{orderId}/capture after a purchase).',
  evaluate(traffic) {
    const actions = traffic.own.filter((entry) => isWrite(entry) && ORDER_ACTION.test(entry.path));
    if (actions.length === 0) return notSeen('No order call (capture, refund, …) by this integration is in the journal.');
    const above = actions.filter((entry) => entry.status === 422 && ABOVE_WHAT_IS_LEFT.test(codeOf(entry) ?? ''));
    const conflicts = actions.filter((entry) => entry.status === 409);
    if (above.length + conflicts.length > 0) {
      const refused = [...above, ...conflicts].sort((a, b) => a.id - b.id);
      const listed = refused
        .slice(0, 5)
        .map((entry) => `#${entry.id} ${entry.method} ${entry.path} ${String(entry.status)} ${codeOf(entry) ?? ''}`.trimEnd())
        .join('; ');
      return notMet(
        refused.slice(0, 20).map((entry) => entry.id),
        `${plural(above.length, 'order call')} above what is left, ${plural(conflicts.length, 'conflict')} (409): ${listed}.`,
      );
    }
    const amounts = actions.filter((entry) => ok(entry) && AMOUNT_ACTION.test(entry.path));
    if (amounts.length === 0) return notSeen(`${plural(actions.length, 'order call')}, none a capture or refund the service accepted yet.`);
    return met(
      amounts.slice(0, 20).map((entry) => entry.id),
      `${plural(amounts.length, 'accepted order call')} (captures and refunds) within what was left; none refused for exceeding it.`,
    );
  },
};
