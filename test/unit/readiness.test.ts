/**
 * The go-live readiness rules (src/domain/readiness) on traffic built by hand: what makes each
 * item met, not met and not seen, and the cases the HTTP test cannot stage (a read made while
 * the notification is still being answered, a retried notification, lifetimes running out).
 */
import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../src/cli/readiness-format.js';
import { READINESS_ITEMS, type Traffic, type TrafficEntry, evaluateReadiness } from '../../src/domain/readiness/readiness.js';

const T0 = Date.parse('2026-10-01T10:00:00Z');
const ID = '11111111-2222-4333-8444-555555555555';
const TOKEN = 'public-SE-abc';

let nextId = 1;
let clockMs = 0;

/** An entry; ids and start times increase in the order entries are made unless given. */
function entry(fields: Partial<TrafficEntry> & { request?: unknown; response?: unknown; text?: string }): TrafficEntry {
  const { request, response, text, ...rest } = fields;
  clockMs += 100;
  const body = text ?? (response === undefined ? null : JSON.stringify(response));
  return {
    id: nextId++,
    direction: 'in',
    atMs: T0,
    startedMs: clockMs,
    surface: 'api',
    method: 'GET',
    path: '/',
    status: 200,
    auth: 'bearer:ok',
    requestJson: () => request,
    responseJson: () =>
      body === null
        ? undefined
        : (() => {
            try {
              return JSON.parse(body) as unknown;
            } catch {
              return undefined;
            }
          })(),
    responseText: () => body,
    ...rest,
  };
}

const cart = { items: [{ id: 'A', description: 'A thing', unitPrice: '10.00', quantity: 1, vat: 25 }] };
const init = (over: Record<string, unknown> = {}, id = ID, token = TOKEN): TrafficEntry =>
  entry({
    method: 'POST',
    path: '/checkouts',
    request: {
      storeId: 1234,
      reference: 'order-1',
      cart,
      notificationUri: 'https://shop.example/n?id={checkout.id}',
      validationUri: 'https://shop.example/v',
      ...over,
    },
    response: { id: 'x', data: { privateId: id, publicToken: token, expiresAt: '2026-10-08T10:00:00Z' }, error: null },
  });
const read = (over: Partial<TrafficEntry> = {}, data: unknown = { status: 'Initialized' }): TrafficEntry =>
  entry({ path: `/checkouts/${ID}`, response: { id: `r${nextId}`, data, error: null }, ...over });
const put = (part: string, body: unknown, over: Partial<TrafficEntry> = {}): TrafficEntry =>
  entry({ method: 'PUT', path: `/checkouts/${ID}${part}`, request: body, response: { id: 'u', data: null, error: null }, ...over });
const notification = (over: Partial<TrafficEntry> = {}): TrafficEntry =>
  entry({
    direction: 'out',
    surface: 'merchant',
    path: '/n',
    kind: 'notification',
    url: `https://shop.example/n?id=${ID}`,
    privateId: ID,
    reached: true,
    auth: 'none',
    ...over,
  });

function traffic(own: TrafficEntry[], more: Partial<Traffic> = {}): Traffic {
  return { own, frontend: [], outbound: [], admin: [], ...more };
}

/** An admin entry an hour of sandbox time later: the traffic shows the bound passed (a clock move). */
const clockMove = (): TrafficEntry =>
  entry({ surface: 'admin', method: 'POST', path: '/__admin/clock/advance', auth: 'none', atMs: T0 + 60 * 60_000 });

const item = (id: string): (typeof READINESS_ITEMS)[number] => READINESS_ITEMS.find((i) => i.id === id)!;

function verdict(id: string, t: Traffic): { status: string; evidence: number[] } {
  return item(id).evaluate(t);
}

