/**
 * The one owner of order state for order administration (routes never touch the store).
 * Every read and write first brings the order up to date on the sandbox clock (expiry,
 * due credit checks), then runs a pure domain rule, then persists.
 *
 * Each write runs synchronously from lookup to mutation and only then awaits the disk, so
 * two concurrent calls on one order can never interleave between check and change.
 */
import type { SurfaceContext } from '../context.js';
import type { Order } from '../domain/model.js';
import { type AmountCommand, type Operation, cancel, capture, expireIfDue, extend, refund } from '../domain/order-admin.js';
import { type Reauthorization, newReauthorization, planReauthorize, settleIfDue } from '../domain/order-reauthorize.js';
import { OrderViolation } from '../domain/order-violation.js';
import {
  IDEMPOTENCY_JOURNAL,
  IdempotencyJournal,
  type IdempotencyRecord,
  type IdempotentRequest,
  type StoredResult,
  idempotencyKeys,
} from './order-idempotency.js';

export const REAUTHORIZATION_JOURNAL = 'reauthorizations';

/** How many orders GET /manage/orders/ lists (WC: "an empty id returns the 10 latest orders"). */
export const LATEST_ORDERS = 10;

export interface ActionResult extends StoredResult {
  /** True when an idempotency key replayed an earlier answer instead of acting again. */
  replayed: boolean;
}

type Change = { order: Order; result: StoredResult; reauthorization?: Reauthorization };

export function orderLocation(orderId: string): string {
  return `/manage/orders/${orderId}`;
}

export class OrderService {
  constructor(private readonly ctx: SurfaceContext) {}

  private get orders(): Order[] {
    return this.ctx.store.env(this.ctx.env).orders;
  }

  private get reauthorizations(): Reauthorization[] {
    return this.ctx.store.journal<Reauthorization>(this.ctx.env, REAUTHORIZATION_JOURNAL);
  }

  private notFound(orderId: string): OrderViolation {
    return new OrderViolation(
      'not_found',
      'ORDER_NOT_FOUND',
      `No order ${orderId} for this API client's merchant in ${this.ctx.env.toUpperCase()}. Use data.order.orderId from GET /checkouts/{privateId}, ` +
        `and a token of the merchant that owns the order (orders of other merchants and of the other environment are not visible).`,
    );
  }

  /** Index of the caller's order, brought up to date; ids match case-insensitively (WC lower-cases them). */
  private locate(merchantId: string, orderId: string): { index: number; changed: boolean } {
    const wanted = orderId.trim().toLowerCase();
    const index = this.orders.findIndex((o) => o.orderId.toLowerCase() === wanted && o.merchantId === merchantId);
    if (index < 0) throw this.notFound(orderId);
    return { index, changed: this.refresh(index) };
  }

  /** Applies what the clock made due: expiry and settled credit checks. True when something changed. */
  private refresh(index: number): boolean {
    const nowMs = this.ctx.clock.nowMs();
    let order = this.orders[index] as Order;
    let changed = false;
    const journal = this.reauthorizations;
    journal.forEach((reauthorization, i) => {
      if (reauthorization.orderId !== order.orderId) return;
      const settled = settleIfDue(reauthorization, order, nowMs);
      if (!settled) return;
      journal[i] = settled.reauthorization;
      if (settled.order) order = settled.order;
      changed = true;
    });
    const expired = expireIfDue(order, nowMs);
    if (expired) {
      order = expired;
      changed = true;
    }
    if (changed) this.orders[index] = order;
    return changed;
  }

  async get(merchantId: string, orderId: string): Promise<Order> {
    const { index, changed } = this.locate(merchantId, orderId);
    if (changed) await this.ctx.store.write();
    return this.orders[index] as Order;
  }

  /** The merchant's most recent orders, newest first. */
  async latest(merchantId: string, limit = LATEST_ORDERS): Promise<Order[]> {
    const indexes = this.orders
      .map((order, index) => ({ order, index }))
      .filter(({ order }) => order.merchantId === merchantId)
      .sort((a, b) => Date.parse(b.order.placedAt) - Date.parse(a.order.placedAt))
      .slice(0, limit)
      .map(({ index }) => index);
    const changed = indexes.map((index) => this.refresh(index)).some(Boolean);
    if (changed) await this.ctx.store.write();
    return indexes.map((index) => this.orders[index] as Order);
  }

