/**
 * The one owner of on-hold reviews: an OnHold purchase is reviewed for a scenario-set time
 * of sandbox time (settings.onHold) or until the admin resolves it; then the purchase result
 * and the order follow, and the merchant's invoice-status URL gets its GET (and the
 * notificationUri its call: "invoice status changed", docs/real-service.md, "Notification callback"), and its webhook
 * URL `walley:order:authorized` or `walley:order:rejected`
 * (https://dev.walleypay.com/docs/webhooks/orders). Every call goes through the callback
 * records, retried on the sandbox clock like the others.
 */
import { type Clock, instant } from '../clock.js';
import { type InvoiceStatusName, invoiceStatusUrl, purchaseResultOf, reviewedOrder } from '../domain/invoice-status.js';
import type { Checkout, Order } from '../domain/model.js';
import { orderReviewedEvent } from '../domain/webhook-events.js';
import type { EnvName } from '../hosts.js';
import { type Change, LOOKUPS, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';
import type { OnHoldReview } from '../domain/records.js';
import type { CallbackLog } from './callbacks.js';
import type { MerchantDirectory } from './merchants.js';
import type { OrderService, OrderTimeRule } from './orders.js';
import type { WebhookOutbox } from './webhooks.js';

export type Resolution = { ok: true; review: OnHoldReview } | { ok: false; status: 404 | 409; message: string };

export interface InvoiceStatusDeps {
  store: StateStore;
  clock: Clock;
  env: EnvName;
  merchants: MerchantDirectory;
  callbacks: CallbackLog;
  webhooks: WebhookOutbox;
  /** The end of a review is one of its order's time rules: the orders apply it in time with expiry. */
  orders: Pick<OrderService, 'follow' | 'catchUp'>;
}

export class InvoiceStatusService implements OrderTimeRule {
  readonly env: EnvName;

  constructor(private readonly deps: InvoiceStatusDeps) {
    this.env = deps.env;
    deps.orders.follow(this);
  }

  private get reviews() {
    return this.deps.store.env(this.env).records('onHoldReviews');
  }

  listReviews(): OnHoldReview[] {
    return this.reviews.toArray();
  }

  /** The change that starts the review of an OnHold purchase (settings.onHold), committed with the purchase. */
  review(checkout: Checkout): Change {
    const { onHold } = this.deps.store.settings();
    const review: OnHoldReview = {
      id: checkout.privateId.toLowerCase(),
      privateId: checkout.privateId,
      dueAt:
        onHold.resolveAfterSeconds === null ? null : instant(this.deps.clock.nowMs() + onHold.resolveAfterSeconds * 1000).toISOString(),
      outcome: onHold.invoiceStatus,
      state: 'pending',
      resolvedAt: null,
    };
    return put(this.env, 'onHoldReviews', review);
  }

  /** Resolves the checkout's on-hold purchase now (the admin call). */
  async resolve(privateId: string, outcome: Exclude<InvoiceStatusName, 'Pending'>): Promise<Resolution> {
    const found = this.checkout(privateId);
    if (!found) return { ok: false, status: 404, message: `No checkout ${privateId} in ${this.env.toUpperCase()}.` };
    // What fell due before now comes first: a review that already ended by itself is no longer on hold.
    if (found.orderId) await this.deps.orders.catchUp(found.orderId);
    const checkout = this.checkout(privateId) ?? found;
    const review = this.reviews.get(checkout.privateId.toLowerCase());
    if (!review || review.state !== 'pending' || checkout.purchase?.result !== 'OnHold') {
      return {
        ok: false,
        status: 409,
        message: `Checkout ${checkout.privateId} has no purchase on hold (result ${checkout.purchase?.result ?? 'none'}). Complete a purchase with {"result": "OnHold"} first.`,
      };
    }
    const {
      review: resolved,
      order,
      changes,
    } = this.resolution(checkout, review, outcome, this.deps.clock.nowMs(), this.orderOf(checkout));
    await this.deps.store.apply(order ? [...changes, put(this.env, 'orders', order)] : changes);
    this.deps.webhooks.wake();
    return { ok: true, review: resolved };
  }

  nextDueMs(): number | null {
    let earliest: number | null = null;
    for (const r of this.reviews.subset(LOOKUPS.due)) {
      const due = Date.parse(r.dueAt!);
      if (earliest === null || due < earliest) earliest = due;
    }
    return earliest;
  }

  /** Ends every review due by `nowMs`, earliest first; one with an order as one of the order's time rules. */
  async runDue(nowMs: number): Promise<void> {
    const due = [...this.reviews.subset(LOOKUPS.due)]
      .filter((r) => Date.parse(r.dueAt!) <= nowMs)
      .sort((a, b) => Date.parse(a.dueAt!) - Date.parse(b.dueAt!));
    for (const listed of due) {
      // Read again: the admin may have resolved it while an earlier one was being saved.
      const review = this.reviews.get(listed.id);
      if (!review || review.state !== 'pending' || review.dueAt === null || Date.parse(review.dueAt) > nowMs) continue;
      const checkout = this.checkout(review.privateId);
      const order = checkout ? this.orderOf(checkout) : undefined;
      if (order && this.dueMs(order) !== null) {
        await this.deps.orders.catchUp(order.orderId);
        continue;
      }
      if (!checkout) {
        await this.deps.store.apply([put(this.env, 'onHoldReviews', { ...review, state: 'resolved' })]);
        continue;
      }
      const resolved = this.resolution(checkout, review, review.outcome, Date.parse(review.dueAt), order);
      await this.deps.store.apply(resolved.order ? [...resolved.changes, put(this.env, 'orders', resolved.order)] : resolved.changes);
    }
    if (due.length) this.deps.webhooks.wake();
  }

  // ---- The end of a review, as a rule of its order (OrderTimeRule) ----

  dueMs(order: Order): number | null {
    if (!order.checkoutPrivateId) return null;
    const review = this.reviews.get(order.checkoutPrivateId.toLowerCase());
    return review && review.state === 'pending' && review.dueAt !== null ? Date.parse(review.dueAt) : null;
  }

  apply(order: Order, atMs: number): { order: Order; changes: Change[] } {
    const review = this.reviews.get((order.checkoutPrivateId ?? '').toLowerCase());
    const checkout = this.checkout(order.checkoutPrivateId ?? '');
    if (!review || !checkout) return { order, changes: review ? [put(this.env, 'onHoldReviews', { ...review, state: 'resolved' })] : [] };
    const resolved = this.resolution(checkout, review, review.outcome, atMs, order);
    return { order: resolved.order ?? order, changes: resolved.changes };
  }

  saved(): void {
    this.deps.webhooks.wake();
  }

  private checkout(privateId: string): Checkout | undefined {
    return this.deps.store.env(this.env).checkouts.get(privateId.trim().toLowerCase());
  }

  private orderOf(checkout: Checkout): Order | undefined {
    return checkout.orderId ? this.deps.store.env(this.env).orders.get(checkout.orderId.toLowerCase()) : undefined;
  }

  /**
   * The purchase and the order follow the outcome; the merchant's URLs are queued for their
   * calls. `order` is the checkout's order as it stands at `atMs` (null: none); the changed
   * order comes back apart from the other changes, for its owner to save.
   */
  private resolution(
    checkout: Checkout,
    review: OnHoldReview,
    outcome: Exclude<InvoiceStatusName, 'Pending'>,
    atMs: number,
    order: Order | null | undefined,
  ): { review: OnHoldReview; order: Order | null; changes: Change[] } {
    const purchaseResult = purchaseResultOf(outcome);
    const at = instant(atMs).toISOString();
    const resolved: OnHoldReview = { ...review, state: 'resolved', outcome, resolvedAt: at };
    const changes: Change[] = [put(this.env, 'onHoldReviews', resolved)];
    const next: Checkout = checkout.purchase ? { ...checkout, purchase: { ...checkout.purchase, result: purchaseResult } } : checkout;
    changes.push(put(this.env, 'checkouts', next));
    const changed = order ? reviewedOrder(order, outcome) : null;
    if (order) {
      const type = outcome === 'Approved' ? 'walley:order:authorized' : 'walley:order:rejected';
      changes.push(
        ...this.deps.webhooks.queue(checkout.merchantId, [orderReviewedEvent(type, order, at)], {
          subject: order.orderId,
          privateId: checkout.privateId,
        }),
      );
    }

    const merchant = this.deps.merchants.byId(checkout.merchantId);
    if (merchant?.invoiceStatusUri && checkout.purchase) {
      const url = invoiceStatusUrl(merchant.invoiceStatusUri, {
        invoiceNo: checkout.purchase.purchaseIdentifier,
        orderNo: checkout.reference,
        status: outcome,
      });
      changes.push(this.deps.callbacks.change(this.deps.callbacks.pendingCall('invoice-status', checkout.privateId, url, at)));
    }
    const notification = this.deps.callbacks.notification(checkout, at);
    if (notification) changes.push(this.deps.callbacks.change(notification));
    return { review: resolved, order: changed, changes };
  }
}