describe('reuse-public-token', () => {
  it('is not seen without a checkout, met when one is used again, not met when the same order is initialized twice', () => {
    expect(verdict('reuse-public-token', traffic([])).status).toBe('not-seen');
    const first = init();
    const use = read();
    expect(verdict('reuse-public-token', traffic([first, use]))).toEqual(
      expect.objectContaining({ status: 'met', evidence: [first.id, use.id] }),
    );
    const again = init({}, '99999999-2222-4333-8444-555555555555', 'public-SE-def');
    expect(verdict('reuse-public-token', traffic([first, again]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [first.id, again.id] }),
    );
  });

  it('compares cart, store and customer when there is no reference, and lets a finished checkout be replaced', () => {
    const customer = { email: 'anna@example.com', mobilePhoneNumber: '' };
    const a = init({ reference: '', customer });
    const b = init(
      { reference: '', customer, cart: { items: [{ ...cart.items[0], unitPrice: 10 }] } },
      '99999999-2222-4333-8444-555555555555',
    );
    // "10.00" and 10 are the same price: the same cart.
    expect(verdict('reuse-public-token', traffic([a, b])).status).toBe('not-met');
    const completed = read({}, { status: 'PurchaseCompleted' });
    expect(
      verdict('reuse-public-token', traffic([a, completed, init({ reference: '', customer }, '99999999-2222-4333-8444-555555555555')]))
        .status,
    ).toBe('met');
    const expired = init({}, '99999999-2222-4333-8444-555555555555');
    expired.atMs = Date.parse('2026-10-09T00:00:00Z');
    expect(verdict('reuse-public-token', traffic([init(), expired])).status).not.toBe('not-met');
  });
});

describe('get-after-notification', () => {
  it('counts a read that started after the notification even when it was journaled first', () => {
    const checkout = init();
    const sent = notification();
    const during = read();
    // The shop reads while it answers: its read ends (and is journaled) before the notification's entry.
    [sent.id, during.id] = [during.id, sent.id];
    expect(verdict('get-after-notification', traffic([checkout, during], { outbound: [sent] }))).toEqual(
      expect.objectContaining({ status: 'met', evidence: [sent.id, during.id] }),
    );
    // As the report lists it: in journal order.
    expect(
      evaluateReadiness(traffic([checkout, during], { outbound: [sent] })).find((r) => r.id === 'get-after-notification')!.evidence,
    ).toEqual([during.id, sent.id]);
  });

  it('needs one read per delivery, retries included, before the next write; silence is not seen until it settles', () => {
    const checkout = init();
    const refused = notification({ status: 400 });
    const after = read();
    const delivered = notification({ status: 200 });
    expect(verdict('get-after-notification', traffic([checkout, after], { outbound: [refused, delivered] })).status).toBe('met');

    const alone = notification();
    expect(verdict('get-after-notification', traffic([checkout], { outbound: [alone] })).status).toBe('not-seen');
    expect(verdict('get-after-notification', traffic([checkout], { outbound: [alone], admin: [clockMove()] })).status).toBe('not-met');
    const write = put('/cart', cart);
    const late = read();
    expect(verdict('get-after-notification', traffic([checkout, write, late], { outbound: [alone] }))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [alone.id, write.id] }),
    );
  });
});

describe('get-after-notification, the shop ahead of the notification', () => {
  it('takes a read that already answered the outcome just before the notification: acting after it is informed', () => {
    const checkout = init();
    const confirmed = read({}, { status: 'PurchaseCompleted' });
    const sent = notification({ status: 200 });
    const write = put('/cart', cart);
    const later = read({}, { status: 'PurchaseCompleted' });
    expect(verdict('get-after-notification', traffic([checkout, confirmed, write, later], { outbound: [sent] }))).toEqual(
      expect.objectContaining({ status: 'met', evidence: [sent.id, confirmed.id] }),
    );
    // A read before it that did not show the outcome tells the shop nothing.
    const open = read({}, { status: 'Initialized' });
    const again = notification({ status: 200 });
    const acted = put('/cart', cart);
    expect(verdict('get-after-notification', traffic([checkout, open, acted], { outbound: [again] })).status).toBe('not-met');
  });

  it('measures the bound from when the notification started, even when it was journaled after the clock move', () => {
    const checkout = init();
    const sent = notification({ status: 200, startedAtMs: T0 });
    const move = clockMove();
    // The shop's answer came only after the test moved the clock: journaled then, with that time.
    sent.atMs = move.atMs;
    expect(verdict('get-after-notification', traffic([checkout], { outbound: [sent], admin: [move] }))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [sent.id, move.id] }),
    );
    // Without its start in the journal, a call answered before the move that started after it tells.
    const unstamped = notification({ status: 200 });
    const page = entry({ surface: 'frontend', path: `/checkout/${TOKEN}`, auth: 'none' });
    const later = clockMove();
    unstamped.atMs = later.atMs;
    expect(verdict('get-after-notification', traffic([checkout], { outbound: [unstamped], frontend: [page], admin: [later] })).status).toBe(
      'not-met',
    );
  });
});

