/**
 * The calls the sandbox makes to the shop: after a notification the shop reads the checkout
 * (it carries no data), and the validation callback answers as documented. Each call belongs to
 * the integration whose checkout it is about. Deliveries may go out after the request that caused
 * them and the shop may read the checkout while it is still answering the notification, so order
 * is by when each call started, never by which request "caused" what.
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import {
  REACTION_BOUND_MS,
  type CheckoutTrail,
  type Traffic,
  type TrafficEntry,
  boundPassed,
  callsOn,
  callsToShop,
  completionOf,
  isRead,
  isWrite,
  memberOf,
  ok,
  startedBefore,
} from './traffic.js';

/** A notification and its retries: the attempts about one checkout up to the one the shop answered 200. */
interface Delivery {
  trail: CheckoutTrail;
  attempts: TrafficEntry[];
}

function deliveries(traffic: Traffic): Delivery[] {
  const open = new Map<string, Delivery>();
  const done: Delivery[] = [];
  for (const { call, trail } of callsToShop(traffic, 'notification')) {
    const delivery = open.get(trail.privateId) ?? { trail, attempts: [] };
    delivery.attempts.push(call);
    open.set(trail.privateId, delivery);
    if (call.status === 200) {
      done.push(delivery);
      open.delete(trail.privateId);
    }
  }
  return [...done, ...open.values()].sort((a, b) => (startedBefore(a.attempts[0]!, b.attempts[0]!) ? -1 : 1));
}

/** Statuses a read shows once the purchase has an outcome the shop acts on. */
const OUTCOMES: ReadonlySet<string> = new Set(['PurchaseCompleted', 'Aborted', 'Expired']);

/**
 * The read that tells the shop what a delivery is about: one just before the first attempt that
 * reached the shop (after the purchase, or the previous delivery) that already answered the
 * outcome, such as the confirmation page's read, since the shop then knows it when the
 * notification comes; otherwise the first successful read of that checkout after that attempt.
 */
function readFor(traffic: Traffic, delivery: Delivery, first: TrafficEntry, since: TrafficEntry | null): TrafficEntry | undefined {
  const reads = callsOn(traffic, delivery.trail.privateId).filter((entry) => isRead(entry) && ok(entry));
  const before = reads
    .filter((entry) => startedBefore(entry, first) && (since === null || !startedBefore(entry, since)))
    .reverse()
    .find((entry) => {
      const status = memberOf(memberOf(entry.responseJson(), 'data'), 'status');
      return typeof status === 'string' && OUTCOMES.has(status);
    });
  return before ?? reads.find((entry) => startedBefore(first, entry));
}

export const getAfterNotification: ReadinessItem = {
  id: 'get-after-notification',
  title: 'After every notification callback, the shop reads the checkout (GET) to learn what happened before it acts.',
  source: PAGES.checklist,
  advice:
    'The notification carries no data and may come more than once: on each one, GET /checkouts/{privateId} and act on its status and purchase result (https://payments.collectorbank.se/docs/checkout/notificationcallback/).',
  exercise:
    'Initialize a checkout with a notificationUri the sandbox can reach (a local address such as http://127.0.0.1:<port>/notify?id={checkout.id}), then complete a purchase: the sandbox notifies the shop.',
  evaluate(traffic) {
    const all = deliveries(traffic);
    if (all.length === 0) return notSeen('No notification about a checkout this integration initialized is in the journal.');
    const read: number[] = [];
    const unread: number[] = [];
    const unreached: TrafficEntry[] = [];
    let pending = 0;
    const previous = new Map<string, TrafficEntry>();
    for (const delivery of all) {
      const { trail, attempts } = delivery;
      const since = previous.get(trail.privateId) ?? completionOf(trail, traffic);
      previous.set(trail.privateId, attempts[0]!);
      const first = attempts.find((attempt) => attempt.reached !== false);
      if (!first) {
        unreached.push(attempts[attempts.length - 1]!);
        continue;
      }
      const get = readFor(traffic, delivery, first, since);
      // Acting on it: a write on that checkout or its order, after the notification, before any such read.
      const acted = callsOn(traffic, trail.privateId).find(
        (entry) => isWrite(entry) && startedBefore(first, entry) && (!get || startedBefore(entry, get)),
      );
      if (get && !acted) {
        read.push(first.id, get.id);
        continue;
      }
      const silence = acted ?? boundPassed(traffic, attempts[attempts.length - 1]!, REACTION_BOUND_MS);
      if (silence) unread.push(...attempts.map((call) => call.id), silence.id);
      else pending++;
    }
    if (unread.length > 0)
      return notMet(
        unread.slice(0, 20),
        `A notification was not followed by a read of its checkout: the shop acted on that checkout or its order first, or ${REACTION_BOUND_MS / 60_000} minutes of sandbox time passed without one.`,
      );
    if (read.length === 0) {
      const why = unreached[0]?.error ? ` (${unreached[0].error})` : '';
      const notes = [
        unreached.length ? `${plural(unreached.length, 'notification')} never reached the shop${why}` : '',
        pending ? `${plural(pending, 'notification')} not followed by a read of its checkout yet` : '',
      ].filter(Boolean);
      return notSeen(`${notes.join('; ')}.`);
    }
    const more = unreached.length ? ` ${plural(unreached.length, 'other notification')} never reached the shop.` : '';
    return met(read.slice(0, 20), `Each of ${plural(read.length / 2, 'notification')} was followed by a GET of its checkout.${more}`);
  },
};

