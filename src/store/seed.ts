/**
 * Turns a validated scenario into the state document. Deterministic: the same scenario,
 * seed and seeding instant give an identical document (faker is seeded, salts and ids come
 * from it, never from Math.random or the crypto RNG).
 */
import { instant } from '../clock.js';
import { ENVIRONMENTS } from '../hosts.js';
import { amountToPay, publicTokenFor } from '../domain/checkout.js';
import type { Checkout, Order, PurchaseResult } from '../domain/model.js';
import { MERCHANT_FIELDS, type ApiClient, type Merchant, type MerchantEntry, fieldsOf, storeFromScenario } from '../domain/merchant.js';
import { CHECKOUT_STATUSES, ORDER_STATUSES } from '../domain/model.js';
import { orderFromCheckout } from '../domain/order.js';
import { sumLines } from '../domain/money.js';
import { SeededRandom } from '../domain/random.js';
import { hashSecret } from '../domain/secret-hash.js';
import type { Customer } from '../domain/model.js';
import type { Faker } from '@faker-js/faker';
import { loadFaker } from '../fake/faker.js';
import { fakeBusinessCustomer, fakeCartItems, fakeCustomer } from '../fake/people.js';
import { customerTypeOf, segmentOf } from '../domain/sales-segment.js';
import type { ExplicitCheckout, ExplicitOrder, Scenario, ScenarioMerchant } from './scenario.js';
import { type EnvDoc, SNAPSHOT_VERSION, type SnapshotDoc } from './snapshot.js';
import type { Settings } from './state.js';

/** The scenario's settings: its sections the settings schema read (src/domain/settings.ts). */
export function settingsOf(scenario: Scenario): Settings {
  const {
    name: _name,
    description: _description,
    seed: _seed,
    clock: _clock,
    environments: _environments,
    faults: _faults,
    ...settings
  } = scenario;
  return settings;
}

/**
 * Names, addresses and products come from faker, loaded only when the scenario seeds
 * customers or generates data, and drawn from small pools, so 100,000 generated records
 * seed in well under a second. Ids, salts and numbers come from a seeded PRNG.
 */
class FakePools {
  private readonly customers = new Map<string, Customer[]>();
  private items: ReturnType<typeof fakeCartItems> | null = null;

  constructor(private readonly faker: Faker | null) {}

  static needsFaker(scenario: Scenario): boolean {
    return ENVIRONMENTS.some((env) =>
      scenario.environments[env].merchants.some(
        (m) =>
          !Array.isArray(m.checkouts) ||
          !Array.isArray(m.orders) ||
          m.orders.length > 0 ||
          m.checkouts.some((c) => c.status !== 'Initialized'),
      ),
    );
  }

  /** A private customer, or for a B2B store a business customer with their company. */
  customer(random: SeededRandom, countryCode: string, segment: 'B2C' | 'B2B' = 'B2C'): Customer {
    const key = `${countryCode}/${segment}`;
    let pool = this.customers.get(key);
    const faker = this.faker;
    if (!pool) {
      const make = segment === 'B2B' ? fakeBusinessCustomer : fakeCustomer;
      pool = faker ? Array.from({ length: 64 }, () => make(faker, countryCode)) : [];
      this.customers.set(key, pool);
    }
    // Shared, not copied: records are never edited in place (services replace them whole).
    return random.pick(pool);
  }

  cartItems(random: SeededRandom, count: number): ReturnType<typeof fakeCartItems> {
    this.items ??= this.faker ? fakeCartItems(this.faker, 128) : [];
    const items = this.items;
    const picked = new Map<string, (typeof items)[number]>();
    while (picked.size < Math.min(count, items.length)) {
      const item = random.pick(items);
      picked.set(item.id, { ...item, quantity: random.int(1, 3) });
    }
    return [...picked.values()];
  }
}

/** Mixed into the scenario's seed for the webhook signing keys' stream. */
const SIGNING_KEY_STREAM = 0x5e1f;

export async function seedState(scenario: Scenario, nowMs: number): Promise<SnapshotDoc> {
  return seedWith(scenario, nowMs, new FakePools(FakePools.needsFaker(scenario) ? await loadFaker(scenario.seed) : null));
}

function seedWith(scenario: Scenario, nowMs: number, pools: FakePools): SnapshotDoc {
  const random = new SeededRandom(scenario.seed);
  // Signing keys come from a stream of their own, so the rest of a seeded world stays as it was before keys were made.
  const keys = new SeededRandom(scenario.seed ^ SIGNING_KEY_STREAM);
  const settings = settingsOf(scenario);
  const environments = {} as Record<(typeof ENVIRONMENTS)[number], EnvDoc>;
  for (const env of ENVIRONMENTS) {
    const seeder = new EnvSeeder(random, keys, pools, settings, nowMs);
    for (const merchant of scenario.environments[env].merchants) seeder.addMerchant(merchant);
    environments[env] = seeder.state;
  }
  return {
    version: SNAPSHOT_VERSION,
    scenario: scenario.name,
    seed: scenario.seed,
    seededAt: instant(nowMs).toISOString(),
    clock: null,
    settings,
    environments,
  };
}

