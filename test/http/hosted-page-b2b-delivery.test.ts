/**
 * The hosted page's parts for B2B stores and delivery modules, without a browser: the B2B variant (company fields,
 * business personas, invoice only) that a B2B store selects, the delivery step of a profile
 * with a delivery module, personas that bring a company and a delivery choice, and that the
 * scenario's stores, personas and a checkout's choice survive a restart from the state file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Sandbox, createSandbox } from '../../src/index.js';
import { SCENARIO_DIR } from '../../src/store/scenario.js';
import { admin, at, initPayload } from '../support/checkout-requests.js';
import { ManageApi } from '../support/manage-api.js';

let sb: Sandbox;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hosted-b2b-delivery-'));
});
afterEach(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The default scenario plus personas: a company's buyer and a customer who always takes Budbee. */
function scenarioFile(): string {
  const yaml = readFileSync(join(SCENARIO_DIR, 'default.yaml'), 'utf8').replace(
    'environments:',
    `personas:
  - { name: Buyer at Fjällbolaget, email: buyer@fjallbolaget.example, mobilePhoneNumber: "+46702223344", postalCode: "41103", companyName: Fjällbolaget AB, organizationNumber: "5566778899" }
  - { name: Budbee fan, email: budbee@example.com, mobilePhoneNumber: "+46703334455", postalCode: "11130", shipping: { carrier: budbee, option: Parcel box } }
environments:`,
  );
  const file = join(dir, 'issue18.yaml');
  writeFileSync(file, yaml);
  return file;
}

/** A fresh world from the scenario file; `resume`: the state file's world, as a restart without flags. */
async function open(statePath?: string, resume = false): Promise<ManageApi> {
  const state = statePath ? { statePath } : {};
  sb = await createSandbox(
    resume
      ? { logLevel: 'silent', ...state }
      : { logLevel: 'silent', now: '2026-11-02T10:00:00Z', frozen: true, scenario: scenarioFile(), ...state },
  );
  return new ManageApi(sb);
}

async function initialize(api: ManageApi, overrides: Record<string, unknown>): Promise<{ privateId: string; publicToken: string }> {
  const init = await api.post('/checkouts', initPayload({ fees: '', ...overrides }));
  expect(init.status, init.text).toBe(200);
  return init.json.data as { privateId: string; publicToken: string };
}

