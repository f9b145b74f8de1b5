/**
 * The legacy host ({legacy_base_url}): SharedKey, both path styles, every checkout endpoint,
 * lenient binding, validation, store isolation, expiry and the lifecycle's 423 / 900.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue, sharedKeyHex } from '../../src/domain/sharedkey-signature.js';
import { useSandboxShell } from '../support/sandbox.js';
import { FJORD, NORDIC, admin, at, initPayload, initializeOldStyle, read, signedFetch } from '../support/checkout-requests.js';

const sb = useSandboxShell({ port: 0, now: '2026-10-01T10:00:00Z', frozen: true });

const oldPath = (privateId: string, suffix = '', storeId = '1234'): string => `/merchants/${storeId}/checkouts/${privateId}${suffix}`;

describe('old path style on the legacy host', () => {
  it('initializes with the storeId in the body and answers the {id, data, error} envelope', async () => {
    const sent = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload()));
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), error: null });
    expect(sent.body.data).toEqual({
      privateId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      publicToken: expect.stringMatching(/^public-SE-[0-9a-f]{48}$/),
      // Sandbox clock + the scenario's 7-day lifetime, with 7 fractional digits and an offset.
      // 90 days on: the newest initialize page's expiresAt (it was 7 days, from older revisions of the get checkout page).
      expiresAt: '2026-12-30T10:00:00.0000000+00:00',
      // The pay link: the hosted checkout as a whole page on the frontend host.
      paymentUri: expect.stringMatching(/^http:\/\/[^/]+\/uat\/frontend\/p\/public-SE-[0-9a-f]{48}$/),
    });
  });

  it('serves GET and every update, each success with a JSON body whose error is null', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const get = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId));
    expect(get.status).toBe(200);
    expect(get.body.data).toMatchObject({
      customerType: 'PrivateCustomer',
      status: 'Initialized',
      reference: null,
      countryCode: 'SE',
      shipping: null,
      purchase: null,
      order: null,
      // 2499.00 + 2 × 99.50
      cart: {
        totalAmount: 2698,
        items: [
          { id: 'TENT-2P', unitPrice: 2499, quantity: 1, vat: 25 },
          { id: 'PEG-10', unitPrice: 99.5, quantity: 2 },
        ],
      },
      fees: { shipping: { id: 'shipping', description: 'Standard delivery', unitPrice: 49, vat: 25 } },
      // Not identified yet: no customer, as the documented initialized checkout shows.
      customer: null,
      businessCustomer: null,
      hasSessionExpired: false,
    });

    const updates: [string, string, unknown][] = [
      ['PUT', '/cart', { items: [{ id: 'BOOT', description: 'Boots', unitPrice: '1899.90', quantity: 1, vat: 25 }] }],
      ['PUT', '/fees', { shipping: { id: 'express', description: 'Express', unitPrice: '99.00', vat: 25 } }],
      ['PUT', '/reference', { Reference: 100045 }],
      ['PUT', '/metadata', { metadata: { cartHash: 'abc' } }],
      ['POST', '/paylink', { destination: { mobilePhoneNumber: '0701234567' } }],
    ];
    for (const [method, suffix, body] of updates) {
      const sent = await signedFetch(sb, 'legacy', method, oldPath(privateId, suffix), JSON.stringify(body));
      expect([suffix, sent.status, sent.body.error, sent.body.data]).toEqual([suffix, 200, null, null]);
    }
    const after = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId));
    expect(after.body.data).toMatchObject({
      reference: '100045',
      cart: { totalAmount: 1899.9, items: [{ id: 'BOOT', unitPrice: 1899.9 }] },
      fees: { shipping: { id: 'express', unitPrice: 99 } },
      metadata: { cartHash: 'abc' },
    });
  });

  it('issues a part-payment widget token on POST /widget', async () => {
    const sent = await signedFetch(sb, 'legacy', 'POST', '/widget', JSON.stringify({ storeId: 1234 }));
    expect(sent.status).toBe(200);
    // widget-<country>- and 93 base64 characters, as the widget page's token (widget-NO-0TTJOMER…).
    expect(sent.body.data).toEqual({
      widgetToken: expect.stringMatching(/^widget-SE-0[A-Za-z0-9+/]{92}$/),
      expiresAt: '2026-10-02T10:00:00.0000000+00:00',
    });
  });

  it('accepts a storeId in the path that is another store of the same merchant (WooCommerce euro stores)', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const get = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId, '', '1235'));
    expect(get.status).toBe(200);
  });

  it("with checkouts.storeMatching strict, answers 404 when the path names another store than the checkout's", async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    await sb.services.settings.update((s) => ({ ...s, checkouts: { ...s.checkouts, storeMatching: 'strict' } }));
    const other = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId, '', '1235'));
    expect(other.status).toBe(404);
    expect(other.body.error?.errors[0]).toEqual({
      reason: 'Resource_Not_Found',
      message: expect.stringContaining('belongs to store 1234'),
    });
    const cart = JSON.stringify({ items: [{ id: 'X', description: 'x', unitPrice: 1, quantity: 1, vat: 25 }] });
    expect((await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/cart', '1235'), cart)).status).toBe(404);
    expect((await signedFetch(sb, 'legacy', 'GET', oldPath(privateId))).status).toBe(200);
    // The new path style names no store: unaffected.
    expect((await signedFetch(sb, 'legacy', 'GET', `/checkouts/${privateId}`)).status).toBe(200);
  });
});

describe('new path style on the legacy host (SharedKey)', () => {
  it('serves POST /checkouts, GET, the whole update with a trailing slash, and every sub-resource', async () => {
    const init = await signedFetch(sb, 'legacy', 'POST', '/checkouts', JSON.stringify(initPayload()));
    expect(init.status).toBe(200);
    const privateId = String(at(init.body, 'data', 'privateId'));

    const whole = await signedFetch(
      sb,
      'legacy',
      'PUT',
      `/checkouts/${privateId}/`,
      JSON.stringify({
        cart: [{ id: 'A', description: 'A', unitPrice: '10.00', quantity: 3, vat: 25 }],
        fees: '',
        shippingProperties: { free_shipping: true },
      }),
    );
    expect([whole.status, whole.body.error, whole.body.data]).toEqual([200, null, null]);

    const get = await signedFetch(sb, 'legacy', 'GET', `/checkouts/${privateId}/`);
    expect(get.body.data).toMatchObject({
      cart: { totalAmount: 30, items: [{ id: 'A' }], shippingProperties: { free_shipping: true } },
      fees: { shipping: null },
    });

    for (const [method, suffix, body] of [
      ['PUT', '/cart', [{ id: 'B', description: 'B', unitPrice: 5, quantity: 1, vat: 12 }]],
      ['PUT', '/fees', { shipping: null }],
      ['PUT', '/reference', { reference: 'ORD-1' }],
      ['PUT', '/metadata', { metadata: null }],
      ['POST', '/paylink', { destination: { mobilePhoneNumber: '0701234567' } }],
    ] as const) {
      const sent = await signedFetch(sb, 'legacy', method, `/checkouts/${privateId}${suffix}`, JSON.stringify(body));
      expect([suffix, sent.status, sent.body.error]).toEqual([suffix, 200, null]);
    }
    const widget = await signedFetch(sb, 'legacy', 'POST', '/widgets', JSON.stringify({ storeId: '1235' }));
    expect(widget.body.data).toMatchObject({ widgetToken: expect.stringMatching(/^widget-NO-/) });
  });
});

describe('SharedKey as real clients compute it', () => {
  it('verifies the raw bytes of a PHP json_encode body (escaped slashes and \\uXXXX), never a re-serialisation', async () => {
    const php = String.raw`{"storeId":"1234","countryCode":"SE","reference":"","merchantTermsUri":"https:\/\/shop.example\/terms","cart":{"items":[{"id":"JACKA-1","description":"Regnjacka f\u00f6r barn \u00e5\u00e4\u00f6","unitPrice":"499.00","quantity":1,"vat":25}]},"fees":""}`;
    const sent = await signedFetch(sb, 'legacy', 'POST', '/checkout', php);
    expect(sent.status).toBe(200);
    const privateId = String(at(sent.body, 'data', 'privateId'));
    const get = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId));
    expect(at(get.body, 'data', 'cart', 'items', 0, 'description')).toBe('Regnjacka för barn åäö');

    // Signing the re-serialised JSON while sending the PHP bytes fails: the bytes are what count.
    const reserialised = JSON.stringify(JSON.parse(php));
    const wrong = await sb.fetch('/uat/legacy/checkout', {
      method: 'POST',
      body: php,
      headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, '/checkout', reserialised) },
    });
    expect(wrong.status).toBe(401);
  });

  it('works without Content-Type (OpenCart) and with Content-Type on GET (WooCommerce)', async () => {
    const body = JSON.stringify(initPayload());
    const response = await sb.fetch('/uat/legacy/checkout', {
      method: 'POST',
      body: new TextEncoder().encode(body),
      headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, '/checkout', body), accept: 'application/json' },
    });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.status).toBe(200);
  });

  it('accepts uppercase hex, and the path with or without its query string', async () => {
    const body = JSON.stringify(initPayload());
    const upper = `SharedKey ${Buffer.from(`${NORDIC.username}:${sharedKeyHex(body, '/checkout', NORDIC.key).toUpperCase()}`).toString('base64')}`;
    expect((await sb.fetch('/uat/legacy/checkout', { method: 'POST', body, headers: { authorization: upper } })).status).toBe(200);

    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const withQuery = `${oldPath(privateId)}?lang=sv`;
    for (const signedPath of [withQuery, oldPath(privateId)]) {
      const response = await sb.fetch(`/uat/legacy${withQuery}`, {
        headers: { authorization: sharedKeyHeaderValue(NORDIC.username, NORDIC.key, signedPath, '') },
      });
      expect([signedPath, response.status]).toEqual([signedPath, 200]);
    }
  });

  it('takes `Authorization:SharedKey x` without a space after the colon, over a real socket', async () => {
    const { port } = await sb.listen();
    const body = JSON.stringify(initPayload());
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /uat/legacy/checkout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nAuthorization:${sharedKeyHeaderValue(NORDIC.username, NORDIC.key, '/checkout', body)}\r\n` +
            `Connection: close\r\n\r\n${body}`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(raw).toContain('"error":null');
  });

  it('explains each failure with its own reason and never reveals the expected signature', async () => {
    const body = JSON.stringify(initPayload());
    const expectedHex = sharedKeyHex(body, '/checkout', NORDIC.key);
    const attempt = async (authorization?: string): Promise<{ status: number; reason: string; text: string; challenge: string | null }> => {
      const response = await sb.fetch('/uat/legacy/checkout', {
        method: 'POST',
        body,
        headers: authorization === undefined ? {} : { authorization },
      });
      const text = await response.text();
      const parsed = JSON.parse(text) as { error: { code: number; errors: { reason: string }[] } };
      expect(parsed.error.code).toBe(401);
      return { status: response.status, reason: parsed.error.errors[0]!.reason, text, challenge: response.headers.get('www-authenticate') };
    };

    expect(await attempt()).toMatchObject({ status: 401, reason: 'Missing_Authorization', challenge: 'SharedKey' });
    expect(await attempt('')).toMatchObject({ reason: 'Missing_Authorization' });
    const bearer = await attempt('Bearer eyJhbGciOi.x.y');
    expect(bearer.reason).toBe('Malformed_Authorization');
    expect(bearer.text).toContain('/uat/api');
    expect(await attempt('SharedKey not*base64')).toMatchObject({ reason: 'Malformed_Authorization' });
    const unknown = await attempt(sharedKeyHeaderValue('nobody', 'x', '/checkout', body));
    expect(unknown.reason).toBe('Unknown_Username');
    expect(unknown.text).toContain("'nobody'");
    // PROD credentials do not work in UAT.
    expect(await attempt(sharedKeyHeaderValue('nordic-outdoor', 'prod-shared-key-nordic-1001', '/checkout', body))).toMatchObject({
      reason: 'Unknown_Username',
    });
    const mismatch = await attempt(sharedKeyHeaderValue(NORDIC.username, 'wrong-key', '/checkout', body));
    expect(mismatch.reason).toBe('Signature_Mismatch');
    expect(mismatch.text).toContain(`${Buffer.byteLength(body)} body bytes`);
    expect(mismatch.text).toContain("'/checkout'");
    const wrongPath = await attempt(sharedKeyHeaderValue(NORDIC.username, NORDIC.key, '/uat/legacy/checkout', body));
    expect(wrongPath.reason).toBe('Signature_Mismatch');
    for (const failure of [mismatch, wrongPath, unknown]) {
      expect(failure.text).not.toContain(expectedHex);
      expect(failure.text).not.toContain(NORDIC.key);
    }
  });
});

describe('store isolation', () => {
  it("answers 403 for another merchant's store and 404 for another merchant's checkout", async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');

    const foreignStore = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId, '', '1234'), undefined, FJORD);
    expect(foreignStore.status).toBe(403);
    expect(foreignStore.body.error).toMatchObject({ code: 403, message: expect.stringContaining('Wrong StoreId') });

    const ownStoreForeignCheckout = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId, '', FJORD.storeId), undefined, FJORD);
    expect(ownStoreForeignCheckout.status).toBe(404);
    const newStyle = await signedFetch(
      sb,
      'legacy',
      'PUT',
      `/checkouts/${privateId}/cart`,
      JSON.stringify([{ id: 'x', description: 'x', unitPrice: 1, quantity: 1, vat: 25 }]),
      FJORD,
    );
    expect(newStyle.status).toBe(404);

    const initForeign = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload({ storeId: 1234 })), FJORD);
    expect(initForeign.status).toBe(403);
    expect(initForeign.body.error?.message).toContain('2234');
    const widgetForeign = await signedFetch(sb, 'legacy', 'POST', '/widget', JSON.stringify({ storeId: 5234 }), FJORD);
    expect(widgetForeign.status).toBe(403);
  });

  it('uses the only store when storeId is missing, and asks for it when the merchant has several', async () => {
    const single = await signedFetch(
      sb,
      'legacy',
      'POST',
      '/checkout',
      JSON.stringify(initPayload({ storeId: undefined, countryCode: 'NO' })),
      FJORD,
    );
    expect(single.status).toBe(200);
    const several = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload({ storeId: undefined })));
    expect(several.status).toBe(400);
    expect(several.body.error?.errors).toEqual([{ reason: 'Validation_Error', message: expect.stringContaining('1234, 1235') }]);
  });
});

describe('environments', () => {
  it('keeps PROD apart from UAT: its own credentials, stores and checkouts', async () => {
    const prod = { username: 'nordic-outdoor', key: 'prod-shared-key-nordic-1001', storeId: '5234' };
    const body = JSON.stringify(initPayload({ storeId: 5234 }));
    const response = await sb.fetch('/prod/legacy/checkout', {
      method: 'POST',
      body,
      headers: { authorization: sharedKeyHeaderValue(prod.username, prod.key, '/checkout', body) },
    });
    expect(response.status).toBe(200);
    const privateId = String(at(await response.json(), 'data', 'privateId'));
    const path = `/merchants/5234/checkouts/${privateId}`;
    const inProd = await sb.fetch(`/prod/legacy${path}`, {
      headers: { authorization: sharedKeyHeaderValue(prod.username, prod.key, path, '') },
    });
    expect(inProd.status).toBe(200);
    // The UAT merchant does not know it (its store 1234 path, its own signature).
    expect((await signedFetch(sb, 'legacy', 'GET', oldPath(privateId))).status).toBe(404);
  });
});

describe('validation', () => {
  it('answers 400 Validation_Error with one entry per problem', async () => {
    const sent = await signedFetch(
      sb,
      'legacy',
      'POST',
      '/checkout',
      JSON.stringify({
        storeId: 1234,
        merchantTermsUri: 'https://shop.example/terms',
        cart: { items: [{ id: 'A', unitPrice: 'x', quantity: 0, vat: 25 }, 'nope'] },
      }),
    );
    expect(sent.status).toBe(400);
    expect(sent.body.data).toBeNull();
    expect(sent.body.error?.code).toBe(400);
    expect(sent.body.error?.errors.map((e) => [e.reason, e.message.split(':')[0]])).toEqual([
      ['Validation_Error', 'countryCode'],
      ['Validation_Error', 'cart.items[0].description'],
      ['Validation_Error', 'cart.items[0].unitPrice'],
      ['Validation_Error', 'cart.items[0].quantity'],
      ['Validation_Error', 'cart.items[1]'],
    ]);
    expect(sent.body.error?.message).toContain('5 problems');
  });

  it('answers 400 Duplicate_Articles for a repeated id + description across cart and fees, also on updates', async () => {
    const dup = { id: 'shipping', description: 'Standard delivery', unitPrice: 49, quantity: 1, vat: 25 };
    const init = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(initPayload({ cart: { items: [dup] } })));
    expect(init.status).toBe(400);
    expect(init.body.error?.errors).toEqual([{ reason: 'Duplicate_Articles', message: expect.stringContaining("'shipping'") }]);

    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const cart = await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/cart'), JSON.stringify({ items: [dup] }));
    expect(cart.status).toBe(400);
    expect(cart.body.error?.errors[0]?.reason).toBe('Duplicate_Articles');
  });

  it('answers a body that is not JSON, or has no cart, with a Validation_Error that says how to fix it', async () => {
    const garbage = await signedFetch(sb, 'legacy', 'POST', '/checkout', '{"storeId": 1234,');
    expect(garbage.status).toBe(400);
    expect(garbage.body.error?.errors[0]?.message).toContain('not valid JSON');
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const noCart = await signedFetch(sb, 'legacy', 'PUT', `/checkouts/${privateId}/`, JSON.stringify({ fees: '' }));
    expect(noCart.status).toBe(400);
    expect(noCart.body.error?.errors[0]?.message).toContain('The Cart field is required');
  });

  it('binds leniently: keys in any case, numbers as strings, fee shapes, customer prefill', async () => {
    const payload = {
      StoreId: '1234',
      CountryCode: 'se',
      MerchantTermsUri: 'https://shop.example/terms',
      customer: { email: 'anna@example.com', mobilePhoneNumber: '0701234567' },
      Cart: { Items: [{ Id: 'A', Description: 'Socks', UnitPrice: '59.90', Quantity: '3', Vat: '25.0' }] },
      fees: {
        shipping: { id: 'ship', description: 'Post', unitPrice: '0', vat: 0.25 },
        directinvoicenotification: { id: 'n', description: 'Notice', unitPrice: 19, vat: 25 },
      },
    };
    const sent = await signedFetch(sb, 'legacy', 'POST', '/checkout', JSON.stringify(payload));
    expect(sent.status).toBe(200);
    const privateId = String(at(sent.body, 'data', 'privateId'));
    // The prefill is the customer's once they identify (before that there is no customer to show).
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`)).body).toMatchObject({ status: 'CustomerIdentified' });
    const get = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId));
    expect(get.body.data).toMatchObject({
      cart: { totalAmount: 179.7, items: [{ id: 'A', unitPrice: 59.9, quantity: 3, vat: 25 }] },
      fees: { shipping: { unitPrice: 0, vat: 25 }, directInvoiceFee: { id: 'n', unitPrice: 19 } },
      customer: {
        email: 'anna@example.com',
        mobilePhoneNumber: '0701234567',
        deliveryContactInformation: { mobilePhoneNumber: '0701234567' },
      },
    });
  });
});

describe('lifecycle and expiry', () => {
  it('refuses updates with 900 Purchase_Commitment_Found while committed and 900 Purchase_Completed after completion', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    const cart = JSON.stringify({ items: [{ id: 'B', description: 'B', unitPrice: 1, quantity: 1, vat: 25 }] });
    expect((await admin(sb, `/uat/checkouts/${privateId}/customer`)).body).toMatchObject({ status: 'CustomerIdentified' });
    expect((await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/cart'), cart)).status).toBe(200);

    expect((await admin(sb, `/uat/checkouts/${privateId}/commit`)).body).toMatchObject({ status: 'CommittedToPurchase' });
    const locked = await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/cart'), cart);
    expect(locked.status).toBe(900);
    expect(locked.body.error).toMatchObject({ code: 900, errors: [{ reason: 'Purchase_Commitment_Found' }] });
    // The reference can still be set while the customer commits (WooCommerce does exactly that).
    expect((await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/reference'), JSON.stringify({ Reference: 'WC-1' }))).status).toBe(
      200,
    );

    expect((await admin(sb, `/uat/checkouts/${privateId}/purchase`, { result: 'Preliminary', paymentName: 'Invoice' })).status).toBe(200);
    for (const suffix of ['/cart', '/fees', '/metadata']) {
      const body = suffix === '/cart' ? cart : suffix === '/fees' ? '{"shipping":null}' : '{"metadata":{}}';
      const completed = await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, suffix), body);
      expect([suffix, completed.status]).toEqual([suffix, 900]);
      expect(completed.body.error).toMatchObject({ code: 900, errors: [{ reason: 'Purchase_Completed' }] });
    }

    const get = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId));
    expect(get.status).toBe(200);
    expect(get.body.data).toMatchObject({
      status: 'PurchaseCompleted',
      reference: 'WC-1',
      cart: null,
      fees: null,
      paymentName: 'Invoice',
      // 1.00 of the updated cart + 49.00 shipping
      purchase: { result: 'Preliminary', paymentName: 'Invoice', amountToPay: 50, purchaseIdentifier: expect.stringMatching(/^\d{8}$/) },
      order: {
        orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        totalAmount: 50,
        items: [{ id: 'B' }, { id: 'shipping', unitPrice: 49 }],
      },
    });
  });

  it('answers 900 Checkout_Aborted on updates of an aborted checkout, and GET shows Aborted', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    expect((await admin(sb, `/uat/checkouts/${privateId}/abort`)).body).toMatchObject({ status: 'Aborted' });
    const update = await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/fees'), '{"shipping":null}');
    expect(update.status).toBe(900);
    expect(update.body.error?.errors[0]?.reason).toBe('Checkout_Aborted');
    expect(at((await signedFetch(sb, 'legacy', 'GET', oldPath(privateId))).body, 'data', 'status')).toBe('Aborted');
  });

  it('answers 404 once the checkout expired on the sandbox clock, and again when moved back it is found', async () => {
    const { privateId } = await initializeOldStyle(sb, 'legacy');
    // Unpurchased sessions live 90 days: the newest initialize page (https://payments.collectorbank.se/docs/checkout/initcheckout) says expiresAt is 90 days from creation (it was 7 days, from older revisions of the get checkout page).
    sb.clock.advance(90 * 24 * 3600 * 1000 - 1000);
    expect((await signedFetch(sb, 'legacy', 'GET', oldPath(privateId))).status).toBe(200);
    sb.clock.advance(1000);
    const gone = await signedFetch(sb, 'legacy', 'GET', oldPath(privateId));
    expect(gone.status).toBe(404);
    expect(gone.body.error?.message).toContain('expired');
    expect((await signedFetch(sb, 'legacy', 'PUT', oldPath(privateId, '/reference'), '{"Reference":"x"}')).status).toBe(404);
    sb.clock.advance(-1000);
    expect((await signedFetch(sb, 'legacy', 'GET', oldPath(privateId))).status).toBe(200);
  });

  it('answers 404 in the envelope for an unknown checkout and an unknown path', async () => {
    const unknown = await signedFetch(sb, 'legacy', 'GET', oldPath('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ data: null, error: { code: 404, errors: [{ reason: 'Resource_Not_Found' }] } });
    const path = await read(await sb.fetch('/uat/legacy/merchants/1234/checkouts'));
    expect(path.status).toBe(404);
  });
});