/** The merchant a scenario's entry (or POST /__admin/{env}/merchants) describes, without its API clients. */
export function merchantFromEntry(m: MerchantEntry, signingKey: () => string): Merchant {
  return {
    ...fieldsOf(m, MERCHANT_FIELDS),
    stores: m.stores.map(storeFromScenario),
    sharedKey: { ...m.sharedKey },
    webhookHmacKey: m.webhookHmacKey ?? signingKey(),
  };
}

class EnvSeeder {
  readonly state: EnvDoc = { merchants: [], apiClients: [], checkouts: [], orders: [], records: {} };

  constructor(
    private readonly random: SeededRandom,
    private readonly keys: SeededRandom,
    private readonly pools: FakePools,
    private readonly settings: Settings,
    private readonly nowMs: number,
  ) {}

  addMerchant(m: ScenarioMerchant): void {
    // Every merchant signs its webhooks (the overview lists Walley-Signature among every request's headers).
    const merchant = merchantFromEntry(m, () => this.keys.hex(32));
    this.state.merchants.push(merchant);
    for (const client of m.apiClients) this.state.apiClients.push(this.apiClient(merchant, client));

    const checkouts = Array.isArray(m.checkouts) ? m.checkouts : this.generatedCheckouts(merchant, m.checkouts.generate);
    for (const c of checkouts) this.addCheckout(merchant, c);
    const orders = Array.isArray(m.orders) ? m.orders : this.generatedOrders(merchant, m.orders.generate);
    for (const o of orders) this.addOrder(merchant, o);
  }

  private apiClient(merchant: Merchant, c: ScenarioMerchant['apiClients'][number]): ApiClient {
    const salt = this.random.hex(32);
    return {
      clientId: c.clientId.toLowerCase(),
      merchantId: merchant.id,
      objectId: this.random.uuid(),
      name: c.name ?? `${merchant.name} integration`,
      secrets: [
        {
          secretId: this.random.uuid(),
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
    const privateId = c.privateId ?? this.random.uuid();
    const [firstItem, ...restItems] = c.items;
    const committed = c.status !== 'Initialized';
    const checkout: Checkout = {
      privateId,
      publicToken: publicTokenFor(store.countryCode, this.random.hex(32)),
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
        shipping: c.shipping
          ? { id: c.shipping.id, description: c.shipping.description, unitPrice: c.shipping.unitPrice, vat: c.shipping.vat }
          : null,
        directInvoiceFee: null,
      },
      metadata: null,
      customerType: customerTypeOf(segmentOf(store)),
      customer: committed ? this.pools.customer(this.random, store.countryCode, segmentOf(store)) : null,
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
      orderId: this.random.uuid(),
      placedAt: this.iso(-1800),
      expiresAt: this.iso(this.settings.orders.lifetimeSeconds),
      paymentMethod: 'DirectInvoice',
    });
    checkout.orderId = order.orderId;
    checkout.purchase = {
      amountToPay: amountToPay(checkout),
      paymentName: 'DirectInvoice',
      invoiceDeliveryMethod: 'Email',
      purchaseIdentifier: this.random.digits(8),
      result,
    };
    this.state.orders.push(order);
  }

  private addOrder(merchant: Merchant, o: ExplicitOrder): void {
    const store = this.store(merchant, o.storeId);
    const items = o.items.map((i) => ({ id: i.id, description: i.description, unitPrice: i.unitPrice, quantity: i.quantity, vat: i.vat }));
    const order: Order = {
      orderId: (o.orderId ?? this.random.uuid()).toLowerCase(),
      merchantId: merchant.id,
      storeId: store.id,
      checkoutPrivateId: null,
      reference: o.reference,
      paymentMethod: o.paymentMethod,
      currency: store.currency,
      countryCode: store.countryCode,
      salesSegment: segmentOf(store),
      status: o.status,
      placedAt: this.iso(-86400),
      expiresAt: this.iso(o.expiresInSeconds ?? this.settings.orders.lifetimeSeconds),
      totalAmount: sumLines(items),
      items,
      customer: this.pools.customer(this.random, store.countryCode, segmentOf(store)),
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
      invoiceNumber: this.random.digits(9),
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
      reference: i % 2 === 0 ? null : `ORD-${this.random.digits(6)}`,
      items: this.pools.cartItems(this.random, this.random.int(1, 3)),
      shipping: { id: 'shipping', description: 'Shipping', unitPrice: 4900, vat: 25 },
    }));
  }

  private generatedOrders(merchant: Merchant, count: number): ExplicitOrder[] {
    const statuses = ORDER_STATUSES.filter((s) => s !== 'PartActivated' && s !== 'Expired');
    return Array.from({ length: count }, (_, i) => ({
      storeId: this.pickStore(merchant).id,
      status: statuses[i % statuses.length] ?? 'NotActivated',
      reference: `ORD-${this.random.digits(6)}`,
      paymentMethod: 'DirectInvoice',
      items: this.pools.cartItems(this.random, this.random.int(1, 3)),
    }));
  }

  private pickStore(merchant: Merchant): Merchant['stores'][number] {
    return this.random.pick(merchant.stores);
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
