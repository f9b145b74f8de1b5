/**
 * The one owner of order state for order administration (routes never touch the store).
 * Every read and write first brings the order up to date on the sandbox clock (expiry,
 * due credit checks), then runs a pure domain rule, then persists.
 *
 * Each write runs synchronously from lookup to mutation and only then awaits the disk, so
 * two concurrent calls on one order can never interleave between check and change. A change
 * of the order's items (a reauthorization, at once or when its credit check completes) queues
 * `walley:order:reauthorized` with it.
 */
import type { Clock } from '../clock.js';
import type { Order } from '../domain/model.js';
import { type AmountCommand, type Operation, cancel, capture, expireIfDue, extend, refund } from '../domain/order-admin.js';
import { type Reauthorization, newReauthorization, planReauthorize, settleIfDue } from '../domain/order-reauthorize.js';
import { OrderViolation } from '../domain/order-violation.js';
import type { SeededRandom } from '../domain/random.js';
import type { EnvName } from '../hosts.js';
import { type Change, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';
import type { StoredResult } from '../domain/records.js';
import { orderReauthorizedEvent } from '../domain/webhook-events.js';
import { IdempotencyJournal, type IdempotentRequest, idempotencyKeys } from './order-idempotency.js';
import type { WebhookOutbox } from './webhooks.js';

/** How many orders GET /manage/orders/ lists (WC: "an empty id returns the 10 latest orders"). */
export const LATEST_ORDERS = 10;

export interface ActionResult extends StoredResult {
  /** True when an idempotency key replayed an earlier answer instead of acting again. */
  replayed: boolean;
}

/** An action's order after it, its answer, and what else it saves (a reauthorization, a webhook). */
type Outcome = { order: Order; result: StoredResult; reauthorization?: Reauthorization; changes?: Change[] };

export function orderLocation(orderId: string): string {
  return `/manage/orders/${orderId}`;
}

export class OrderService {
  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    private readonly random: SeededRandom,
    readonly env: EnvName,
    private readonly webhooks: WebhookOutbox,
  ) {}

  /** `walley:order:reauthorized` for an order whose amount was `before` (none when the merchant has no webhook URL). */
  private reauthorized(order: Order, before: number): Change[] {
    return this.webhooks.queue(order.merchantId, [orderReauthorizedEvent(order, before, this.clock.iso())], { subject: order.orderId });
  }

  /** Saves the changes, and lets the dispatcher send a webhook among them. */
  private async save(changes: Change[]): Promise<void> {
    await this.store.apply(changes);
    if (changes.some((change) => change.t === 'put' && change.c === 'callbacks')) this.webhooks.wake();
  }

  private get orders() {
    return this.store.env(this.env).orders;
  }

  private get reauthorizations() {
    return this.store.env(this.env).records('reauthorizations');
  }

  private notFound(orderId: string): OrderViolation {
    return new OrderViolation(
      'not_found',
      'ORDER_NOT_FOUND',
      `No order ${orderId} for this API client's merchant in ${this.env.toUpperCase()}. Use data.order.orderId from GET /checkouts/{privateId}, ` +
        `and a token of the merchant that owns the order (orders of other merchants and of the other environment are not visible).`,
    );
  }

  /** Saves an order as given (seeding at run time: tests, the admin). */
  async place(order: Order): Promise<Order> {
    const placed = { ...order, orderId: order.orderId.toLowerCase() };
    await this.store.apply([put(this.env, 'orders', placed)]);
    return placed;
  }

  /** Every order of the environment as stored (the control plane's lists). */
  list(): Order[] {
    return this.orders.toArray();
  }

  /** Any merchant's order (the admin's and the simulation's view); ids match case-insensitively. */
  find(orderId: string): Order | undefined {
    return this.orders.get(orderId.trim().toLowerCase());
  }

  /** The caller's order, brought up to date; ids match case-insensitively (WC lower-cases them). */
  private locate(merchantId: string, orderId: string): { order: Order; changes: Change[] } {
    const found = this.find(orderId);
    if (!found || found.merchantId !== merchantId) throw this.notFound(orderId);
    return this.refresh(found);
  }

  /** What the clock made due: expiry and settled credit checks, as changes to save. */
  private refresh(found: Order): { order: Order; changes: Change[] } {
    const nowMs = this.clock.nowMs();
    let order = found;
    const changes: Change[] = [];
    for (const reauthorization of this.reauthorizations.values()) {
      if (reauthorization.orderId !== order.orderId) continue;
      const settled = settleIfDue(reauthorization, order, nowMs);
      if (!settled) continue;
      changes.push(put(this.env, 'reauthorizations', settled.reauthorization));
      if (settled.order) {
        changes.push(...this.reauthorized(settled.order, order.totalAmount));
        order = settled.order;
      }
    }
    const expired = expireIfDue(order, nowMs);
    if (expired) order = expired;
    if (order !== found) changes.push(put(this.env, 'orders', order));
    return { order, changes };
  }

  async get(merchantId: string, orderId: string): Promise<Order> {
    const { order, changes } = this.locate(merchantId, orderId);
    if (changes.length) await this.save(changes);
    return order;
  }

  /** The merchant's most recent orders, newest first. */
  async latest(merchantId: string, limit = LATEST_ORDERS): Promise<Order[]> {
    const newest = [...this.orders.values()]
      .filter((order) => order.merchantId === merchantId)
      .sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt))
      .slice(0, limit)
      .map((order) => this.refresh(order));
    const changes = newest.flatMap((r) => r.changes);
    if (changes.length) await this.save(changes);
    return newest.map((r) => r.order);
  }

  async reauthorization(merchantId: string, orderId: string, reauthorizationId: string): Promise<Reauthorization> {
    const order = await this.get(merchantId, orderId);
    const found = this.reauthorizations.get(reauthorizationId.trim().toLowerCase());
    if (!found || found.orderId !== order.orderId) {
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
    const lifetimeSeconds = this.store.settings().orders.lifetimeSeconds;
    return this.act(merchantId, orderId, 'extend', request, (order) => ({
      order: extend(order, this.clock.nowMs(), lifetimeSeconds),
      result: accepted(order),
    }));
  }

  reauthorize(merchantId: string, orderId: string, command: AmountCommand, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'reauthorize', request, (order) => {
      let inProgress: Reauthorization | null = null;
      for (const r of this.reauthorizations.values()) if (r.orderId === order.orderId && r.status === 'Pending') inProgress = r;
      const plan = planReauthorize(order, command, inProgress);
      if (plan.kind === 'applied') return { order: plan.order, result: accepted(order), changes: this.reauthorized(plan.order, order.totalAmount) };
      const reauthorization = newReauthorization(order, plan, command, this.random.uuid(), this.clock.nowMs());
      return { order, reauthorization, result: { status: 201, location: `${orderLocation(order.orderId)}/reauthorize/${reauthorization.id}` } };
    });
  }

  private actionContext(): { nowMs: number; newInvoiceNumber: () => string } {
    return { nowMs: this.clock.nowMs(), newInvoiceNumber: () => this.random.digits(9) };
  }

  /**
   * Runs synchronously from lookup to the in-memory change, and only then awaits the disk,
   * so two concurrent calls on one order can never interleave between check and change.
   */
  private async act(
    merchantId: string,
    orderId: string,
    operation: Operation,
    request: IdempotentRequest,
    change: (order: Order) => Outcome,
  ): Promise<ActionResult> {
    const { order, changes } = this.locate(merchantId, orderId);
    const journal = new IdempotencyJournal(this.store.env(this.env).records('idempotency'));
    const keys = idempotencyKeys(merchantId, order.orderId, operation, request);
    let outcome: Outcome;
    try {
      const replay = journal.lookup(keys, request.fingerprint);
      if (replay) {
        if (changes.length) await this.save(changes);
        return { ...replay, replayed: true };
      }
      outcome = change(order);
    } catch (error) {
      // The refusal changed nothing, but expiry or a settled check found on the way must still be kept.
      if (changes.length) await this.save(changes);
      throw error;
    }
    const writes = [...changes.filter((c) => !(c.t === 'put' && c.c === 'orders')), put(this.env, 'orders', outcome.order)];
    if (outcome.reauthorization) writes.push(put(this.env, 'reauthorizations', outcome.reauthorization));
    writes.push(...(outcome.changes ?? []));
    for (const record of journal.remember(keys, request.fingerprint, outcome.result, this.clock.iso())) writes.push(put(this.env, 'idempotency', record));
    await this.save(writes);
    return { ...outcome.result, replayed: false };
  }
}

function accepted(order: Order): StoredResult {
  return { status: 202, location: orderLocation(order.orderId) };
}