/** How a validation answer counts: 2xx goes on; a 4xx refuses (advice when it gives the customer no title and message); anything else fails. */
function validationOutcome(call: TrafficEntry): 'go-on' | 'refusal' | 'bare-refusal' | 'wrong' | 'unreached' {
  const status = call.status;
  if (typeof status !== 'number') return call.reached === false ? 'unreached' : 'wrong';
  if (status >= 200 && status < 300) return 'go-on';
  if (status >= 400 && status < 500) {
    const json = call.responseJson();
    return typeof memberOf(json, 'title') === 'string' && typeof memberOf(json, 'message') === 'string' ? 'refusal' : 'bare-refusal';
  }
  return 'wrong';
}

function how(call: TrafficEntry): string {
  if (call.status === null) return call.error ?? 'no answer';
  const text = call.responseText() ?? '';
  return `${call.status}${text ? ` ${JSON.stringify(text.slice(0, 80))}` : ''}`;
}

export const validationAnswer: ReadinessItem = {
  id: 'validation-answer',
  title: "The shop's validation callback answers as documented: a 2xx to let the purchase go on, a 4xx to stop it, in time.",
  source: PAGES.validation,
  advice:
    'Answer the validationUri within 10 seconds: a 2xx (optionally JSON such as {"orderReference": …} or a redirect) to let the purchase go on, or a 4xx with {"title": …, "message": …} to stop it; never a 5xx or a timeout.',
  exercise:
    'Initialize a checkout with a validationUri the sandbox can reach (a local address), then complete a purchase: the sandbox calls it first.',
  evaluate(traffic) {
    const ours = callsToShop(traffic, 'validation').map(({ call }) => call);
    if (ours.length === 0)
      return notSeen(
        'No validation call about a checkout this integration initialized is in the journal (none initialized with a validationUri, or no purchase yet).',
      );
    const by = (outcome: ReturnType<typeof validationOutcome>): TrafficEntry[] =>
      ours.filter((call) => validationOutcome(call) === outcome);
    const wrong = by('wrong');
    if (wrong.length > 0)
      return notMet(
        wrong.slice(0, 20).map((call) => call.id),
        `${plural(wrong.length, 'validation answer')} of ${ours.length} neither a 2xx nor a 4xx (the first: ${how(wrong[0]!)}): the purchase stops with a generic error.`,
      );
    const answered = ours.filter((call) => validationOutcome(call) !== 'unreached');
    const unreached = by('unreached');
    if (answered.length === 0)
      return notSeen(`${plural(unreached.length, 'validation call')} never reached the shop (${unreached[0]!.error ?? 'no connection'}).`);
    const bare = by('bare-refusal');
    const advice = bare.length
      ? ` Advice: ${plural(bare.length, 'refusal')} without a JSON title and message (the first: ${how(bare[0]!)}); with them the customer sees why.`
      : '';
    return met(
      answered.slice(0, 20).map((call) => call.id),
      `${plural(answered.length, 'validation answer')}, each a 2xx or a 4xx.${advice}`,
    );
  },
};
