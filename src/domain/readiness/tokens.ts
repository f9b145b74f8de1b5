/**
 * Bearer tokens: reused until shortly before they expire, and renewed (and the call made
 * again) after a 401 for an expired one. Lifetimes are measured on the sandbox clock.
 */
import { PAGES, type ReadinessItem, met, notMet, notSeen, plural } from './item.js';
import { type Traffic, type TrafficEntry, memberOf, isApiCall } from './traffic.js';

/** A token renewed with more than this left was renewed too early ("shortly before they expire"). */
const RENEW_MARGIN_MS = 5 * 60_000;
/** Entra's lifetime when an answer does not say (expires_in 3599). */
const DEFAULT_LIFETIME_S = 3599;

function tokenRequests(traffic: Traffic): TrafficEntry[] {
  return traffic.own.filter((entry) => entry.auth === 'token:ok');
}

function expiresAtMs(request: TrafficEntry): number {
  const seconds = Number(memberOf(request.responseJson(), 'expires_in'));
  return request.atMs + (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_LIFETIME_S) * 1000;
}

/** A refusal that makes a new token the right answer. */
const RENEWS = new Set(['bearer:expired', 'bearer:invalid', 'bearer:revoked', 'bearer:not-yet-valid', 'bearer:other-environment']);

export const tokenReuse: ReadinessItem = {
  id: 'token-reuse',
  title: 'The shop reuses its bearer token for its calls until shortly before it expires, instead of requesting one per call.',
  source: PAGES.authentication,
  advice:
    'Cache the access token for its expires_in (about an hour) and request a new one only a few minutes before it expires, or after a 401; the identity provider throttles token requests.',
  exercise: 'Make two or more API calls with the current API (a bearer token): the journal then shows whether one token served them.',
  evaluate(traffic) {
    const requests = tokenRequests(traffic);
    if (requests.length === 0) return notSeen('No token request by this integration is in the journal.');
    const early: number[] = [];
    for (let i = 1; i < requests.length; i++) {
      const previous = requests[i - 1]!;
      const current = requests[i]!;
      const refused = traffic.own.some(
        (entry) => entry.startedMs > previous.startedMs && entry.startedMs < current.startedMs && RENEWS.has(entry.auth),
      );
      if (!refused && expiresAtMs(previous) - current.atMs > RENEW_MARGIN_MS) early.push(previous.id, current.id);
    }
    if (early.length > 0) {
      return notMet(
        [...new Set(early)].slice(0, 20),
        `${plural(new Set(early).size - 1, 'token')} requested while the previous one was still valid for more than ${RENEW_MARGIN_MS / 60_000} minutes.`,
      );
    }
    const calls = traffic.own.filter((entry) => isApiCall(entry) && entry.auth === 'bearer:ok');
    if (calls.length < 2)
      return notSeen(
        `${plural(requests.length, 'token')} requested, ${plural(calls.length, 'API call')} made with one so far: reuse shows from the second call.`,
      );
    return met(
      [requests[0]!.id, ...calls.slice(0, 5).map((entry) => entry.id)],
      `${plural(requests.length, 'token')} served ${plural(calls.length, 'API call')}.`,
    );
  },
};

export const recoversExpiredToken: ReadinessItem = {
  id: 'recovers-expired-token',
  title: 'After a 401 for an expired token, the shop requests a new token and makes the call again with it.',
  source: PAGES.errorCodes,
  advice: 'On a 401 whose cause is an expired token, drop the cached token, request a new one and repeat the call once with it.',
  exercise:
    'Move the sandbox clock past the token\'s lifetime between two calls (POST /__admin/clock/advance {"duration":"PT2H"}), or let a token expire: the next call gets a 401 for the expired token.',
  evaluate(traffic) {
    const expired = traffic.own.filter((entry) => entry.auth === 'bearer:expired');
    if (expired.length === 0) return notSeen('No call of this integration was refused for an expired token in the journal.');
    const recovered: number[] = [];
    const stuck: number[] = [];
    for (const refusal of expired) {
      const later = traffic.own.filter((entry) => entry.startedMs > refusal.startedMs);
      const token = later.find((entry) => entry.auth === 'token:ok');
      const again =
        token &&
        later.find(
          (entry) =>
            entry.startedMs > token.startedMs &&
            entry.auth === 'bearer:ok' &&
            entry.method === refusal.method &&
            entry.path === refusal.path,
        );
      if (token && again) {
        recovered.push(refusal.id, token.id, again.id);
        continue;
      }
      const next = later.find(isApiCall);
      if (next) stuck.push(refusal.id, next.id);
    }
    if (stuck.length > 0)
      return notMet(
        [...new Set(stuck)].slice(0, 20),
        'After a 401 for an expired token the shop went on without a new token and the same call made again with it.',
      );
    if (recovered.length === 0) return notSeen(`${plural(expired.length, 'call')} refused for an expired token just now; no recovery yet.`);
    return met(
      recovered.slice(0, 21),
      `Recovered from ${plural(recovered.length / 3, 'expired token')}: a new token, then the same call again.`,
    );
  },
};
