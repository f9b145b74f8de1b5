/**
 * The one owner of on-hold reviews (issue 10 item 2): an OnHold purchase is reviewed for a
 * scenario-set time of sandbox time (settings.onHold) or until the admin resolves it; then the
 * purchase result and the order follow, and the merchant's invoice-status URL gets its GET
 * (and the notificationUri its call: "invoice status changed", service-facts §8.2). Both
 * calls go through the dispatcher's journal, retried on the sandbox clock like the others.
 */
import { instant } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { substitutePlaceholders } from '../domain/checkout-callbacks.js';
import { type InvoiceStatusName, invoiceStatusUrl, resolutionOf } from '../domain/invoice-status.js';
import type { Checkout } from '../domain/model.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import type { CallbackRecord, DueWork } from '../simulation/notifications.js';

export const REVIEW_JOURNAL = 'onHoldReviews';

export interface OnHoldReview {
  privateId: string;
  /** When the review resolves by itself; null: only by the admin call. */
  dueAt: string | null;
  outcome: Exclude<InvoiceStatusName, 'Pending'>;
  state: 'pending' | 'resolved';
  resolvedAt: string | null;
}

export type Resolution = { ok: true; review: OnHoldReview } | { ok: false; status: 404 | 409; message: string };

export class InvoiceStatusService {
  constructor(
    private readonly ctx: SandboxContext,
    readonly env: EnvName,
  ) {}

  private get reviews(): OnHoldReview[] {
    return this.ctx.store.journal<OnHoldReview>(this.env, REVIEW_JOURNAL);
  }

  /** The merchant's invoice-status URL (null: not called); false when there is no such merchant. */
  async setInvoiceStatusUri(merchantId: string, uri: string | null): Promise<boolean> {
    const merchant = this.ctx.store.env(this.env).merchants.find((m) => m.id === merchantId);
    if (!merchant) return false;
    merchant.invoiceStatusUri = uri;
    await this.ctx.store.write();
    return true;
  }

  async listReviews(): Promise<OnHoldReview[]> {
    await this.ctx.notifications.idle();
    return this.reviews;
  }

  /** Starts the review of an OnHold purchase (settings.onHold; absent in older state files: an hour, approved). */
  async schedule(checkout: Checkout): Promise<OnHoldReview> {
    const onHold = this.ctx.settings().onHold ?? { resolveAfterSeconds: 3600, invoiceStatus: 'Approved' as const };
    const review: OnHoldReview = {
      privateId: checkout.privateId,
      dueAt: onHold.resolveAfterSeconds === null ? null : instant(this.ctx.clock.nowMs() + onHold.resolveAfterSeconds * 1000).toISOString(),
      outcome: onHold.invoiceStatus,
      state: 'pending',
      resolvedAt: null,
    };
    this.reviews.push(review);
    await this.ctx.store.write();
    return review;
  }

  /** Resolves the checkout's on-hold purchase now (the admin call). */
  async resolve(privateId: string, outcome: Exclude<InvoiceStatusName, 'Pending'>): Promise<Resolution> {
    const wanted = privateId.trim().toLowerCase();
    const checkout = this.ctx.store.env(this.env).checkouts.find((c) => c.privateId.toLowerCase() === wanted);
    if (!checkout) return { ok: false, status: 404, message: `No checkout ${privateId} in ${this.env.toUpperCase()}.` };
    const review = this.reviews.find((r) => r.privateId === checkout.privateId && r.state === 'pending');
    if (!review || checkout.purchase?.result !== 'OnHold') {
      return {
        ok: false,
        status: 409,
        message: `Checkout ${checkout.privateId} has no purchase on hold (result ${checkout.purchase?.result ?? 'none'}). Complete a purchase with {"result": "OnHold"} first.`,
      };
    }
    this.apply(checkout, review, outcome, this.ctx.clock.nowMs());
    await this.settle();
    return { ok: true, review };
  }

  nextDueMs(): number | null {
    const due = this.reviews.filter((r) => r.state === 'pending' && r.dueAt !== null).map((r) => Date.parse(r.dueAt!));
    return due.length ? Math.min(...due) : null;
  }

  async runDue(nowMs: number): Promise<void> {
    let changed = false;
    for (const review of this.reviews) {
      if (review.state !== 'pending' || review.dueAt === null || Date.parse(review.dueAt) > nowMs) continue;
      const checkout = this.ctx.store.env(this.env).checkouts.find((c) => c.privateId === review.privateId);
      if (checkout) this.apply(checkout, review, review.outcome, Date.parse(review.dueAt));
      else review.state = 'resolved';
      changed = true;
    }
    if (changed) await this.ctx.store.write();
  }

  /** The purchase and the order follow the outcome; the merchant's URLs are queued for their calls. */
  private apply(checkout: Checkout, review: OnHoldReview, outcome: Exclude<InvoiceStatusName, 'Pending'>, atMs: number): void {
    const { purchaseResult, orderStatus } = resolutionOf(outcome);
    const at = instant(atMs).toISOString();
    Object.assign(review, { state: 'resolved', outcome, resolvedAt: at });
    if (checkout.purchase) checkout.purchase.result = purchaseResult;
    const order = this.ctx.store.env(this.env).orders.find((o) => o.orderId === checkout.orderId);
    if (order && order.status === 'NotActivated') order.status = orderStatus;

    const merchant = this.ctx.store.env(this.env).merchants.find((m) => m.id === checkout.merchantId);
    if (merchant?.invoiceStatusUri && checkout.purchase) {
      const url = invoiceStatusUrl(merchant.invoiceStatusUri, { invoiceNo: checkout.purchase.purchaseIdentifier, orderNo: checkout.reference, status: outcome });
      this.ctx.notifications.record(this.env, callback('invoice-status', checkout.privateId, url, at));
    }
    if (checkout.notificationUri) {
      this.ctx.notifications.record(this.env, callback('notification', checkout.privateId, substitutePlaceholders(checkout.notificationUri, checkout), at));
    }
  }

  private async settle(): Promise<void> {
    await this.ctx.store.write();
    void this.ctx.notifications.pump();
  }
}

function callback(kind: CallbackRecord['kind'], privateId: string, url: string, at: string): CallbackRecord {
  return { kind, privateId, url, method: 'GET', createdAt: at, state: 'pending', nextAttemptAt: at, attempts: [] };
}

/** The on-hold reviews of every environment, for the dispatcher's due work. */
export function onHoldReviews(ctx: SandboxContext): DueWork {
  const services = () => (ctx.store.loaded ? ENVIRONMENTS.map((env) => new InvoiceStatusService(ctx, env)) : []);
  return {
    nextDueMs: () => {
      const due = services().map((s) => s.nextDueMs()).filter((ms): ms is number => ms !== null);
      return due.length ? Math.min(...due) : null;
    },
    runDue: async (nowMs) => {
      for (const service of services()) await service.runDue(nowMs);
    },
  };
}