describe('necessary-requests', () => {
  it('flags an unchanged cart, cart and fees together when one changed, and three fast reads with the same answer', () => {
    const checkout = init({ fees: { shipping: { id: 's', unitPrice: 49, vat: 25 } } });
    const changed = put('/cart', { items: [{ ...cart.items[0], quantity: 2 }] });
    expect(verdict('necessary-requests', traffic([checkout, changed]))).toEqual(
      expect.objectContaining({ status: 'met', evidence: [changed.id] }),
    );
    const same = put('/cart', [{ ...cart.items[0], unitPrice: 10 }]);
    expect(verdict('necessary-requests', traffic([checkout, same]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [same.id] }),
    );
    const both = put('', { cart, fees: { shipping: { id: 's', unitPrice: 99, vat: 25 } } });
    expect(verdict('necessary-requests', traffic([checkout, both])).evidence).toEqual([both.id]);
    const polls = [read(), read(), read()];
    expect(verdict('necessary-requests', traffic([checkout, changed, ...polls])).evidence).toEqual(polls.map((p) => p.id));
    const slow = [read(), read({ startedMs: clockMs + 5000 })];
    expect(verdict('necessary-requests', traffic([checkout, changed, ...slow])).status).toBe('met');
  });
});

describe('validation-answer', () => {
  const call = (status: number | null, text: string): TrafficEntry =>
    entry({
      direction: 'out',
      surface: 'merchant',
      method: 'POST',
      path: '/v',
      kind: 'validation',
      url: 'https://shop.example/v',
      privateId: ID,
      reached: true,
      auth: 'none',
      status,
      text,
    });
  it('takes any 2xx as go on and any 4xx as a refusal (advice without title and message); fails the rest', () => {
    const checkout = init();
    for (const ok of [
      call(200, ''),
      call(200, '{"orderReference":"A-1"}'),
      call(200, 'OK'),
      call(404, '{"title":"Sold out","message":"The tent is gone."}'),
    ]) {
      expect(verdict('validation-answer', traffic([checkout], { outbound: [ok] })).status).toBe('met');
    }
    const bare = item('validation-answer').evaluate(traffic([checkout], { outbound: [call(400, 'Out of stock')] }));
    expect(bare).toMatchObject({ status: 'met', detail: expect.stringMatching(/Advice: 1 refusal without a JSON title and message/) });
    for (const wrong of [call(500, ''), call(302, ''), call(null, '')]) {
      expect(verdict('validation-answer', traffic([checkout], { outbound: [wrong] }))).toEqual(
        expect.objectContaining({ status: 'not-met', evidence: [wrong.id] }),
      );
    }
  });
});

describe('tokens', () => {
  const token = (atMs: number): TrafficEntry =>
    entry({ surface: 'auth', method: 'POST', path: '/oauth2/v2.0/token', auth: 'token:ok', atMs, response: { expires_in: 3599 } });
  it('token-reuse: a token renewed with more than five minutes left is too early, unless a refusal asked for it', () => {
    const first = token(T0);
    const calls = [read(), read({ startedMs: clockMs + 2000 })];
    expect(verdict('token-reuse', traffic([first, ...calls])).status).toBe('met');
    const early = token(T0 + 60_000);
    expect(verdict('token-reuse', traffic([first, ...calls, early]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [first.id, early.id] }),
    );
    const late = token(T0 + 56 * 60_000);
    expect(verdict('token-reuse', traffic([first, ...calls, late])).status).toBe('met');
    const refused = read({ status: 401, auth: 'bearer:revoked' });
    expect(verdict('token-reuse', traffic([first, ...calls, refused, token(T0 + 60_000)])).status).toBe('met');
  });

  it('recovers-expired-token: a new token and the same call again; not seen while nothing followed', () => {
    const refused = read({ status: 401, auth: 'bearer:expired' });
    expect(verdict('recovers-expired-token', traffic([refused])).status).toBe('not-seen');
    const fresh = token(T0);
    const again = read();
    expect(verdict('recovers-expired-token', traffic([refused, fresh, again])).evidence).toEqual([refused.id, fresh.id, again.id]);
    const other = put('/cart', cart);
    expect(verdict('recovers-expired-token', traffic([refused, other])).status).toBe('not-met');
  });
});

