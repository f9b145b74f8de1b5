/**
 * Turns a validated scenario into the state document. Deterministic: the same scenario,
 * seed and seeding instant give an identical document (faker is seeded, salts and ids come
 * from it, never from Math.random or the crypto RNG).
 */
import type { Faker } from '@faker-js/faker';
import { instant } from '../clock.js';
import { ENVIRONMENTS } from '../hosts.js';
import { amountToPay, publicTokenFor } from '../domain/checkout.js';
import type { ApiClient, Checkout, Merchant, Order, PurchaseResult } from '../domain/model.js';
import { CHECKOUT_STATUSES, ORDER_STATUSES } from '../domain/model.js';
import { orderFromCheckout } from '../domain/order.js';
import { sumLines } from '../domain/money.js';
import { hashSecret } from '../identity/secrets.js';
import { fakeCartItems, fakeCustomer } from './fake.js';
import { createFaker } from './faker.js';
import type { ExplicitCheckout, ExplicitOrder, Scenario, ScenarioMerchant } from './scenario.js';
import type { EnvState, SandboxState, Settings } from './state.js';

export function settingsOf(scenario: Scenario): Settings {
  return {
    tokens: {
      lifetimeSeconds: scenario.tokens.lifetimeSeconds,
      extLifetimeSeconds: scenario.tokens.extLifetimeSeconds ?? scenario.tokens.lifetimeSeconds,
      clockSkewSeconds: scenario.tokens.clockSkewSeconds,
      rateLimit: scenario.tokens.rateLimit,
    },
    retirement: {
      shutdownAt: instant(scenario.retirement.shutdownAt).toISOString(),
      afterShutdown: scenario.retirement.afterShutdown,
      brownouts: scenario.retirement.brownouts.map((b) => ({
        start: instant(b.start).toISOString(),
        end: instant(b.end).toISOString(),
      })),
    },
    checkouts: { lifetimeSeconds: scenario.checkouts.lifetimeSeconds, storeMatching: scenario.checkouts.storeMatching },
    orders: { lifetimeSeconds: scenario.orders.lifetimeSeconds },
    onHold: { resolveAfterSeconds: scenario.onHold.resolveAfterSeconds, invoiceStatus: scenario.onHold.invoiceStatus },
  };
}

export function seedState(scenario: Scenario, nowMs: number): SandboxState {
  const faker = createFaker(scenario.seed);
  const settings = settingsOf(scenario);
  const environments = {} as Record<(typeof ENVIRONMENTS)[number], EnvState>;
  for (const env of ENVIRONMENTS) {
    const seeder = new EnvSeeder(faker, settings, nowMs);
    for (const merchant of scenario.environments[env].merchants) seeder.addMerchant(merchant);
    environments[env] = seeder.state;
  }
  return {
    version: 1,
    scenario: scenario.name,
    seed: scenario.seed,
    seededAt: instant(nowMs).toISOString(),
    clock: null,
    settings,
    environments,
  };
}

class EnvSeeder {
  readonly state: EnvState = { merchants: [], apiClients: [], checkouts: [], orders: [], journals: {} };

  constructor(
    private readonly faker: Faker,
    private readonly settings: Settings,
    private readonly nowMs: number,
  ) {}

  addMerchant(m: ScenarioMerchant): void {
    const merchant: Merchant = {
      id: m.id,
      name: m.name,
      stores: m.stores.map((s) => ({ id: s.id, countryCode: s.countryCode, currency: s.currency })),
      sharedKey: { ...m.sharedKey },
      webhookUri: m.webhookUri,
      invoiceStatusUri: m.invoiceStatusUri,
    };
    this.state.merchants.push(merchant);
    for (const client of m.apiClients) this.state.apiClients.push(this.apiClient(merchant, client));

    const checkouts = Array.isArray(m.checkouts) ? m.checkouts : this.generatedCheckouts(merchant, m.checkouts.generate);
    for (const c of checkouts) this.addCheckout(merchant, c);
    const orders = Array.isArray(m.orders) ? m.orders : this.generatedOrders(merchant, m.orders.generate);
    for (const o of orders) this.addOrder(merchant, o);
  }

  private apiClient(merchant: Merchant, c: ScenarioMerchant['apiClients'][number]): ApiClient {
    const salt = this.faker.string.hexadecimal({ length: 32, casing: 'lower', prefix: '' });
    return {
      clientId: c.clientId.toLowerCase(),
      merchantId: merchant.id,
      objectId: this.faker.string.uuid(),
      name: c.name ?? `${merchant.name} integration`,
      secrets: [
        {
          secretId: this.faker.string.uuid(),
          hash: hashSecret(c.clientSecret, salt),
          salt,
          hint: c.clientSecret.slice(0, 3),
          createdAt: this.iso(0),
          expiresAt: c.secretExpiresAt ? instant(c.secretExpiresAt).toISOString() : null,
        },
      ],
      tokenLifetimeSeconds: c.tokenLifetimeSeconds ?? null,
      createdAt: this.iso(0),
      revokedAt: null,
    };
  }