  async reauthorization(merchantId: string, orderId: string, reauthorizationId: string): Promise<Reauthorization> {
    const order = await this.get(merchantId, orderId);
    const wanted = reauthorizationId.trim().toLowerCase();
    const found = this.reauthorizations.find((r) => r.orderId === order.orderId && r.id.toLowerCase() === wanted);
    if (!found) {
      throw new OrderViolation(
        'not_found',
        'REAUTHORIZATION_NOT_FOUND',
        `Order ${order.orderId} has no reauthorization ${reauthorizationId}. Use the Location header a 201 answer of POST /manage/orders/${order.orderId}/reauthorize gave.`,
      );
    }
    return found;
  }

  capture(merchantId: string, orderId: string, command: AmountCommand, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'capture', request, (order) => ({ order: capture(order, command, this.actionContext()), result: accepted(order) }));
  }

  refund(merchantId: string, orderId: string, command: AmountCommand, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'refund', request, (order) => ({ order: refund(order, command, this.actionContext()), result: accepted(order) }));
  }

  cancel(merchantId: string, orderId: string, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'cancel', request, (order) => ({ order: cancel(order), result: accepted(order) }));
  }

  extend(merchantId: string, orderId: string, request: IdempotentRequest): Promise<ActionResult> {
    const lifetimeSeconds = this.ctx.settings().orders.lifetimeSeconds;
    return this.act(merchantId, orderId, 'extend', request, (order) => ({
      order: extend(order, this.ctx.clock.nowMs(), lifetimeSeconds),
      result: accepted(order),
    }));
  }

  reauthorize(merchantId: string, orderId: string, command: AmountCommand, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'reauthorize', request, (order) => {
      const inProgress = this.reauthorizations.find((r) => r.orderId === order.orderId && r.status === 'Pending') ?? null;
      const plan = planReauthorize(order, command, inProgress);
      if (plan.kind === 'applied') return { order: plan.order, result: accepted(order) };
      const reauthorization = newReauthorization(order, plan, command, this.ctx.faker.string.uuid(), this.ctx.clock.nowMs());
      return { order, reauthorization, result: { status: 201, location: `${orderLocation(order.orderId)}/reauthorize/${reauthorization.id}` } };
    });
  }

  private actionContext(): { nowMs: number; newInvoiceNumber: () => string } {
    return { nowMs: this.ctx.clock.nowMs(), newInvoiceNumber: () => this.ctx.faker.string.numeric(9) };
  }

  private async act(
    merchantId: string,
    orderId: string,
    operation: Operation,
    request: IdempotentRequest,
    change: (order: Order) => Change,
  ): Promise<ActionResult> {
    const { index, changed } = this.locate(merchantId, orderId);
    const order = this.orders[index] as Order;
    const journal = new IdempotencyJournal(this.ctx.store.journal<IdempotencyRecord>(this.ctx.env, IDEMPOTENCY_JOURNAL));
    const keys = idempotencyKeys(merchantId, order.orderId, operation, request);
    let outcome: Change;
    try {
      const replay = journal.lookup(keys, request.fingerprint);
      if (replay) {
        if (changed) await this.ctx.store.write();
        return { ...replay, replayed: true };
      }
      outcome = change(order);
    } catch (error) {
      // The refusal changed nothing, but expiry or a settled check found on the way must still be kept.
      if (changed) await this.ctx.store.write();
      throw error;
    }
    this.orders[index] = outcome.order;
    if (outcome.reauthorization) this.reauthorizations.push(outcome.reauthorization);
    journal.remember(keys, request.fingerprint, outcome.result, this.ctx.clock.iso());
    await this.ctx.store.write();
    return { ...outcome.result, replayed: false };
  }
}

function accepted(order: Order): StoredResult {
  return { status: 202, location: orderLocation(order.orderId) };
}
