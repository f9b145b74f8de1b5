/**
 * The one owner of order state for order administration (routes never touch the store).
 * Every read and write first brings the order up to date on the sandbox clock (expiry, due
 * credit checks, and the rules other services follow for it, such as the end of an on-hold
 * review; all in the order of their instants), then runs a pure domain rule, then persists.
 *
 * Each write runs synchronously from lookup to mutation and only then awaits the disk, so
 * two concurrent calls on one order can never interleave between check and change.
 * A change of the order's items (a reauthorization, at once or when its credit check
 * completes) queues `walley:order:reauthorized` with it, a capture `walley:order:captured`.
 * For a merchant whose reads lag (orderReadLagSeconds), every action is kept under the
 * correlation id its webhook carries, and reads show what src/domain/order-read-lag.ts says.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { type Due, catchUp } from '../domain/due.js';
import type { Order } from '../domain/model.js';
import { type AmountCommand, type OrderAction, cancel, capture, extend, refund } from '../domain/order-admin.js';
import { type OrderInTime, orderRules } from '../domain/order-clock.js';
import { type Reauthorization, newReauthorization, planReauthorize } from '../domain/order-reauthorize.js';
import { OrderViolation } from '../domain/order-violation.js';
import type { SeededRandom } from '../domain/random.js';
import type { EnvName } from '../hosts.js';
import { type Change, LOOKUPS, put } from '../store/state.js';
import { capturedAmount } from '../domain/order-ledger.js';
import { orderCapturedEvent, orderReauthorizedEvent } from '../domain/webhook-events.js';
import type { WebhookOutbox } from './webhooks.js';
import type { StateStore } from '../store/store.js';
import type { StoredResult } from '../domain/records.js';
import { IdempotencyRecords, type IdempotentRequest, idempotencyKeys } from './order-idempotency.js';
import type { OrderReadLag } from './order-read-lag.js';

/** How many orders GET /manage/orders/ lists (WC: "an empty id returns the 10 latest orders"). */
export const LATEST_ORDERS = 10;

export interface ActionResult extends StoredResult {
  /** True when an idempotency key replayed an earlier answer instead of acting again. */
  replayed: boolean;
}

/** An action's order after it, its answer, and what else it saves (a reauthorization, a webhook). */
type Outcome = { order: Order; result: StoredResult; reauthorization?: Reauthorization; changes?: Change[] };

/** A rule another service follows for an order on the sandbox clock (the end of an on-hold review). */
export interface OrderTimeRule {
  /** When it falls due for this order; null when it has nothing pending for it. */
  dueMs(order: Order): number | null;
  /** Applies it to the order as it stood at `atMs`: the order, and what else changes with it (never the order itself). */
  apply(order: Order, atMs: number): { order: Order; changes: Change[] };
  /** Its changes were saved (the rule sends what they queued). */
  saved(): void;
}

/** An order being brought up to date: its own rules' state, plus what the followed rules changed. */
interface Catching extends OrderInTime {
  changes: Change[];
  /** The followed rules applied on the way: each applies once. */
  followed: readonly OrderTimeRule[];
}

/** An order brought up to date: the changes that make it so (none when nothing was due). */
interface UpToDate {
  order: Order;
  pending: Reauthorization | null;
  changes: Change[];
  followed: readonly OrderTimeRule[];
}

export function orderLocation(orderId: string): string {
  return `/manage/orders/${orderId}`;
}