  private addCheckout(merchant: Merchant, c: ExplicitCheckout): void {
    const store = this.store(merchant, c.storeId);
    const privateId = c.privateId ?? this.faker.string.uuid();
    const [firstItem, ...restItems] = c.items;
    const committed = c.status !== 'Initialized';
    const checkout: Checkout = {
      privateId,
      publicToken: publicTokenFor(store.countryCode, this.faker.string.hexadecimal({ length: 32, casing: 'lower', prefix: '' })),
      merchantId: merchant.id,
      storeId: store.id,
      countryCode: store.countryCode,
      currency: store.currency,
      status: c.status,
      createdAt: this.iso(-3600),
      expiresAt: this.iso(c.expiresInSeconds ?? this.settings.checkouts.lifetimeSeconds),
      reference: c.reference,
      cart: {
        items: [firstItem, ...restItems].filter((i) => i !== undefined).map((i) => ({ ...i })),
        shippingProperties: null,
      },
      fees: {
        shipping: c.shipping ? { id: c.shipping.id, description: c.shipping.description, unitPrice: c.shipping.unitPrice, vat: c.shipping.vat } : null,
        directInvoiceFee: null,
      },
      metadata: null,
      customerType: 'PrivateCustomer',
      customer: committed ? fakeCustomer(this.faker, store.countryCode) : null,
      purchase: null,
      orderId: null,
      merchantTermsUri: 'https://merchant.example/terms',
      notificationUri: c.notificationUri ?? null,
      redirectPageUri: null,
      validationUri: null,
      profileName: null,
      customFields: null,
    };
    if (c.status === 'PurchaseCompleted') this.complete(checkout, c.purchaseResult ?? 'Preliminary');
    this.state.checkouts.push(checkout);
  }

  private complete(checkout: Checkout, result: PurchaseResult): void {
    const order = orderFromCheckout(checkout, {
      orderId: this.faker.string.uuid(),
      placedAt: this.iso(-1800),
      expiresAt: this.iso(this.settings.orders.lifetimeSeconds),
      paymentMethod: 'DirectInvoice',
    });
    checkout.orderId = order.orderId;
    checkout.purchase = {
      amountToPay: amountToPay(checkout),
      paymentName: 'DirectInvoice',
      invoiceDeliveryMethod: 'Email',
      purchaseIdentifier: this.faker.string.numeric(8),
      result,
    };
    this.state.orders.push(order);
  }

  private addOrder(merchant: Merchant, o: ExplicitOrder): void {
    const store = this.store(merchant, o.storeId);
    const items = o.items.map((i) => ({ id: i.id, description: i.description, unitPrice: i.unitPrice, quantity: i.quantity, vat: i.vat }));
    const order: Order = {
      orderId: (o.orderId ?? this.faker.string.uuid()).toLowerCase(),
      merchantId: merchant.id,
      storeId: store.id,
      checkoutPrivateId: null,
      reference: o.reference,
      paymentMethod: o.paymentMethod,
      currency: store.currency,
      countryCode: store.countryCode,
      salesSegment: 'B2C',
      status: o.status,
      placedAt: this.iso(-86400),
      expiresAt: this.iso(o.expiresInSeconds ?? this.settings.orders.lifetimeSeconds),
      totalAmount: sumLines(items),
      items,
      customer: fakeCustomer(this.faker, store.countryCode),
      invoices: [],
    };
    // Seeded captured/refunded orders carry the invoices their status implies.
    if (['Activated', 'Returned'].includes(o.status)) {
      order.invoices.push(this.invoice('Invoice', order.totalAmount, items));
    }
    if (o.status === 'Returned') order.invoices.push(this.invoice('Credit', order.totalAmount, items));
    this.state.orders.push(order);
  }

  private invoice(type: 'Invoice' | 'Credit', amount: number, items: Order['items']): Order['invoices'][number] {
    return {
      invoiceNumber: this.faker.string.numeric(9),
      type,
      amount,
      items: items.map((i) => ({ ...i })),
      createdAt: this.iso(-3600),
      actionReference: null,
      description: null,
    };
  }

  private generatedCheckouts(merchant: Merchant, count: number): ExplicitCheckout[] {
    return Array.from({ length: count }, (_, i) => ({
      storeId: this.pickStore(merchant).id,
      status: CHECKOUT_STATUSES[i % CHECKOUT_STATUSES.length] ?? 'Initialized',
      reference: i % 2 === 0 ? null : `ORD-${this.faker.string.numeric(6)}`,
      items: fakeCartItems(this.faker, this.faker.number.int({ min: 1, max: 3 })),
      shipping: { id: 'shipping', description: 'Shipping', unitPrice: 4900, vat: 25 },
    }));
  }

  private generatedOrders(merchant: Merchant, count: number): ExplicitOrder[] {
    const statuses = ORDER_STATUSES.filter((s) => s !== 'PartActivated' && s !== 'Expired');
    return Array.from({ length: count }, (_, i) => ({
      storeId: this.pickStore(merchant).id,
      status: statuses[i % statuses.length] ?? 'NotActivated',
      reference: `ORD-${this.faker.string.numeric(6)}`,
      paymentMethod: 'DirectInvoice',
      items: fakeCartItems(this.faker, this.faker.number.int({ min: 1, max: 3 })),
    }));
  }

  private pickStore(merchant: Merchant): Merchant['stores'][number] {
    const store = this.faker.helpers.arrayElement(merchant.stores);
    return store;
  }

  private store(merchant: Merchant, storeId: string): Merchant['stores'][number] {
    const store = merchant.stores.find((s) => s.id === storeId);
    if (!store) throw new Error(`merchant ${merchant.id} has no store ${storeId}`);
    return store;
  }

  private iso(offsetSeconds: number): string {
    return instant(this.nowMs + offsetSeconds * 1000).toISOString();
  }
}
