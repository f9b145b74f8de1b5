/**
 * The one module that reads and writes checkouts in the state (json-server's service.ts
 * pattern): route handlers and the admin simulation go through it, never through lowdb.
 * Every mutation is persisted before it returns.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { instant } from '../clock.js';
import type { SandboxContext } from '../context.js';
import type { CheckoutInit } from '../domain/checkout-binding.js';
import { isExpired, publicTokenFor } from '../domain/checkout.js';
import type { Checkout, Merchant, Order, Store } from '../domain/model.js';
import type { EnvName } from '../hosts.js';
import type { EnvState } from './state.js';

export type CheckoutLookup = { checkout: Checkout } | { missing: 'unknown' | 'expired' };

/** What the handlers may change on a checkout. */
export type CheckoutChanges = Partial<Pick<Checkout, 'cart' | 'fees' | 'shipping' | 'reference' | 'metadata' | 'status' | 'customer' | 'purchase' | 'orderId'>>;

export class CheckoutService {
  constructor(
    private readonly ctx: SandboxContext,
    readonly env: EnvName,
  ) {}

  private get state(): EnvState {
    return this.ctx.store.env(this.env);
  }

  merchant(merchantId: string): Merchant | undefined {
    return this.state.merchants.find((m) => m.id === merchantId);
  }

  /** The merchant's store by id; with no id, its only store (null when it has several). */
  storeOf(merchant: Merchant, storeId: string | null): Store | null | undefined {
    if (storeId === null) return merchant.stores.length === 1 ? merchant.stores[0]! : null;
    return merchant.stores.find((store) => store.id === storeId);
  }

  async create(merchant: Merchant, store: Store, init: CheckoutInit): Promise<Checkout> {
    const now = this.ctx.clock.nowMs();
    const checkout: Checkout = {
      privateId: randomUUID(),
      publicToken: publicTokenFor(init.countryCode, randomBytes(16).toString('hex')),
      merchantId: merchant.id,
      storeId: store.id,
      countryCode: init.countryCode,
      currency: store.currency,
      status: 'Initialized',
      createdAt: instant(now).toISOString(),
      expiresAt: instant(now + this.ctx.settings().checkouts.lifetimeSeconds * 1000).toISOString(),
      reference: init.reference,
      cart: { items: init.cart.items, shippingProperties: init.cart.shippingProperties },
      fees: init.fees,
      shipping: init.shipping,
      metadata: init.metadata,
      customerType: init.customerType,
      customer: init.prefill,
      purchase: null,
      orderId: null,
      merchantTermsUri: init.merchantTermsUri,
      notificationUri: init.notificationUri,
      redirectPageUri: init.redirectPageUri,
      validationUri: init.validationUri,
      profileName: init.profileName,
      customFields: init.customFields,
    };
    this.state.checkouts.push(checkout);
    await this.ctx.store.write();
    return checkout;
  }

  /** Any merchant's checkout, expired or not (the admin's view). privateIds match case-insensitively. */
  find(privateId: string): Checkout | undefined {
    const wanted = privateId.trim().toLowerCase();
    return this.state.checkouts.find((c) => c.privateId.toLowerCase() === wanted);
  }

  /** The caller's checkout. Another merchant's checkout is reported as unknown, never as forbidden. */
  findForMerchant(merchantId: string, privateId: string): CheckoutLookup {
    const checkout = this.find(privateId);
    if (!checkout || checkout.merchantId !== merchantId) return { missing: 'unknown' };
    if (this.isExpired(checkout)) return { missing: 'expired' };
    return { checkout };
  }

  isExpired(checkout: Checkout): boolean {
    return isExpired(checkout, this.ctx.clock.nowMs());
  }

  async update(checkout: Checkout, changes: CheckoutChanges): Promise<void> {
    Object.assign(checkout, changes);
    // A reference set after the purchase is the order's reference too.
    if ('reference' in changes) {
      const order = this.orderOf(checkout);
      if (order) order.reference = checkout.reference;
    }
    await this.ctx.store.write();
  }

  orderOf(checkout: Checkout): Order | undefined {
    if (checkout.orderId === null) return undefined;
    return this.state.orders.find((o) => o.orderId === checkout.orderId);
  }

  /** Completes the purchase: the checkout's new state and its order are persisted together. */
  async complete(checkout: Checkout, changes: CheckoutChanges, order: Order): Promise<void> {
    Object.assign(checkout, changes, { orderId: order.orderId });
    this.state.orders.push(order);
    await this.ctx.store.write();
  }

  /** Appends to a per-environment journal (paylinks sent, widget tokens issued). */
  async record(journal: string, entry: Record<string, unknown>): Promise<void> {
    this.ctx.store.journal<Record<string, unknown>>(this.env, journal).push({ at: this.ctx.clock.iso(), ...entry });
    await this.ctx.store.write();
  }
}
