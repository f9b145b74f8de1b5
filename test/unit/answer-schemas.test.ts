/**
 * The answer schemas (src/routes/answers/*, src/http/envelopes.ts) describe what the sandbox
 * really sends: real answers of the checkout API in every phase and of order administration,
 * driven through the app in-process, match their schema with no issue under the strict check
 * (src/http/answer-check.ts); and the check fails, naming the field, on one undeclared field,
 * a wrong type or an unknown enum value.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerIssues } from '../../src/http/answer-check.js';
import { checkoutErrorSchema, problemSchema } from '../../src/http/envelopes.js';
import {
  checkoutInitializedAnswer,
  checkoutUpdatedAnswer,
  checkoutViewAnswer,
  widgetTokenAnswer,
} from '../../src/routes/answers/checkout.js';
import { orderDocumentSchema, latestOrdersSchema, reauthorizationSchema } from '../../src/routes/answers/orders.js';
import { useSandbox } from '../support/sandbox.js';
import { admin, at, initPayload, initializeOldStyle, signedFetch } from '../support/checkout-requests.js';
import { type ReadResponse, ManageApi } from '../support/manage-api.js';

const sb = useSandbox({ now: '2026-11-02T10:00:00Z', frozen: true }, 'file');
let api: ManageApi;
beforeAll(async () => {
  api = new ManageApi(sb);
});

type Schema = Parameters<typeof answerIssues>[0];

/** The answer's status, and its body holds to `schema` with no issue. */
function expectAnswer(answer: ReadResponse, status: number, schema: Schema): Record<string, unknown> {
  expect(answer.status, answer.text).toBe(status);
  expect(answerIssues(schema, JSON.parse(answer.text)), answer.text).toEqual([]);
  return answer.json;
}

const DELIVERY = {
  provider: 'MerchantFallback',
  shippingFee: '59.00',
  shipments: [
    {
      id: 'shipment-1',
      feeItemId: 'shipping-fee',
      shippingChoice: { id: 'flatrate_flatrate', name: 'Flat rate', fee: 59, vat: 25, metadata: { tax_rate: 25 } },
    },
  ],
};

async function initialize(overrides: Record<string, unknown> = {}): Promise<string> {
  const init = expectAnswer(await api.post('/checkouts', initPayload(overrides)), 200, checkoutInitializedAnswer);
  return String(at(init, 'data', 'privateId'));
}

async function view(privateId: string): Promise<Record<string, unknown>> {
  return expectAnswer(await api.get(`/checkouts/${privateId}`), 200, checkoutViewAnswer).data as Record<string, unknown>;
}

