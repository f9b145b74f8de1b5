/**
 * The calls the sandbox makes to the shop: after a notification the shop reads the checkout
 * (it carries no data), and the validation callback answers as documented. Deliveries may go
 * out after the request that caused them and the shop may read the checkout while it is still
 * answering the notification, so order is by when each call started, never by which request
 * "caused" what.
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { SETTLE_MS, type TrafficEntry, checkoutsCalled, checkoutsOf, memberOf, isRead, isWrite, ok } from './traffic.js';

/**
 * Notifications in delivery chains: a chain is the attempts to one URL up to the one the shop
 * answered 200 (the retries of one notification); the shop need read the checkout once per chain.
 */
function chains(notifications: readonly TrafficEntry[]): TrafficEntry[][] {
  const open = new Map<string, TrafficEntry[]>();
  const done: TrafficEntry[][] = [];
  for (const call of notifications) {
    const url = call.url ?? '';
    const chain = open.get(url) ?? [];
    chain.push(call);
    open.set(url, chain);
    if (call.status === 200) {
      done.push(chain);
      open.delete(url);
    }
  }
  return [...done, ...open.values()].sort((a, b) => a[0]!.startedMs - b[0]!.startedMs);
}

export const getAfterNotification: ReadinessItem = {
  id: 'get-after-notification',
  title: 'After every notification callback, the shop reads the checkout (GET) to learn what happened before it acts.',
  source: PAGES.checklist,
  advice:
    'The notification carries no data and may come more than once: on each one, GET /checkouts/{privateId} and act on its status and purchase result (https://payments.collectorbank.se/docs/checkout/notificationcallback/).',
  exercise:
    'Initialize a checkout with a notificationUri the sandbox can reach (a local address), then complete a purchase: the sandbox notifies the shop.',
  evaluate(traffic) {
    const trails = checkoutsOf(traffic);
    const ours = traffic.outbound.filter(
      (call) => call.kind === 'notification' && checkoutsCalled(trails, call, 'notificationUrl').length > 0,
    );
    if (ours.length === 0) return notSeen('No notification to a checkout this integration initialized is in the journal.');
    const read: number[] = [];
    const unread: number[] = [];
    let pending = 0;
    for (const chain of chains(ours)) {
      const first = chain[0]!;
      const last = chain[chain.length - 1]!;
      const ids = new Set(checkoutsCalled(trails, first, 'notificationUrl').map((trail) => trail.privateId));
      // "Before it acted": a successful read before the shop's next write after the notification.
      const acted = traffic.own.find((entry) => entry.startedMs >= first.startedMs && isWrite(entry));
      const get = traffic.own.find(
        (entry) =>
          entry.startedMs >= first.startedMs &&
          (!acted || entry.startedMs < acted.startedMs) &&
          ok(entry) &&
          [...ids].some((id) => isRead(entry, id)),
      );
      if (get) {
        read.push(last.id, get.id);
        continue;
      }
      if (acted || traffic.nowMs - last.atMs >= SETTLE_MS) unread.push(...chain.map((call) => call.id), ...(acted ? [acted.id] : []));
      else pending++;
    }
    if (unread.length > 0)
      return notMet(
        unread.slice(0, 20),
        "A notification was not followed by a read of its checkout before the shop's next write: it acted without GETting the checkout.",
      );
    if (read.length === 0) return notSeen(`${plural(pending, 'notification')} just sent; no read of the checkout yet.`);
    return met(read.slice(0, 20), `Each of ${plural(read.length / 2, 'notification')} was followed by a GET of its checkout.`);
  },
};

/** Whether the shop's answer to a validation call is one the documentation describes. */
function documentedAnswer(call: TrafficEntry): boolean {
  const status = call.status;
  if (typeof status !== 'number') return false;
  const text = call.responseText() ?? '';
  const json = call.responseJson();
  // Success: any 2xx, with nothing or a JSON object (an orderReference for the thank-you page, a redirect).
  if (status >= 200 && status < 300) return text.trim() === '' || (json !== null && typeof json === 'object' && !Array.isArray(json));
  // Refusal: a 4xx with a title and a message for the customer.
  if (status >= 400 && status < 500) return typeof memberOf(json, 'title') === 'string' && typeof memberOf(json, 'message') === 'string';
  return false;
}

export const validationAnswer: ReadinessItem = {
  id: 'validation-answer',
  title:
    "The shop's validation callback answers as documented: a 2xx (optionally JSON) to go on, or a 4xx with a JSON title and message to refuse.",
  source: PAGES.validation,
  advice:
    'Answer the validationUri within 10 seconds: 200 (with an optional JSON body such as {"orderReference": …} or a redirect) to let the purchase go on, or a 4xx with {"title": …, "message": …} to stop it; never a 5xx, a non-JSON refusal or a timeout.',
  exercise:
    'Initialize a checkout with a validationUri the sandbox can reach (a local address), then complete a purchase: the sandbox calls it first.',
  evaluate(traffic) {
    const trails = checkoutsOf(traffic);
    const ours = traffic.outbound.filter((call) => call.kind === 'validation' && checkoutsCalled(trails, call, 'validationUrl').length > 0);
    if (ours.length === 0)
      return notSeen(
        'No validation call to a checkout this integration initialized is in the journal (none initialized with a validationUri, or no purchase yet).',
      );
    const wrong = ours.filter((call) => !documentedAnswer(call));
    if (wrong.length > 0) {
      const first = wrong[0]!;
      const how =
        first.status === null
          ? 'no answer'
          : `${first.status}${first.responseText() ? ` ${JSON.stringify((first.responseText() ?? '').slice(0, 80))}` : ''}`;
      return notMet(
        wrong.slice(0, 20).map((call) => call.id),
        `${plural(wrong.length, 'validation answer')} of ${ours.length} not as documented (the first: ${how}).`,
      );
    }
    return met(
      ours.slice(0, 20).map((call) => call.id),
      `${plural(ours.length, 'validation answer')}, each as documented.`,
    );
  },
};
