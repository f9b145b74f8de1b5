/**
 * The order actions a lagged read needs (src/domain/order-read-lag.ts), kept for the merchants
 * whose order reads lag (`orderReadLagSeconds`); nothing is kept for the others. The services
 * that act on orders (the order actions, a purchase and an authorization creating one) save
 * `recorded`'s change with their own, under the correlation id their webhooks carry.
 */
import type { Clock } from '../clock.js';
import type { Order } from '../domain/model.js';
import { type LaggedAction, keptActions, visibleOrder } from '../domain/order-read-lag.js';
import type { EnvName } from '../hosts.js';
import { type Change, put } from '../store/state.js';
import type { StateStore } from '../store/store.js';
import type { MerchantDirectory } from './merchants.js';

export class OrderReadLag {
  constructor(
    private readonly store: StateStore,
    private readonly clock: Clock,
    private readonly env: EnvName,
    private readonly merchants: MerchantDirectory,
  ) {}

  private get records() {
    return this.store.env(this.env).records('orderActions');
  }

  private lagMs(merchantId: string): number {
    return (this.merchants.byId(merchantId)?.orderReadLagSeconds ?? 0) * 1000;
  }

  /**
   * The change that keeps an action on `after` (made at `atMs`, now by default; `before`: the
   * order as it stood, null when the action created it); none when the merchant's reads do not lag.
   */
  recorded(after: Order, before: Order | null, correlationId: string, atMs: number = this.clock.nowMs()): Change[] {
    const lagMs = this.lagMs(after.merchantId);
    if (lagMs === 0) return [];
    const nowMs = this.clock.nowMs();
    const id = after.orderId.toLowerCase();
    const action: LaggedAction = atMs > nowMs - lagMs ? { correlationId, atMs, before } : { correlationId, atMs };
    const actions = [...keptActions(this.records.get(id)?.actions ?? [], nowMs, lagMs), action];
    return [put(this.env, 'orderActions', { id, actions })];
  }

  /** The order as a read shows it now (a read naming `correlationId`, if any); null: not visible yet. */
  view(order: Order, correlationId: string | null): Order | null {
    const lagMs = this.lagMs(order.merchantId);
    const record = lagMs === 0 ? undefined : this.records.get(order.orderId.toLowerCase());
    return record ? visibleOrder(order, record.actions, correlationId, this.clock.nowMs(), lagMs) : order;
  }
}
