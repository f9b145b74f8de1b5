/**
 * The one owner of checkouts (json-server's service.ts pattern): route handlers, the
 * customer simulation and the admin go through it, never through the store. Records are
 * replaced whole, never edited in place, and every change is durable before it returns.
 * A merchant's modifying request holds the checkout until its change is saved: another one
 * meanwhile is refused as the service refuses it (423 Resource_Locked). The customer's steps
 * (identify, commit, purchase, abort) take the checkout's turn instead (`exclusive`): each
 * reads, checks and changes it as one step, the next one after it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Clock, instant } from '../clock.js';
import type { CheckoutInit } from '../domain/requests/checkout.js';
import { isExpired, publicTokenFor } from '../domain/checkout.js';
import { modificationInProgress } from '../domain/checkout-lifecycle.js';
import { profileFor, profileRejection } from '../domain/delivery-module.js';
import type { Checkout, Order } from '../domain/model.js';
import type { DeliveryModule, Merchant, Store } from '../domain/merchant.js';
import { startingCustomer } from '../domain/sales-segment.js';
import { Violation } from '../domain/violation.js';
import { orderCreatedEvent, orderStatusOfPurchase } from '../domain/webhook-events.js';
import type { Settings } from '../domain/settings.js';
import type { EnvName } from '../hosts.js';
import type { CollectionTypes, RecordTypes } from '../domain/records.js';
import { type Change, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';
import type { OrderReadLag } from './order-read-lag.js';
import type { WebhookOutbox } from './webhooks.js';

export type CheckoutLookup = { checkout: Checkout } | { missing: 'unknown' | 'expired' };

/** What the handlers and the simulation may change on a checkout. */
export type CheckoutChanges = Partial<
  Pick<
    Checkout,
    | 'cart'
    | 'fees'
    | 'shipping'
    | 'delivery'
    | 'reference'
    | 'referenceUpdatedAfterPurchaseAt'
    | 'metadata'
    | 'status'
    | 'customer'
    | 'purchase'
    | 'orderId'
    | 'customerToken'
  >
>;

/** A public token's random part: 24 bytes, the 48 hex digits of the documented examples. */
const PUBLIC_TOKEN_BYTES = 24;

