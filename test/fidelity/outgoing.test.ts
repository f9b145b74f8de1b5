/**
 * Calls the service makes to the merchant, in a recording and in the diff: an exchange marked
 * `outgoing` is compared with the call the replay's world sent to the local sink for the same
 * reason (its path with the placeholders filled in, the headers the service sends, the body),
 * and the sink answers the world as the recording says the merchant answered. A setup exchange
 * shows when the world refused it.
 */
import { describe, expect, it } from 'vitest';
import { diffExchanges } from '../../src/fidelity/diff.js';
import type { Exchange, LoadedExchange } from '../../src/fidelity/recording.js';
import type { DivergenceGroup } from '../../src/fidelity/report.js';

const TOKEN = 'Bearer redacted:token:0123456789ab';
const JSON_ANSWER = { 'content-type': 'application/json; charset=utf-8' };
const PRIVATE_ID = '0d0c5e00-0000-4000-8000-000000000001';
const ORDER_ID = '0d0c5e00-0000-4000-8000-000000000002';

let seq = 0;
function exchange(time: string, fields: Partial<Exchange> & Pick<Exchange, 'method' | 'path' | 'status'>): LoadedExchange {
  seq += 1;
  return {
    v: 1,
    seq,
    time: `2026-11-02T${time}Z`,
    env: 'uat',
    surface: 'api',
    request: { headers: { authorization: TOKEN, 'content-type': 'application/json' }, body: null },
    answer: { headers: JSON_ANSWER, body: null },
    durationMs: 0,
    file: 'outgoing.jsonl',
    line: seq,
    ...fields,
  };
}

/** A token, a checkout with a notification URI, and the purchase its read shows (a catch-up): what every case below starts from. */
function purchased(reference = 'ORD-1'): LoadedExchange[] {
  return [
    exchange('10:00:00', {
      surface: 'auth',
      method: 'POST',
      path: '/oauth2/v2.0/token',
      request: {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: {
          text: 'grant_type=client_credentials&client_id=6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01&client_secret=redacted:secret:0123456789ab&scope=705798e0-8cef-427c-ae00-6023deba29af%2F.default',
        },
      },
      status: 200,
      answer: {
        headers: JSON_ANSWER,
        body: { json: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: 'redacted:token:0123456789ab' } },
      },
    }),
    exchange('10:01:00', {
      method: 'POST',
      path: '/checkouts',
      request: {
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: {
          json: {
            storeId: 1234,
            countryCode: 'SE',
            reference,
            merchantTermsUri: 'https://shop.example/terms',
            notificationUri: 'https://shop.example/walley/notify?privateId={checkout.id}',
            cart: { items: [{ id: '1', description: 'Tent', unitPrice: 30, quantity: 1, vat: 25 }] },
          },
        },
      },
      status: 200,
      answer: {
        headers: JSON_ANSWER,
        body: {
          json: {
            id: '0d0c5e00-0000-4000-8000-0000000000aa',
            data: { privateId: PRIVATE_ID, publicToken: `public-SE-${'0'.repeat(48)}`, expiresAt: '2026-11-09T10:01:00.0000000+00:00' },
            error: null,
          },
        },
      },
    }),
    exchange('10:05:00', {
      method: 'GET',
      path: `/checkouts/${PRIVATE_ID}`,
      request: { headers: { authorization: TOKEN }, body: null },
      status: 200,
      answer: {
        headers: JSON_ANSWER,
        body: {
          json: {
            id: '0d0c5e00-0000-4000-8000-0000000000ab',
            data: {
              status: 'PurchaseCompleted',
              reference,
              customer: null,
              purchase: { amountToPay: 30, paymentName: 'DirectInvoice', result: 'Preliminary' },
              order: { orderId: ORDER_ID },
            },
            error: null,
          },
        },
      },
      setup: true,
    }),
  ];
}

function notification(path: string, status = 200): LoadedExchange {
  return exchange('10:05:01', {
    method: 'GET',
    path,
    request: { headers: {}, body: null },
    status,
    answer: { headers: {}, body: null },
    outgoing: 'notification',
  });
}

function webhook(payload: Record<string, unknown>, headers: Record<string, string> = {}): LoadedExchange {
  return exchange('10:05:02', {
    method: 'POST',
    path: '/',
    request: {
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Walleybot 0.1 (+https://dev.walleypay.com)',
        'walley-correlationid': '0d0c5e00-0000-4000-8000-00000000c0de',
        'walley-timestamp': '1706608962',
        'walley-live': 'False',
        'walley-signature': 'ab'.repeat(32),
        ...headers,
      },
      body: { json: { Type: 'walley:order:created', Timestamp: '2024-01-30T11:02:42.5997621+01:00', Payload: payload } },
    },
    status: 200,
    answer: { headers: {}, body: null },
    outgoing: 'webhook',
  });
}

const ORDER_CREATED = { OrderId: ORDER_ID, Reference: 'ORD-1', Amount: 30, Currency: 'SEK', Status: 'Authorized' };