export class OrderService {
  private readonly rules: OrderTimeRule[] = [];

  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    private readonly random: SeededRandom,
    readonly env: EnvName,
    private readonly webhooks: WebhookOutbox,
    private readonly lag: OrderReadLag,
  ) {}

  /** `walley:order:reauthorized` for an order whose amount was `before` (none when the merchant has no webhook URL). */
  private reauthorized(order: Order, before: number, at: string = this.clock.iso(), correlationId?: string): Change[] {
    return this.webhooks.queue(order.merchantId, [orderReauthorizedEvent(order, before, at)], { subject: order.orderId, correlationId });
  }

  private get orders() {
    return this.store.env(this.env).orders;
  }

  private get reauthorizations() {
    return this.store.env(this.env).records('reauthorizations');
  }

  /** Applies `rule` to every order it names, in time with the order's own rules. */
  follow(rule: OrderTimeRule): void {
    this.rules.push(rule);
  }

  private notFound(orderId: string): OrderViolation {
    return new OrderViolation(
      'not_found',
      'ORDER_NOT_FOUND',
      `No order ${orderId} for this API client's merchant in ${this.env.toUpperCase()}. Use data.order.orderId from GET /checkouts/{privateId}, ` +
        `and a token of the merchant that owns the order (orders of other merchants and of the other environment are not visible).`,
    );
  }

  /** Saves an order as given. @testSeam tests seed orders in states no flow reaches quickly. */
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
  private locate(merchantId: string, orderId: string): UpToDate {
    const found = this.find(orderId);
    if (!found || found.merchantId !== merchantId) throw this.notFound(orderId);
    return this.refresh(found);
  }

  /** Every rule due by now (its own and the followed ones), applied in the order of their instants, as changes to save. */
  private refresh(found: Order): UpToDate {
    const start: Catching = { order: found, pending: this.pendingOf(found.orderId), settled: [], changes: [], followed: [] };
    const done = catchUp(start, (state) => this.rulesOf(state), this.clock.nowMs());
    if (done === start) return { order: found, pending: start.pending, changes: [], followed: [] };
    const changes = [...done.settled.map((r) => put(this.env, 'reauthorizations', r)), ...done.changes];
    if (done.order !== found) changes.push(put(this.env, 'orders', done.order));
    // A credit check that completed changed the order's amount when it settled.
    for (const r of done.settled)
      if (r.status === 'Completed')
        changes.push(...this.reauthorized({ ...done.order, totalAmount: r.amount }, found.totalAmount, r.settlesAt));
    return { order: done.order, pending: done.pending, changes, followed: done.followed };
  }

  private rulesOf(state: Catching): Due<Catching>[] {
    const rules: Due<Catching>[] = orderRules(state).map((rule) => ({ atMs: rule.atMs, apply: (s) => ({ ...s, ...rule.apply(s) }) }));
    for (const rule of this.rules) {
      if (state.followed.includes(rule)) continue;
      const atMs = rule.dueMs(state.order);
      if (atMs === null) continue;
      rules.push({
        atMs,
        apply: (s) => {
          const applied = rule.apply(s.order, atMs);
          return { ...s, order: applied.order, changes: [...s.changes, ...applied.changes], followed: [...s.followed, rule] };
        },
      });
    }
    return rules;
  }

  /** The order's credit check still Pending, as stored. */
  private pendingOf(orderId: string): Reauthorization | null {
    return this.reauthorizations.getBy(LOOKUPS.pendingOfOrder, orderId) ?? null;
  }

  private async save(changes: Change[], followed: readonly OrderTimeRule[]): Promise<void> {
    if (changes.length === 0) return;
    await this.store.apply(changes);
    for (const rule of followed) rule.saved();
    // The dispatcher sends a webhook among them.
    if (changes.some((change) => change.t === 'put' && change.c === 'callbacks')) this.webhooks.wake();
  }

  /** Brings any merchant's order up to date and saves it (the clock's work: a followed rule fell due). */
  async catchUp(orderId: string): Promise<void> {
    const found = this.find(orderId);
    if (!found) return;
    const { changes, followed } = this.refresh(found);
    await this.save(changes, followed);
  }

  /**
   * The caller's order as a read shows it: as it is, or for a merchant whose reads lag, as it was
   * before its latest actions (404 while the one that created it is that recent), unless the read
   * names an action's `correlationId` (the query the get order page documents).
   */
  async get(merchantId: string, orderId: string, correlationId: string | null = null): Promise<Order> {
    const { order, changes, followed } = this.locate(merchantId, orderId);
    await this.save(changes, followed);
    const shown = this.lag.view(order, correlationId);
    if (shown === null) throw this.notYetVisible(order);
    return shown;
  }

  /** An order a lagged read cannot see yet: the service's transient 404, which its pages say to retry. */
  private notYetVisible(order: Order): OrderViolation {
    const seconds = this.store.env(this.env).merchants.get(order.merchantId)?.orderReadLagSeconds ?? 0;
    return new OrderViolation(
      'not_found',
      'ORDER_NOT_FOUND',
      `Order ${order.orderId} is not visible yet: this merchant's order reads lag ${seconds} s of sandbox time (orderReadLagSeconds), as the service is eventually consistent. ` +
        'Retry after at least 3 seconds, or read it with ?correlationId= from its walley:order:created webhook.',
    );
  }

  /** The merchant's most recent orders, newest first. */
  async latest(merchantId: string, limit = LATEST_ORDERS): Promise<Order[]> {
    const newest = [...this.orders.values()]
      .filter((order) => order.merchantId === merchantId)
      .sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt))
      .slice(0, limit)
      .map((order) => this.refresh(order));
    await this.save(
      newest.flatMap((r) => r.changes),
      newest.flatMap((r) => r.followed),
    );
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

  /** A capture, and its `walley:order:captured` with the amount it took. */
  capture(merchantId: string, orderId: string, command: AmountCommand, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'capture', request, (order, _pending, correlationId) => {
      const captured = capture(order, command, this.actionContext());
      const event = orderCapturedEvent(captured, capturedAmount(captured) - capturedAmount(order), this.clock.iso());
      return {
        order: captured,
        result: accepted(order),
        changes: this.webhooks.queue(order.merchantId, [event], { subject: order.orderId, correlationId }),
      };
    });
  }

  refund(merchantId: string, orderId: string, command: AmountCommand, request: IdempotentRequest): Promise<ActionResult> {
    return this.act(merchantId, orderId, 'refund', request, (order) => ({
      order: refund(order, command, this.actionContext()),
      result: accepted(order),
    }));
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
    return this.act(merchantId, orderId, 'reauthorize', request, (order, pending, correlationId) => {
      const plan = planReauthorize(order, command, pending);
      if (plan.kind === 'applied')
        return {
          order: plan.order,
          result: accepted(order),
          changes: this.reauthorized(plan.order, order.totalAmount, this.clock.iso(), correlationId),
        };
      const reauthorization = newReauthorization(order, plan, command, this.random.uuid(), this.clock.nowMs());
      return {
        order,
        reauthorization,
        result: { status: 201, location: `${orderLocation(order.orderId)}/reauthorize/${reauthorization.id}` },
      };
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
    action: OrderAction,
    request: IdempotentRequest,
    change: (order: Order, pending: Reauthorization | null, correlationId: string) => Outcome,
  ): Promise<ActionResult> {
    const { order, pending, changes, followed } = this.locate(merchantId, orderId);
    const idempotency = new IdempotencyRecords(this.store.env(this.env).records('idempotency'));
    const keys = idempotencyKeys(merchantId, order.orderId, action, request);
    // The id of this action: its webhook's Walley-CorrelationId, and what a lagged read names it by.
    const correlationId = randomUUID();
    let outcome: Outcome;
    try {
      // "There might be a delay between the creation of an order and the availability of API
      // functionalities to manage said order" (the capture page): a lagged merchant's new order is not there yet.
      if (this.lag.view(order, null) === null) throw this.notYetVisible(order);
      const replay = idempotency.lookup(keys, request.fingerprint, this.clock.nowMs());
      if (replay) {
        await this.save(changes, followed);
        return { ...replay, replayed: true };
      }
      outcome = change(order, pending, correlationId);
    } catch (error) {
      // The refusal changed nothing, but what the clock made due on the way must still be kept.
      await this.save(changes, followed);
      throw error;
    }
    const writes = [...changes.filter((c) => !(c.t === 'put' && c.c === 'orders')), put(this.env, 'orders', outcome.order)];
    if (outcome.reauthorization) writes.push(put(this.env, 'reauthorizations', outcome.reauthorization));
    writes.push(...(outcome.changes ?? []));
    if (outcome.order !== order) writes.push(...this.lag.recorded(outcome.order, order, correlationId));
    for (const record of idempotency.remember(keys, request.fingerprint, outcome.result, this.clock.iso()))
      writes.push(put(this.env, 'idempotency', record));
    await this.save(writes, followed);
    return { ...outcome.result, replayed: false };
  }
}

function accepted(order: Order): StoredResult {
  return { status: 202, location: orderLocation(order.orderId) };
}