const post = async (path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
  const response = await sb.fetch(`/uat/frontend${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const page = async (publicToken: string, query = ''): Promise<string> =>
  (await sb.fetch(`/uat/frontend/checkout/${publicToken}${query}`)).text();

describe('the B2B variant', () => {
  it('is what a B2B store’s checkout shows, whatever data-variant says: company fields, business personas, invoice only', async () => {
    const api = await open();
    const { publicToken } = await initialize(api, { storeId: 1236 });
    const html = await page(publicToken, '?lang=en-SE');
    expect(html).toContain('<body class="variant-b2b"');
    expect(html).toMatch(
      /<label for="organization-number">Organisation number<\/label>\s*<input id="organization-number" name="organizationNumber"/,
    );
    expect(html).toContain('Buyer at Fjällbolaget');
    expect(html).toContain('id="method-DirectInvoice"');
    expect(html).not.toContain('id="method-Card"');

    const b2c = await initialize(api, {});
    const privatePage = await page(b2c.publicToken, '?lang=en-SE&variant=b2b');
    expect(privatePage).not.toContain('id="organization-number"');
    expect(privatePage).not.toContain('Buyer at Fjällbolaget');
  });

  it('identifies with the company typed in, or the business persona’s', async () => {
    const api = await open();
    const typed = await initialize(api, { storeId: 1236 });
    const answer = await post(`/checkout/${typed.publicToken}/customer`, {
      email: 'ap@firm.example',
      mobilePhoneNumber: '0701112233',
      postalCode: '41103',
      organizationNumber: '5560360793',
      companyName: 'Volvo Test AB',
      invoiceReference: 'Kim',
    });
    expect(answer.status).toBe(200);
    const business = at((await api.get(`/checkouts/${typed.privateId}`)).json, 'data', 'businessCustomer');
    expect(business).toMatchObject({
      organizationNumber: '5560360793',
      companyName: 'Volvo Test AB',
      invoiceReference: 'Kim',
      email: 'ap@firm.example',
    });

    const persona = await initialize(api, { storeId: 1236 });
    await post(`/checkout/${persona.publicToken}/customer`, {
      email: 'buyer@fjallbolaget.example',
      mobilePhoneNumber: '+46702223344',
      postalCode: '41103',
    });
    expect(at((await api.get(`/checkouts/${persona.privateId}`)).json, 'data', 'businessCustomer')).toMatchObject({
      organizationNumber: '5566778899',
      companyName: 'Fjällbolaget AB',
    });
  });

  it('refuses company fields on a private checkout (400 in the page’s JSON)', async () => {
    const api = await open();
    const { publicToken } = await initialize(api, {});
    const refused = await post(`/checkout/${publicToken}/customer`, {
      email: 'kim@example.org',
      mobilePhoneNumber: '0701',
      postalCode: '11122',
      organizationNumber: '5566778899',
    });
    expect(refused.status).toBe(400);
    expect(at(refused.json, 'error', 'message')).toContain('are for business checkouts');
  });
});

describe('the delivery step', () => {
  it('lists every carrier’s options once identified; a change is charged and shown in the cart', async () => {
    const api = await open();
    const { privateId, publicToken } = await initialize(api, { profileName: 'shipping' });
    const before = await page(publicToken, '?lang=en-SE');
    expect(before).toMatch(/<form id="delivery" data-provider="nShift" hidden>/);
    expect(before).toMatch(
      /<input type="radio" id="delivery-postnord-home" name="delivery" value="home" data-carrier="postnord" ><label for="delivery-postnord-home">Home delivery · 99,00\skr · 1-2 days<\/label>/,
    );

    const identified = await post(`/checkout/${publicToken}/customer`, {
      email: 'kim@example.org',
      mobilePhoneNumber: '0701',
      postalCode: '11122',
    });
    expect(at(identified.json, 'shipping', 'shippingFeeId')).toBe('shipping|postnord:service-point');
    const chosen = await post(`/checkout/${publicToken}/shipping`, { carrier: 'postnord', option: 'home' });
    expect(chosen.status).toBe(200);
    expect(at(chosen.json, 'shipping', 'shippingFee')).toBe(99);
    const cart = await (await sb.fetch(`/uat/frontend/checkout/${publicToken}/cart?lang=en-SE`)).text();
    expect(cart).toMatch(/<tr data-shipping-id="shipping\|postnord:home"><td>PostNord Home delivery<\/td>/);
    expect(cart).toMatch(/id="total">2\s797,00\skr</);
    expect(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'shipping', 'carrierName')).toBe('PostNord');
    const unknown = await post(`/checkout/${publicToken}/shipping`, { carrier: 'postnord', option: 'drone' });
    expect([unknown.status, String(at(unknown.json, 'error', 'message'))]).toEqual([
      400,
      expect.stringContaining("shipping.option: 'drone' is not an option"),
    ]);
  });

  it('takes a persona’s carrier and option when the module offers them', async () => {
    const api = await open();
    const { privateId, publicToken } = await initialize(api, { profileName: 'shipping' });
    await post(`/checkout/${publicToken}/customer`, {
      email: 'budbee@example.com',
      mobilePhoneNumber: '+46703334455',
      postalCode: '11130',
    });
    expect(at((await api.get(`/checkouts/${privateId}`)).json, 'data', 'shipping')).toMatchObject({ carrierId: 'budbee', shippingFee: 39 });
    // On the Delivery profile Budbee is not offered: the persona takes the first option there.
    const other = await initialize(api, { profileName: 'Delivery' });
    await post(`/checkout/${other.publicToken}/customer`, {
      email: 'budbee@example.com',
      mobilePhoneNumber: '+46703334455',
      postalCode: '11130',
    });
    expect(at((await api.get(`/checkouts/${other.privateId}`)).json, 'data', 'shipping', 'carrierId')).toBe('dhl');
  });
});

describe('after a restart from the state file', () => {
  it('the stores’ segments and profiles, the personas and a checkout’s choice and company are all still there', async () => {
    const statePath = join(dir, 'state.json');
    let api = await open(statePath);
    const b2b = await initialize(api, { storeId: 1236 });
    await post(`/checkout/${b2b.publicToken}/customer`, {
      email: 'buyer@fjallbolaget.example',
      mobilePhoneNumber: '+46702223344',
      postalCode: '41103',
    });
    const delivery = await initialize(api, { profileName: 'shipping' });
    await admin(sb, `/uat/checkouts/${delivery.privateId}/customer`, { shipping: { carrier: 'budbee' } });
    const shippingBefore = at((await api.get(`/checkouts/${delivery.privateId}`)).json, 'data', 'shipping');
    await sb.close();

    api = await open(statePath, true);
    expect(at((await api.get(`/checkouts/${delivery.privateId}`)).json, 'data', 'shipping')).toEqual(shippingBefore);
    expect(at((await api.get(`/checkouts/${b2b.privateId}`)).json, 'data', 'businessCustomer', 'companyName')).toBe('Fjällbolaget AB');
    const stores = at((await admin(sb, '/uat/merchants', undefined, 'GET')).body, 'merchants', 0, 'stores') as Record<string, unknown>[];
    expect(stores.map((s) => s.salesSegment)).toEqual(['B2C', 'B2C', 'B2B']);
    expect(at(stores, 0, 'profiles', 0, 'deliveryModule', 'provider')).toBe('nShift');
    // The scenario's personas, company and delivery choice included, came back from the snapshot.
    const fresh = await initialize(api, { profileName: 'shipping' });
    await post(`/checkout/${fresh.publicToken}/customer`, {
      email: 'budbee@example.com',
      mobilePhoneNumber: '+46703334455',
      postalCode: '11130',
    });
    expect(at((await api.get(`/checkouts/${fresh.privateId}`)).json, 'data', 'shipping', 'carrierId')).toBe('budbee');
  });
});