async function simulate(privateId: string, action: string, body: unknown = {}): Promise<void> {
  const answer = await admin(sb, `/uat/checkouts/${privateId}/${action}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('the checkout API answers as its schemas say', () => {
  it('initialize, every update, the pay link and the widget token', async () => {
    const privateId = await initialize({
      metadata: { basket: 'b-1', tags: [1, 2] },
      customFields: [{ id: 'gift', fields: [{ id: 'wrap', value: true }] }],
    });
    const cart = {
      items: [
        {
          id: 'TENT-2P',
          description: 'Two-person tent',
          unitPrice: '2499.00',
          quantity: 1,
          vat: 25,
          sku: 'T2',
          unitWeight: 2.5,
          requiresElectronicId: false,
          type: 'PhysicalItem',
        },
      ],
      shippingProperties: { heavy: true },
    };
    expectAnswer(await api.call('PUT', `/checkouts/${privateId}/cart`, cart), 200, checkoutUpdatedAnswer);
    expectAnswer(
      await api.call('PUT', `/checkouts/${privateId}/fees`, {
        shipping: null,
        directInvoiceFee: { id: 'inv', description: 'Invoice fee', unitPrice: 29, vat: 0.25 },
      }),
      200,
      checkoutUpdatedAnswer,
    );
    expectAnswer(await api.call('PUT', `/checkouts/${privateId}/reference`, { Reference: 'ORD-7' }), 200, checkoutUpdatedAnswer);
    expectAnswer(await api.call('PUT', `/checkouts/${privateId}/metadata`, { metadata: 'any JSON' }), 200, checkoutUpdatedAnswer);
    expectAnswer(
      await api.call('PUT', `/checkouts/${privateId}/`, { cart: cart.items, reference: 'ORD-8', metadata: null }),
      200,
      checkoutUpdatedAnswer,
    );
    expectAnswer(
      await api.post(`/checkouts/${privateId}/paylink`, { destination: { mobilePhoneNumber: '0701234567' } }),
      200,
      checkoutUpdatedAnswer,
    );
    const widget = expectAnswer(await api.post('/widgets', { storeId: '1235' }), 200, widgetTokenAnswer);
    expect(at(widget, 'data', 'widgetToken')).toMatch(/^widget-NO-/);
    const data = await view(privateId);
    expect(data).toMatchObject({
      status: 'Initialized',
      reference: 'ORD-8',
      metadata: null,
      customFields: [{ id: 'gift', fields: [{ id: 'wrap', value: true }] }],
    });
    expect(at(data, 'fees', 'directInvoiceFee', 'vat')).toBe(25);
  });

  it('GET in every phase of a private customer: initialized, identified, committed, completed', async () => {
    const privateId = await initialize({ reference: null });
    expect(await view(privateId)).toMatchObject({
      status: 'Initialized',
      customer: null,
      businessCustomer: null,
      purchase: null,
      order: null,
      shipping: null,
      hasSessionExpired: false,
    });
    await simulate(privateId, 'customer', {
      customer: { email: 'kim@example.se', deliveryAddress: { firstName: 'Kim', city: 'Göteborg' } },
    });
    expect(await view(privateId)).toMatchObject({ status: 'CustomerIdentified', customer: { email: 'kim@example.se' } });
    await simulate(privateId, 'commit');
    expect(await view(privateId)).toMatchObject({ status: 'CommittedToPurchase' });
    const locked = await api.call('PUT', `/checkouts/${privateId}/cart`, {
      items: [{ id: 'A', description: 'A', unitPrice: 1, quantity: 1, vat: 25 }],
    });
    expectAnswer(locked, 900, checkoutErrorSchema);
    await simulate(privateId, 'purchase', { result: 'Preliminary', paymentName: 'Account' });
    const completed = await view(privateId);
    expect(completed).toMatchObject({
      status: 'PurchaseCompleted',
      cart: null,
      fees: null,
      paymentName: 'Account',
      purchase: { result: 'Preliminary' },
    });
    expect(at(completed, 'order', 'customerToken')).toBeNull();
    // A business rule rejection: HTTP 900 in the error envelope.
    expectAnswer(await api.call('PUT', `/checkouts/${privateId}/reference`, { Reference: 'late' }), 200, checkoutUpdatedAnswer);
    expectAnswer(await api.call('PUT', `/checkouts/${privateId}/metadata`, { metadata: {} }), 900, checkoutErrorSchema);
  });

  it('GET of a business customer, with a delivery module, on hold, on a recurring profile', async () => {
    const privateId = await initialize({
      fees: undefined,
      shipping: DELIVERY,
      storeId: 1236,
      profileName: 'Recurring',
      businessCustomerPrefill: {
        email: 'ap@company.example',
        organizationNumber: '5560001234',
        deliveryAddress: { companyName: 'Company AB', firstName: 'Ana' },
      },
    });
    const before = await view(privateId);
    expect(before).toMatchObject({ customerType: 'BusinessCustomer', shipping: { provider: 'MerchantFallback', shippingFee: 59 } });
    await simulate(privateId, 'customer');
    expect((await view(privateId)).businessCustomer).toMatchObject({ email: 'ap@company.example' });
    await simulate(privateId, 'purchase', { result: 'OnHold' });
    const onHold = await view(privateId);
    expect(onHold).toMatchObject({
      status: 'PurchaseCompleted',
      purchase: { result: 'OnHold' },
      shipping: { shippingFeeId: 'shipping-fee' },
    });
    expect(at(onHold, 'order', 'customerToken')).toEqual(expect.any(String));
  });

  it('GET of an aborted checkout; an expired one and an unknown one are 404 in the error envelope', async () => {
    const aborted = await initialize();
    await simulate(aborted, 'abort');
    expect(await view(aborted)).toMatchObject({ status: 'Aborted' });
    expectAnswer(await api.get('/checkouts/00000000-0000-4000-8000-000000000000'), 404, checkoutErrorSchema);
    expectAnswer(await api.post('/checkouts', initPayload({ cart: { items: [] }, countryCode: 'XX' })), 400, checkoutErrorSchema);
    const anonymous = await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000');
    expect(anonymous.status).toBe(401);
    expect(answerIssues(checkoutErrorSchema, await anonymous.json())).toEqual([]);
  });

  it('the legacy host answers the same shapes, both path styles', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const old = await signedFetch(sb, 'legacy', 'GET', `/merchants/1234/checkouts/${privateId}`);
    expect(answerIssues(checkoutViewAnswer, old.body)).toEqual([]);
    const fresh = await signedFetch(sb, 'legacy', 'POST', '/checkouts', JSON.stringify(initPayload()));
    expect(answerIssues(checkoutInitializedAnswer, fresh.body)).toEqual([]);
    const refused = await signedFetch(sb, 'legacy', 'GET', `/checkouts/${privateId}`, undefined, {
      username: 'nordic-outdoor-uat',
      key: 'wrong',
      storeId: '1234',
    });
    expect(refused.status).toBe(401);
    expect(answerIssues(checkoutErrorSchema, refused.body)).toEqual([]);
  });
});

describe('order administration answers as its schemas say', () => {
  async function purchasedOrder(result = 'Preliminary', overrides: Record<string, unknown> = {}): Promise<string> {
    const privateId = await initialize(overrides);
    await simulate(privateId, 'purchase', { result });
    return String(at(await view(privateId), 'order', 'orderId'));
  }

  it('an order through capture, refund and reauthorization; the latest orders', async () => {
    const orderId = await purchasedOrder();
    expect(at(expectAnswer(await api.get(`/manage/orders/${orderId}`), 200, orderDocumentSchema), 'data', 'status')).toBe('NotActivated');
    expect(
      (
        await api.post(`/manage/orders/${orderId}/capture`, {
          amount: '2499.00',
          items: [{ id: 'TENT-2P', quantity: 1, unitPrice: 2499 }],
          actionReference: 'cap-1',
        })
      ).status,
    ).toBe(202);
    expect(at(expectAnswer(await api.get(`/manage/orders/${orderId}`), 200, orderDocumentSchema), 'data', 'status')).toBe('PartActivated');
    expect((await api.post(`/manage/orders/${orderId}/refund`, { amount: 100, description: 'Goodwill' })).status).toBe(202);
    const refunded = expectAnswer(await api.get(`/manage/orders/${orderId}`), 200, orderDocumentSchema);
    expect(at(refunded, 'data', 'invoices', 1, 'type')).toBe('Credit');

    const increase = await purchasedOrder();
    const reauthorize = await api.post(`/manage/orders/${increase}/reauthorize`, { amount: 3000 });
    expect(reauthorize.status).toBe(201);
    const location = reauthorize.headers.get('location') ?? '';
    expect(at(expectAnswer(await api.get(location), 200, reauthorizationSchema), 'data', 'status')).toBe('Pending');
    sb.clock.advance(3000);
    expect(at(expectAnswer(await api.get(location), 200, reauthorizationSchema), 'data', 'status')).toBe('Completed');

    const list = expectAnswer(await api.get('/manage/orders/'), 200, latestOrdersSchema);
    expect((list.data as unknown[]).length).toBeGreaterThan(2);
  });

  it('a business order, an activated one and the seeded ones', async () => {
    const business = await purchasedOrder('Activated', {
      storeId: 1236,
      businessCustomerPrefill: { email: 'ap@company.example', organizationNumber: '5560001234' },
    });
    const document = expectAnswer(await api.get(`/manage/orders/${business}`), 200, orderDocumentSchema);
    expect(at(document, 'data', 'customer', 'type')).toBe('Organization');
    expect(at(document, 'data', 'expiresAt')).toBeNull();
    for (const order of sb.snapshot().environments.uat.orders.filter((o) => o.merchantId === '1001')) {
      expectAnswer(await api.get(`/manage/orders/${order.orderId}`), 200, orderDocumentSchema);
    }
  });

  it('refusals are problem details; a missing token the checkout envelope', async () => {
    const orderId = await purchasedOrder('Activated');
    expectAnswer(await api.post(`/manage/orders/${orderId}/capture`, { amount: 1 }), 422, problemSchema);
    expectAnswer(await api.get('/manage/orders/00000000-0000-4000-8000-000000000000'), 404, problemSchema);
    expectAnswer(await api.post(`/manage/orders/${orderId}/capture`, '{not json'), 400, problemSchema);
    expectAnswer(await api.call('DELETE', `/manage/orders/${orderId}`), 405, problemSchema);
    const anonymous = await sb.fetch(`/uat/api/manage/orders/${orderId}`);
    expect(anonymous.status).toBe(401);
    expect(answerIssues(checkoutErrorSchema, await anonymous.json())).toEqual([]);
  });
});

describe('the check names what does not match', () => {
  let real: Record<string, unknown>;
  beforeAll(async () => {
    const privateId = await initialize();
    // Identified, so that the answer has a customer object to edit.
    await simulate(privateId, 'customer');
    real = JSON.parse((await api.get(`/checkouts/${privateId}`)).text) as Record<string, unknown>;
    expect(answerIssues(checkoutViewAnswer, real)).toEqual([]);
  });
  const REMOVE = Symbol('remove');
  type Edit = [path: (string | number)[], value: unknown];
  /** A copy of the real answer with each edit applied (REMOVE deletes the field). */
  const changed = (...edits: Edit[]): unknown => {
    const copy = structuredClone(real);
    for (const [path, value] of edits) {
      const parent = path
        .slice(0, -1)
        .reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy);
      const last = path[path.length - 1] as string | number;
      if (value === REMOVE) delete parent[last];
      else parent[last] = value;
    }
    return copy;
  };

  it('an undeclared field, at any depth', () => {
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'customer', 'foo'], 1]))).toEqual(['data.customer.foo: unknown field']);
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'cart', 'items', 1, 'colour'], 'red']))).toEqual([
      'data.cart.items[1].colour: unknown field',
    ]);
    expect(answerIssues(checkoutViewAnswer, changed([['extra'], true]))).toEqual(['extra: unknown field']);
  });

  it('a wrong type, a missing field, a wrong format', () => {
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'cart', 'totalAmount'], '2747.00']))).toEqual([
      'data.cart.totalAmount: expected number, got string "2747.00"',
    ]);
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'reference'], 42]))).toEqual([
      'data.reference: expected string or null, got number 42',
    ]);
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'purchase'], REMOVE]))).toEqual([
      'data.purchase: missing (expected object or null)',
    ]);
    expect(answerIssues(checkoutViewAnswer, changed([['id'], 'not-a-guid']))).toEqual(['id: expected a uuid, got "not-a-guid"']);
    expect(answerIssues(checkoutViewAnswer, changed([['data'], null]))).toEqual(['data: expected object, got null']);
  });

  it('an unknown enum value', () => {
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'status'], 'Bogus']))).toEqual([
      'data.status: expected one of "Initialized", "CustomerIdentified", "CommittedToPurchase", "PurchaseCompleted", "Aborted", got "Bogus"',
    ]);
    expect(answerIssues(checkoutViewAnswer, changed([['data', 'customerType'], 'Company']))).toEqual([
      'data.customerType: expected one of "PrivateCustomer", "BusinessCustomer", got "Company"',
    ]);
    expect(answerIssues(checkoutViewAnswer, changed([['error'], false]))).toEqual(['error: expected null, got boolean false']);
  });

  it("leaves the merchant's free-form data alone", () => {
    const free = changed(
      [['data', 'metadata'], { any: ['thing', 1, null] }],
      [['data', 'customFields'], 'text'],
      [['data', 'cart', 'shippingProperties'], [true]],
    );
    expect(answerIssues(checkoutViewAnswer, free)).toEqual([]);
  });

  it('every problem at once, each on its own line', () => {
    const issues = answerIssues(
      checkoutViewAnswer,
      changed([['data', 'status'], 'Bogus'], [['data', 'customer', 'foo'], 1], [['data', 'cart', 'items', 0, 'quantity'], 1.5]),
    );
    expect(issues).toHaveLength(3);
    expect(issues).toContain('data.cart.items[0].quantity: expected an integer, got number 1.5');
  });
});
