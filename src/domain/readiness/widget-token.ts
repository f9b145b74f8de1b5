/**
 * The part-payment widget's token: one per store, kept until it expires (its answer says when,
 * `expiresAt`), not requested on every page view that shows the widget.
 */
import { type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { type TrafficEntry, isApiCall, memberOf, ok } from './traffic.js';

const WIDGET_PAGE = 'https://payments.collectorbank.se/docs/checkout/widgets/create-widget-token';

/**
 * A widget token requested while the store's previous one had more than this left was requested
 * too early. The page gives the expiry, not a margin; the same "shortly before it expires" as for
 * bearer tokens (five minutes) lets a shop renew ahead of a page view without failing it.
 */
const WIDGET_RENEW_MARGIN_MS = 5 * 60_000;

const WIDGET_PATH = /^\/widgets?\/?$/;

interface Issued {
  entry: TrafficEntry;
  store: string;
  expiresAtMs: number | null;
}

function issued(entry: TrafficEntry): Issued | null {
  if (!isApiCall(entry) || entry.method !== 'POST' || !WIDGET_PATH.test(entry.path) || !ok(entry)) return null;
  const expiresAt = memberOf(memberOf(entry.responseJson(), 'data'), 'expiresAt');
  const expiresAtMs = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
  return {
    entry,
    store: String(memberOf(entry.requestJson(), 'storeId') ?? ''),
    expiresAtMs: Number.isNaN(expiresAtMs) ? null : expiresAtMs,
  };
}

export const widgetTokenReuse: ReadinessItem = {
  id: 'widget-token-reuse',
  title: 'The shop reuses its part-payment widget token until it expires, instead of requesting one per page view.',
  source: WIDGET_PAGE,
  advice:
    'Keep the widget token per store with its expiresAt (a cache, the session of the shop, not of the customer) and request a new one only when it has expired or is about to.',
  exercise:
    'Show the part-payment widget in the shop (POST /widgets {"storeId": …}), then go on with other calls or a second page view: one token should serve them.',
  evaluate(traffic) {
    const tokens = traffic.own.map(issued).filter((token): token is Issued => token !== null);
    if (tokens.length === 0) return notSeen('No widget token request by this integration is in the journal.');
    const early: number[] = [];
    const latest = new Map<string, Issued>();
    for (const token of tokens) {
      const previous = latest.get(token.store);
      if (previous && (previous.expiresAtMs === null || previous.expiresAtMs - token.entry.atMs > WIDGET_RENEW_MARGIN_MS))
        early.push(previous.entry.id, token.entry.id);
      latest.set(token.store, token);
    }
    if (early.length > 0)
      return notMet(
        [...new Set(early)].slice(0, 20),
        `${plural(new Set(early).size - 1, 'widget token')} requested while the store's previous one was still valid for more than ${WIDGET_RENEW_MARGIN_MS / 60_000} minutes.`,
      );
    // Reuse shows when the shop went on (other calls, or a token renewed only at expiry) on the token it had.
    const first = tokens[0]!.entry;
    const after = traffic.own.filter((entry) => entry.startedMs > first.startedMs && isApiCall(entry) && !WIDGET_PATH.test(entry.path));
    if (tokens.length === 1 && after.length === 0)
      return notSeen("1 widget token requested and nothing after it yet: reuse shows from the shop's next calls.");
    return met(
      [...tokens.map((token) => token.entry.id), ...after.slice(0, 3).map((entry) => entry.id)].slice(0, 20),
      `${plural(tokens.length, 'widget token')} for ${plural(latest.size, 'store')}, each renewed only when the previous one was about to expire.`,
    );
  },
};
