/**
 * The one owner of on-hold reviews: an OnHold purchase is reviewed for a scenario-set time
 * of sandbox time (settings.onHold) or until the admin resolves it; then the purchase result
 * and the order follow, and the merchant's invoice-status URL gets its GET (and the
 * notificationUri its call: "invoice status changed", docs/service-facts.md, "Notification callback"), and its webhook
 * URL `walley:order:authorized` or `walley:order:rejected`
 * (https://dev.walleypay.com/docs/webhooks/orders). Every call goes through the callback
 * records, retried on the sandbox clock like the others.
 */
import { randomUUID } from 'node:crypto';
import { type Clock, instant } from '../clock.js';
import { substitutePlaceholders } from '../domain/checkout-callbacks.js';
import { type InvoiceStatusName, invoiceStatusUrl, resolutionOf } from '../domain/invoice-status.js';
import type { Checkout } from '../domain/model.js';
import { orderReviewedEvent } from '../domain/webhook-events.js';
import type { EnvName } from '../hosts.js';
import { type Change, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';
import type { CallbackRecord, OnHoldReview } from '../domain/records.js';
import type { CallbackLog } from './callbacks.js';
import type { MerchantDirectory } from './merchants.js';
import type { WebhookOutbox } from './webhooks.js';


export type Resolution = { ok: true; review: OnHoldReview } | { ok: false; status: 404 | 409; message: string };

export interface InvoiceStatusDeps {
  store: StateStore;
  clock: Clock;
  env: EnvName;
  merchants: MerchantDirectory;
  callbacks: CallbackLog;
  webhooks: WebhookOutbox;
}

export class InvoiceStatusService {
  readonly env: EnvName;

  constructor(private readonly deps: InvoiceStatusDeps) {
    this.env = deps.env;
  }

  private get reviews() {
    return this.deps.store.env(this.env).records('onHoldReviews');
  }

  listReviews(): OnHoldReview[] {
    return this.reviews.toArray();
  }

  /** Starts the review of an OnHold purchase (settings.onHold). */
  async schedule(checkout: Checkout): Promise<OnHoldReview> {
    const { onHold } = this.deps.store.settings();
    const review: OnHoldReview = {
      id: checkout.privateId.toLowerCase(),
      privateId: checkout.privateId,
      dueAt: onHold.resolveAfterSeconds === null ? null : instant(this.deps.clock.nowMs() + onHold.resolveAfterSeconds * 1000).toISOString(),
      outcome: onHold.invoiceStatus,
      state: 'pending',
      resolvedAt: null,
    };
    await this.deps.store.apply([put(this.env, 'onHoldReviews', review)]);
    return review;
  }

  /** Resolves the checkout's on-hold purchase now (the admin call). */
  async resolve(privateId: string, outcome: Exclude<InvoiceStatusName, 'Pending'>): Promise<Resolution> {
    const checkout = this.deps.store.env(this.env).checkouts.get(privateId.trim().toLowerCase());
    if (!checkout) return { ok: false, status: 404, message: `No checkout ${privateId} in ${this.env.toUpperCase()}.` };
    const review = this.reviews.get(checkout.privateId.toLowerCase());
    if (!review || review.state !== 'pending' || checkout.purchase?.result !== 'OnHold') {
      return {
        ok: false,
        status: 409,
        message: `Checkout ${checkout.privateId} has no purchase on hold (result ${checkout.purchase?.result ?? 'none'}). Complete a purchase with {"result": "OnHold"} first.`,
      };
    }
    const { review: resolved, changes } = this.resolution(checkout, review, outcome, this.deps.clock.nowMs());
    await this.deps.store.apply(changes);
    this.deps.webhooks.wake();
    return { ok: true, review: resolved };
  }

  nextDueMs(): number | null {
    let earliest: number | null = null;
    for (const r of this.reviews.values()) {
      if (r.state !== 'pending' || r.dueAt === null) continue;
      const due = Date.parse(r.dueAt);
      if (earliest === null || due < earliest) earliest = due;
    }
    return earliest;
  }

  async runDue(nowMs: number): Promise<void> {
    const changes: Change[] = [];
    for (const review of this.reviews.toArray()) {
      if (review.state !== 'pending' || review.dueAt === null || Date.parse(review.dueAt) > nowMs) continue;
      const checkout = this.deps.store.env(this.env).checkouts.get(review.privateId.toLowerCase());
      if (checkout) changes.push(...this.resolution(checkout, review, review.outcome, Date.parse(review.dueAt)).changes);
      else changes.push(put(this.env, 'onHoldReviews', { ...review, state: 'resolved' }));
    }
    if (changes.length) await this.deps.store.apply(changes);
  }

  /** The purchase and the order follow the outcome; the merchant's URLs are queued for their calls. */
  private resolution(checkout: Checkout, review: OnHoldReview, outcome: Exclude<InvoiceStatusName, 'Pending'>, atMs: number): { review: OnHoldReview; changes: Change[] } {
    const { purchaseResult, orderStatus } = resolutionOf(outcome);
    const at = instant(atMs).toISOString();
    const resolved: OnHoldReview = { ...review, state: 'resolved', outcome, resolvedAt: at };
    const changes: Change[] = [put(this.env, 'onHoldReviews', resolved)];
    const next: Checkout = checkout.purchase ? { ...checkout, purchase: { ...checkout.purchase, result: purchaseResult } } : checkout;
    changes.push(put(this.env, 'checkouts', next));
    const order = checkout.orderId ? this.deps.store.env(this.env).orders.get(checkout.orderId.toLowerCase()) : undefined;
    if (order && order.status === 'NotActivated') changes.push(put(this.env, 'orders', { ...order, status: orderStatus }));
    if (order) {
      const type = outcome === 'Approved' ? 'walley:order:authorized' : 'walley:order:rejected';
      changes.push(...this.deps.webhooks.queue(checkout.merchantId, [orderReviewedEvent(type, order, at)], { subject: order.orderId, privateId: checkout.privateId }));
    }

    const merchant = this.deps.merchants.byId(checkout.merchantId);
    if (merchant?.invoiceStatusUri && checkout.purchase) {
      const url = invoiceStatusUrl(merchant.invoiceStatusUri, { invoiceNo: checkout.purchase.purchaseIdentifier, orderNo: checkout.reference, status: outcome });
      changes.push(this.deps.callbacks.change(callback('invoice-status', checkout.privateId, url, at)));
    }
    if (checkout.notificationUri) {
      changes.push(this.deps.callbacks.change(callback('notification', checkout.privateId, substitutePlaceholders(checkout.notificationUri, checkout), at)));
    }
    return { review: resolved, changes };
  }
}

function callback(kind: CallbackRecord['kind'], privateId: string, url: string, at: string): CallbackRecord {
  return { id: randomUUID(), kind, privateId, url, method: 'GET', createdAt: at, state: 'pending', nextAttemptAt: at, attempts: [] };
}
