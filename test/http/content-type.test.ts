/**
 * Content-Type per host. The current API (bearer) reads only bodies declared as JSON, as its
 * initialize page requires ("Content-Type: Yes, Must be application/json",
 * https://payments.collectorbank.se/docs/checkout/initcheckout): anything else, or none, is 415
 * in the operation's own envelope. Parameters and case do not matter, and a call without a body
 * has nothing to declare. The legacy and retired hosts (SharedKey) read JSON whatever it is
 * declared as: the OpenCart module sends none there.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/model.js';
import { useSandboxShell } from '../support/sandbox.js';
import { NORDIC, initPayload, read, signedFetch } from '../support/checkout-requests.js';
import { ManageApi, bearerToken, expectAccepted, expectProblem } from '../support/manage-api.js';
import { tentOrder } from '../support/order-fixture.js';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';

const sb = useSandboxShell({ port: 0, now: '2026-10-01T12:00:00Z', frozen: true });

const initBody = JSON.stringify({ ...initPayload(), storeId: '1234' });

/** Bytes, not a string: a Request given a string declares it text/plain by itself. */
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

async function initialize(contentType: string | null, body: string = initBody): Promise<Awaited<ReturnType<typeof read>>> {
  const headers: Record<string, string> = { authorization: `Bearer ${await bearerToken(sb)}` };
  if (contentType !== null) headers['content-type'] = contentType;
  return read(await sb.fetch('/uat/api/checkouts', { method: 'POST', headers, body: bytes(body) }));
}

const checkouts = (): number => sb.snapshot().environments.uat.checkouts.length;

let counter = 0;
function placeOrder(): Order {
  counter += 1;
  const order = tentOrder('2026-10-01T11:00:00.000Z', { orderId: `0c7e0c7e-0000-4000-8000-${String(counter).padStart(12, '0')}` });
  void sb.services.env('uat').orders.place(order);
  return order;
}

describe('the current API reads bodies declared as JSON', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/plain; charset=utf-8'])(
    'refuses an initialization sent as %s with 415 in the checkout envelope, saying which header to send',
    async (type) => {
      const before = checkouts();
      const answer = await initialize(type);
      expect(answer.status).toBe(415);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.body.data).toBeNull();
      expect(answer.body.error).toMatchObject({ code: 415, errors: [{ reason: 'Unsupported_Media_Type' }] });
      expect(answer.body.error?.message).toContain(`Content-Type: ${type}`);
      expect(answer.body.error?.message).toContain('Send the header Content-Type: application/json');
      expect(checkouts()).toBe(before);
    },
  );

  it('refuses a JSON body sent without a Content-Type (415), naming the missing header', async () => {
    const answer = await initialize(null);
    expect(answer.status).toBe(415);
    expect(answer.body.error?.message).toContain('without a Content-Type');
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'APPLICATION/JSON; Charset=UTF-8', 'text/json'])(
    'takes %s',
    async (type) => {
      const answer = await initialize(type);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.error).toBeNull();
    },
  );

  it('checks the declaration before the JSON: malformed JSON sent as text/plain is 415, as application/json 400', async () => {
    expect((await initialize('text/plain', '{"storeId":')).status).toBe(415);
    expect((await initialize('application/json', '{"storeId":')).status).toBe(400);
  });

  it('refuses an order write sent as text/plain with 415 problem details, and changes nothing', async () => {
    const order = placeOrder();
    const api = new ManageApi(sb);
    const answer = await api.post(`/manage/orders/${order.orderId}/capture`, { amount: 2747 }, { 'content-type': 'text/plain' });
    expectProblem(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(answer.json.detail).toContain('Content-Type: application/json');
    expect((await api.order(order.orderId)).status).toBe('NotActivated');
  });

  it('takes a body-less order action whatever it declares: extend with no header, cancel declared text/plain', async () => {
    const order = placeOrder();
    const token = await bearerToken(sb);
    const extend = await sb.fetch(`/uat/api/manage/orders/${order.orderId}/extend`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(extend.status, await extend.clone().text()).toBe(202);
    const cancel = await sb.fetch(`/uat/api/manage/orders/${order.orderId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    });
    expectAccepted({ status: cancel.status, headers: cancel.headers, text: await cancel.text(), json: {} }, order.orderId);
  });

  it('refuses a tokenization body not declared as JSON with 415 in its own envelope', async () => {
    const response = await sb.fetch('/uat/api/purchase/authorizations', {
      method: 'POST',
      headers: { authorization: `Bearer ${await bearerToken(sb)}`, 'content-type': 'text/plain' },
      body: bytes(JSON.stringify({ customerToken: 'x', order: { reference: 'R', items: [], currency: 'SEK' } })),
    });
    expect(response.status).toBe(415);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'id']);
    expect(body.error).toMatchObject({ code: 415, errors: [{ reason: 'Unsupported_Media_Type' }] });
  });

  it('leaves the token endpoint to its form (no 415 there)', async () => {
    await expect(bearerToken(sb)).resolves.toMatch(/\S/);
  });

  it('answers 415 over a real socket too, and takes the SDK’s header lines as sent', async () => {
    const { port } = await sb.listen();
    const token = await bearerToken(sb);
    const post = (headers: Record<string, string>): Promise<number> =>
      new Promise((resolve, reject) => {
        const call = request(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/uat/api/checkouts',
            headers: { authorization: `Bearer ${token}`, ...headers },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        call.on('error', reject);
        call.end(initBody);
      });
    expect(await post({ 'content-type': 'text/plain' })).toBe(415);
    // The Checkout PHP SDK: Content-Type: application/json, Content-Length, Authorization:Bearer (its "charset=utf-8" line is dropped by curl).
    expect(await post({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(initBody)) })).toBe(200);
  });
});

describe('the SharedKey hosts read JSON whatever it is declared as', () => {
  it.each(['legacy', 'retired'] as const)(
    'the %s host initializes without a Content-Type (OpenCart) and as text/plain',
    async (surface) => {
      const body = JSON.stringify(initPayload());
      const authorization = sharedKeyHeaderValue(NORDIC.username, NORDIC.key, '/checkout', body);
      const none = await read(
        await sb.fetch(`/uat/${surface}/checkout`, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          body: bytes(body),
        }),
      );
      expect(none.status, JSON.stringify(none.body)).toBe(200);
      const plain = await signedFetch(sb, surface, 'POST', '/checkout', body, NORDIC, { 'content-type': 'text/plain' });
      expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    },
  );
});