async function diff(exchanges: LoadedExchange[]): Promise<DivergenceGroup[]> {
  const report = await diffExchanges(exchanges, { scenario: 'default', maps: [] });
  expect(report.replayed).toBe(report.exchanges);
  // The initialize answer above is written as the documentation's examples show it, without the pay link (recordings/documented/baseline.json accepts that one).
  return report.divergences.filter((d) => d.pointer !== '/data/paymentUri');
}

describe('outgoing exchanges', () => {
  it('compare the notification the world sent: its path with {checkout.id} filled in', async () => {
    expect(await diff([...purchased(), notification(`/walley/notify?privateId=${PRIVATE_ID}`)])).toEqual([]);
    const [divergence] = await diff([...purchased(), notification(`/walley/notify?checkoutId=${PRIVATE_ID}`)]);
    expect(divergence).toMatchObject({
      endpoint: 'GET {notificationUri}',
      kind: 'value',
      pointer: null,
      real: `/walley/notify?checkoutId=${PRIVATE_ID}`,
    });
    expect(String(divergence!.sandbox)).toMatch(/^\/walley\/notify\?privateId=[0-9a-f-]{36}$/);
  });

  it('compare a webhook field by field, its instants by format and its headers by shape, the order id linked by the checkout read', async () => {
    expect(await diff([...purchased(), webhook(ORDER_CREATED)])).toEqual([]);
    const divergences = await diff([
      ...purchased(),
      webhook(
        { ...ORDER_CREATED, Amount: 31, AuthorizationId: 'c31e9218-6a19-4b2f-8992-affc9dca1c41' },
        { 'walley-signature': 'ab'.repeat(20), 'walley-live': 'True' },
      ),
    ]);
    expect(divergences.map((d) => [d.endpoint, d.kind, d.pointer ?? d.real])).toEqual([
      ['POST {webhookUri} walley:order:created', 'missing', '/Payload/AuthorizationId'],
      ['POST {webhookUri} walley:order:created', 'value', '/Payload/Amount'],
      ['POST {webhookUri} walley:order:created', 'header', 'walley-live: True'],
      ['POST {webhookUri} walley:order:created', 'header', 'walley-signature: <hex×40>'],
    ]);
  });

  it('find the call about the same thing among several of one kind, and report one the world never made as missing', async () => {
    // Two purchases notify; the recording shows only the second one's webhook.
    const first = purchased('ORD-0').map((e) => ({ ...e, time: e.time.replace('T10:', 'T09:') }));
    const [token, ...rest] = purchased();
    const linked = await diff([
      ...first.map(
        (e) =>
          JSON.parse(
            JSON.stringify(e)
              .replaceAll(PRIVATE_ID, '0d0c5e00-0000-4000-8000-0000000000f1')
              .replaceAll(ORDER_ID, '0d0c5e00-0000-4000-8000-0000000000f2'),
          ) as LoadedExchange,
      ),
      token!,
      ...rest,
      webhook(ORDER_CREATED),
    ]);
    expect(linked).toEqual([]);
    const never = await diff([
      ...purchased(),
      {
        ...webhook(ORDER_CREATED),
        request: {
          ...webhook(ORDER_CREATED).request,
          body: { json: { Type: 'walley:order:captured', Timestamp: '2024-01-30T11:02:42.5997621+01:00', Payload: { OrderId: ORDER_ID } } },
        },
      },
    ]);
    expect(never).toEqual([
      expect.objectContaining({ endpoint: 'POST {webhookUri} walley:order:captured', kind: 'missing', pointer: '', sandbox: null }),
    ]);
  });

  it('answer the world as the merchant did: a validation refused stops the world’s purchase too', async () => {
    const [token, init, read] = purchased();
    const withValidation = JSON.parse(
      JSON.stringify(init).replace('"notificationUri"', '"validationUri":"https://shop.example/validate","notificationUri"'),
    ) as LoadedExchange;
    const refused = exchange('10:05:01', {
      method: 'POST',
      path: '/validate',
      request: { headers: {}, body: null },
      status: 422,
      answer: { headers: {}, body: { omitted: 'undocumented' } },
      outgoing: 'validation',
    });
    const report = await diffExchanges([token!, withValidation, read!, refused], { scenario: 'default', maps: [] });
    // The POST went out as recorded (no divergence but the pay link, as in diff() above); the merchant's 422 made the world refuse the purchase.
    expect(report.divergences.filter((d) => d.pointer !== '/data/paymentUri')).toEqual([]);
    expect(report.catchUps.find((c) => c.action === 'purchase')?.detail).toMatch(/the world refused \(422/);
  });

  it('show a setup exchange the world refused, by its status alone', async () => {
    const [token, init, read] = purchased();
    const unknown = { ...read!, path: '/checkouts/0d0c5e00-0000-4000-8000-0000000000ff' };
    const divergences = await diff([token!, init!, unknown]);
    expect(divergences).toEqual([
      expect.objectContaining({ endpoint: 'GET /checkouts/{privateId}', kind: 'status', real: 200, sandbox: 404 }),
    ]);
  });
});
