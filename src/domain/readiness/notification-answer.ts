/**
 * The shop's notification endpoint: the service sends the notification again on anything but
 * 200 until it gets one, and may send it more than once even then (at-least-once delivery), so
 * the shop answers 200 and handles a repeated one without doing the work twice.
 */
import { reservedExampleName } from '../reserved-names.js';
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import {
  type Traffic,
  type TrafficEntry,
  callsToShop,
  checkoutsOf,
  isRead,
  isWrite,
  memberOf,
  ok,
  startedBefore,
  valueKey,
} from './traffic.js';

/**
 * This many answers other than 200 in a row to one notification is an endpoint that does not
 * answer it. The pages give no number; the service retries 5 s and then 10 s after the first
 * attempt, so three attempts span 15 s of sandbox time: a shop that refuses a repeated
 * notification while it still handles the first (WooCommerce answers 400 then) has answered
 * 200 by the third.
 */
const UNANSWERED_ATTEMPTS = 3;

/**
 * The attempts about one checkout up to the one the shop answered 200: the retries of one
 * notification. By checkout, not by address: two checkouts may share one notificationUri.
 */
function deliveries(notifications: readonly TrafficEntry[]): TrafficEntry[][] {
  const open = new Map<string, TrafficEntry[]>();
  const done: TrafficEntry[][] = [];
  for (const call of notifications) {
    const about = call.privateId ?? call.url ?? '';
    const chain = open.get(about) ?? [];
    chain.push(call);
    open.set(about, chain);
    if (call.status === 200) {
      done.push(chain);
      open.delete(about);
    }
  }
  return [...done, ...open.values()].sort((a, b) => (startedBefore(a[0]!, b[0]!) ? -1 : 1));
}

/**
 * Why a call never reached the shop (a name reserved for examples, a refused connection), or null
 * when it did: a shop that took the call and gave no answer in time did not answer it 200.
 */
function notReached(call: TrafficEntry): string | null {
  if (typeof call.status === 'number' || call.reached !== false) return null;
  const host = call.url && URL.canParse(call.url) ? new URL(call.url).hostname : '';
  const reserved = reservedExampleName(host);
  return reserved
    ? `${reserved} is reserved for examples and never called`
    : `${call.url ?? 'the URL'} could not be reached (${call.error ?? 'no connection'})`;
}

/** What the shop answered: its status, or why there was none (no answer in time). */
function firstAnswer(call: TrafficEntry): string {
  return typeof call.status === 'number' ? String(call.status) : (call.error ?? 'no answer');
}

const ORDER_WRITE = /^\/manage\/orders\/([^/]+)\/[A-Za-z]+\/?$/;

/** The order each checkout became, as the shop's successful reads of it answered (data.order.orderId). */
function ordersOf(traffic: Traffic): Map<string, string> {
  const orders = new Map<string, string>();
  for (const trail of checkoutsOf(traffic)) {
    const read = traffic.own.find((entry) => isRead(entry, trail.privateId) && ok(entry) && orderIdOf(entry) !== null);
    if (read) orders.set(orderIdOf(read)!, trail.privateId);
  }
  return orders;
}

function orderIdOf(read: TrafficEntry): string | null {
  const id = memberOf(memberOf(memberOf(read.responseJson(), 'data'), 'order'), 'orderId');
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Order actions the shop made twice, the same call with the same body, with a notification of
 * that order's checkout reaching the shop between them: the repeated notification did the work again.
 */
function repeatedEffects(traffic: Traffic, reached: readonly TrafficEntry[]): number[] {
  const orders = ordersOf(traffic);
  const seen = new Map<string, TrafficEntry>();
  const evidence: number[] = [];
  for (const entry of traffic.own) {
    const orderId = ORDER_WRITE.exec(entry.path)?.[1];
    if (!isWrite(entry) || orderId === undefined || !orders.has(orderId)) continue;
    const key = `${entry.method} ${entry.path} ${valueKey(entry.requestJson()) ?? ''}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, entry);
      continue;
    }
    const privateId = orders.get(orderId)!;
    const between = reached.find(
      (call) => call.startedMs > first.startedMs && call.startedMs < entry.startedMs && call.privateId === privateId,
    );
    if (between) evidence.push(first.id, between.id, entry.id);
  }
  return evidence;
}

export const notificationAnswered: ReadinessItem = {
  id: 'notification-answered',
  title: "The shop's notification endpoint answers 200, and a repeated notification does not do the work twice.",
  source: PAGES.notification,
  advice:
    'Answer the notificationUri with 200 once the notification is taken in (the service sends it again on anything else, for up to a day); it can come more than once, so read the checkout and act only on what has not been done (capture an order once).',
  exercise:
    'Initialize a checkout with a notificationUri the sandbox can reach (a local address) and complete a purchase; a repeated delivery shows when the endpoint first answers something other than 200 and the clock moves on (POST /__admin/clock/advance {"duration":"PT5S"}).',
  evaluate(traffic) {
    const ours = callsToShop(traffic, 'notification').map(({ call }) => call);
    if (ours.length === 0) return notSeen('No notification to a checkout this integration initialized is in the journal.');
    const reached = ours.filter((call) => notReached(call) === null);
    if (reached.length === 0) return notSeen(`No notification reached the shop: ${notReached(ours[0]!)!}.`);
    const answered: number[] = [];
    const unanswered: number[] = [];
    let pending = 0;
    for (const chain of deliveries(reached)) {
      const last = chain[chain.length - 1]!;
      if (last.status === 200) answered.push(last.id);
      else if (chain.length >= UNANSWERED_ATTEMPTS) unanswered.push(...chain.map((call) => call.id));
      else pending++;
    }
    if (unanswered.length > 0)
      return notMet(
        unanswered.slice(0, 20),
        `A notification was answered ${plural(UNANSWERED_ATTEMPTS, 'time')} or more in a row with something other than 200 (the first: ${String(firstAnswer(reached.find((call) => call.id === unanswered[0])!))}).`,
      );
    const twice = repeatedEffects(traffic, reached);
    if (twice.length > 0)
      return notMet(twice.slice(0, 20), 'A repeated notification made the same order call again (the same action, the same body).');
    if (answered.length === 0)
      return notSeen(`${plural(pending, 'notification')} not answered 200 yet; the service sends it again 5 s later (sandbox time).`);
    const retried = reached.length - answered.length;
    return met(
      answered.slice(0, 20),
      `${plural(answered.length, 'notification')} answered 200${retried > 0 ? ` (${plural(retried, 'earlier attempt')} answered otherwise and sent again)` : ''}; no order call repeated after a repeated one.`,
    );
  },
};