export class CheckoutService {
  /** The checkouts (by lower-case privateId) a merchant's modifying request is changing right now. */
  private readonly modifying = new Set<string>();

  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    readonly env: EnvName,
    private readonly webhooks: WebhookOutbox,
    private readonly lag: OrderReadLag,
  ) {}

  private get checkouts() {
    return this.store.env(this.env).checkouts;
  }

  private settings(): Settings {
    return this.store.settings();
  }

  /**
   * A new checkout on the merchant's store. The store decides what the body means beyond its
   * shape: an unknown profileName and businessCustomerPrefill on a B2C store are refused (400),
   * and a checkout on a B2B store is a business checkout (src/domain/sales-segment.ts).
   */
  async create(merchant: Merchant, store: Store, init: CheckoutInit): Promise<Checkout> {
    const profileProblem = profileRejection(store, init.profileName);
    if (profileProblem) throw profileProblem;
    const { customerType, customer } = startingCustomer(store, merchant.stores, init);
    const now = this.clock.nowMs();
    const checkout: Checkout = {
      privateId: randomUUID(),
      publicToken: publicTokenFor(init.countryCode, randomBytes(PUBLIC_TOKEN_BYTES).toString('hex')),
      merchantId: merchant.id,
      storeId: store.id,
      countryCode: init.countryCode,
      currency: store.currency,
      status: 'Initialized',
      createdAt: instant(now).toISOString(),
      expiresAt: instant(now + this.settings().checkouts.lifetimeSeconds * 1000).toISOString(),
      reference: init.reference,
      cart: { items: init.cart.items, shippingProperties: init.cart.shippingProperties },
      fees: init.fees,
      shipping: init.shipping,
      metadata: init.metadata,
      customerType,
      customer,
      purchase: null,
      orderId: null,
      merchantTermsUri: init.merchantTermsUri,
      notificationUri: init.notificationUri,
      redirectPageUri: init.redirectPageUri,
      checkoutAbortedRedirectPageUri: init.checkoutAbortedRedirectPageUri,
      validationUri: init.validationUri,
      profileName: init.profileName,
      customFields: init.customFields,
    };
    await this.store.apply([put(this.env, 'checkouts', checkout)]);
    return checkout;
  }

  /** Any merchant's checkout, expired or not (the admin's view). privateIds match case-insensitively. */
  find(privateId: string): Checkout | undefined {
    return this.checkouts.get(privateId.trim().toLowerCase());
  }

  /** The checkout a public token names (the hosted checkout page's address). */
  findByPublicToken(publicToken: string): Checkout | undefined {
    return this.checkouts.getBy('publicToken', publicToken.trim());
  }

  /** Every checkout of the environment, for the control plane's lists. */
  list(): readonly Checkout[] {
    return this.checkouts.toArray();
  }

  /** The caller's checkout. Another merchant's checkout is reported as unknown, never as forbidden. */
  findForMerchant(merchantId: string, privateId: string): CheckoutLookup {
    const checkout = this.find(privateId);
    if (!checkout || checkout.merchantId !== merchantId) return { missing: 'unknown' };
    if (this.isExpired(checkout)) return { missing: 'expired' };
    return { checkout };
  }

  isExpired(checkout: Checkout): boolean {
    return isExpired(checkout, this.clock.nowMs());
  }

  /** Whether the session's expiresAt has passed (`hasSessionExpired`; a completed purchase stays readable after it). */
  sessionExpired(checkout: Pick<Checkout, 'expiresAt'>): boolean {
    return Date.parse(checkout.expiresAt) <= this.clock.nowMs();
  }

  /**
   * Runs a customer's step on the checkout in its turn: `step` gets the checkout as stored
   * once every earlier step on it has finished and its change is on disk, so its checks and
   * its change are one step (two purchases of one checkout: the second finds it purchased).
   */
  exclusive<T>(checkout: Pick<Checkout, 'privateId'>, step: (current: Checkout) => Promise<T>): Promise<T> {
    const key = checkout.privateId.toLowerCase();
    return this.store.exclusive(`${this.env}/checkouts/${key}`, () => {
      const current = this.find(key);
      if (!current)
        throw new Violation('not_found', 'Checkout_Not_Found', `No checkout ${checkout.privateId} in ${this.env.toUpperCase()}.`);
      return step(current);
    });
  }

  /**
   * Applies changes to the checkout as stored now, with what must be saved with them
   * (`along`: a notification the change announces); returns the new checkout.
   */
  async update(checkout: Checkout, changes: CheckoutChanges, along: Change[] = []): Promise<Checkout> {
    const current = this.find(checkout.privateId) ?? checkout;
    const next: Checkout = { ...current, ...changes };
    const writes: Change[] = [put(this.env, 'checkouts', next), ...along];
    // A reference set after the purchase is the order's reference too.
    if ('reference' in changes) {
      const order = this.orderOf(next);
      if (order) writes.push(put(this.env, 'orders', { ...order, reference: next.reference }));
    }
    await this.store.apply(writes);
    if (along.length) this.webhooks.wake();
    return next;
  }

  /**
   * A merchant's modifying request: `change` reads the checkout as stored now and says what
   * to change (or throws its refusal); while that change is being saved, another modifying
   * request for the same checkout is refused (423 Resource_Locked), as the update pages' error
   * tables describe it.
   */
  async modify(checkout: Checkout, what: string, change: (current: Checkout) => CheckoutChanges): Promise<Checkout> {
    const key = checkout.privateId.toLowerCase();
    if (this.modifying.has(key)) throw modificationInProgress(checkout.privateId, what);
    this.modifying.add(key);
    try {
      const current = this.find(checkout.privateId) ?? checkout;
      return await this.update(current, change(current));
    } finally {
      this.modifying.delete(key);
    }
  }

  /** The checkout's store as the scenario set it up (undefined if the merchant is gone after a reset). */
  storeOf(checkout: Pick<Checkout, 'merchantId' | 'storeId'>): Store | undefined {
    return this.merchantOf(checkout)?.stores.find((s) => s.id === checkout.storeId);
  }

  /** The stores of the checkout's merchant (for advice naming another store). */
  merchantStores(checkout: Pick<Checkout, 'merchantId'>): readonly Store[] {
    return this.merchantOf(checkout)?.stores ?? [];
  }

  /** The delivery module of the checkout's profile, if the store's profile has one. */
  deliveryModuleOf(checkout: Pick<Checkout, 'merchantId' | 'storeId' | 'profileName'>): DeliveryModule | null {
    const store = this.storeOf(checkout);
    return store ? (profileFor(store, checkout.profileName)?.deliveryModule ?? null) : null;
  }

  private merchantOf(checkout: Pick<Checkout, 'merchantId'>): Merchant | undefined {
    return this.store.env(this.env).merchants.get(checkout.merchantId);
  }

  orderOf(checkout: Checkout): Order | undefined {
    if (checkout.orderId === null) return undefined;
    return this.store.env(this.env).orders.get(checkout.orderId.toLowerCase());
  }

  /**
   * Completes the purchase: the checkout's new state, its order, the merchant's
   * `walley:order:created` webhook (https://dev.walleypay.com/docs/webhooks/orders: "a customer
   * completed a checkout session") and what else the purchase brings (`along`: its
   * notification, a customer token, an on-hold review) are one change, so a crash keeps all of
   * them or none. A rejected purchase creates no order the webhook would announce. The order's
   * creation is an action a lagged read sees late.
   */
  async complete(checkout: Checkout, changes: CheckoutChanges, order: Order, along: Change[] = []): Promise<Checkout> {
    const current = this.find(checkout.privateId) ?? checkout;
    const next: Checkout = { ...current, ...changes, orderId: order.orderId };
    const status = next.purchase ? orderStatusOfPurchase(next.purchase.result) : null;
    const correlationId = randomUUID();
    const webhooks = status
      ? this.webhooks.queue(next.merchantId, [orderCreatedEvent(order, status, this.clock.iso())], {
          subject: order.orderId,
          privateId: next.privateId,
          correlationId,
        })
      : [];
    const created = this.lag.recorded(order, null, correlationId);
    await this.store.apply([put(this.env, 'checkouts', next), put(this.env, 'orders', order), ...webhooks, ...created, ...along]);
    if (webhooks.length || along.length) this.webhooks.wake();
    return next;
  }

  /** Keeps a record of something sent or issued (paylinks sent, widget tokens issued). */
  async record<K extends 'paylinks' | 'widgetTokens'>(collection: K, entry: Omit<RecordTypes[K], 'id' | 'at'>): Promise<void> {
    const record = { id: randomUUID(), at: this.clock.iso(), ...entry } as RecordTypes[K] & CollectionTypes[K];
    await this.store.apply([put(this.env, collection, record)]);
  }
}