describe('refusals', () => {
  const purchaseCompleted = {
    id: 'e',
    data: null,
    error: { code: 900, message: 'Purchase completed', errors: [{ reason: 'Purchase_Completed', message: 'done' }] },
  };
  it('stops-after-completion: no update after 900 Purchase_Completed', () => {
    const refused = put('/cart', cart, { status: 900, responseJson: () => purchaseCompleted });
    expect(verdict('stops-after-completion', traffic([refused])).status).toBe('not-seen');
    const next = read();
    expect(verdict('stops-after-completion', traffic([refused, next])).status).toBe('met');
    const more = put('/fees', {});
    expect(verdict('stops-after-completion', traffic([refused, more]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [refused.id, more.id] }),
    );
  });

  it('retries-locked: sent again later is met; four more refused again, or other writes instead, are not', () => {
    const locked = put('/cart', cart, { status: 423 });
    expect(verdict('retries-locked', traffic([locked])).status).toBe('not-seen');
    const later = put('/cart', cart, { startedMs: locked.startedMs + 1500 });
    expect(verdict('retries-locked', traffic([locked, later])).status).toBe('met');
    const burst = [1, 2, 3, 4].map(() => put('/cart', cart, { status: 423 }));
    expect(verdict('retries-locked', traffic([locked, ...burst])).status).toBe('not-met');
    const instead = put('/fees', {});
    expect(verdict('retries-locked', traffic([locked, instead]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [locked.id, instead.id] }),
    );
  });
});

describe('notification-answered', () => {
  it('counts a shop that took the call and never answered as not answering; one never reached is not seen', () => {
    const checkout = init();
    const hung = [1, 2, 3].map(() => notification({ status: null, error: 'no answer within 10 s', reached: true }));
    expect(item('notification-answered').evaluate(traffic([checkout], { outbound: hung }))).toMatchObject({
      status: 'not-met',
      evidence: hung.map((call) => call.id),
      detail: expect.stringContaining('(the first: no answer within 10 s)'),
    });
    const refused = notification({ status: null, error: 'ECONNREFUSED', reached: false, url: 'http://127.0.0.1:9/n' });
    expect(item('notification-answered').evaluate(traffic([checkout], { outbound: [refused] }))).toMatchObject({
      status: 'not-seen',
      detail: expect.stringContaining('could not be reached (ECONNREFUSED)'),
    });
  });
});

describe('retries-locked on 409', () => {
  it('takes a 409 as a 423: the same update again is met, another write first is not', () => {
    const conflict = put('/cart', cart, { status: 409 });
    const again = put('/cart', cart);
    expect(verdict('retries-locked', traffic([conflict, again]))).toEqual(
      expect.objectContaining({ status: 'met', evidence: [conflict.id, again.id] }),
    );
    const other = put('/cart', { items: [{ ...cart.items[0], quantity: 3 }] });
    expect(verdict('retries-locked', traffic([conflict, other]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [conflict.id, other.id] }),
    );
    // Silence is not seen until an hour of sandbox time shows it.
    expect(verdict('retries-locked', traffic([conflict])).status).toBe('not-seen');
    expect(verdict('retries-locked', traffic([conflict], { admin: [clockMove()] })).status).toBe('not-met');
  });
});

describe('current-api and the list', () => {
  it('judges an integration by its own calls only', () => {
    const current = read();
    expect(verdict('current-api', traffic([current])).status).toBe('met');
    const legacy = read({ surface: 'legacy', auth: 'sharedkey:ok' });
    expect(verdict('current-api', traffic([current, legacy]))).toEqual(
      expect.objectContaining({ status: 'not-met', evidence: [legacy.id] }),
    );
  });

  it('evaluates every item once, in order, with advice on how to exercise what it has not seen', () => {
    const results = evaluateReadiness(traffic([]));
    expect(results.map((r) => r.id)).toEqual(READINESS_ITEMS.map((i) => i.id));
    expect(new Set(results.map((r) => r.id)).size).toBe(READINESS_ITEMS.length);
    for (const r of results) {
      expect(r.status).toBe('not-seen');
      expect(r.advice).toBe(READINESS_ITEMS.find((i) => i.id === r.id)!.exercise);
    }
  });
});

describe('escapeXml', () => {
  it('escapes the five entities and replaces characters XML 1.0 forbids', () => {
    expect(escapeXml(`a<b>&"c"'d'`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;');
    expect(escapeXml('tab\tnew\nbell\u0007 nul\u0000 lone\uD800!')).toBe('tab\tnew\nbell\uFFFD nul\uFFFD lone\uFFFD!');
    expect(escapeXml('emoji 🏕 stays')).toBe('emoji 🏕 stays');
  });
});
