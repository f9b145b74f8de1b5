/**
 * An order's own rules on the sandbox clock: it expires at expiresAt while it can still be
 * captured, and its pending credit check settles at settlesAt. Both are applied lazily, on the
 * next read or write of the order, and in the order of their instants (due.ts), so a credit
 * check that settles after the order expired fails, whatever was read in between.
 */
import type { Due } from './due.js';
import type { Order } from './model.js';
import { expiryMs } from './order-admin.js';
import { type Reauthorization, settle } from './order-reauthorize.js';

export interface OrderInTime {
  order: Order;
  /** Its credit check still Pending, if any. */
  pending: Reauthorization | null;
  /** Credit checks settled on the way, to be saved with the order. */
  settled: Reauthorization[];
}

export function orderRules(state: OrderInTime): Due<OrderInTime>[] {
  const rules: Due<OrderInTime>[] = [];
  const expiresMs = expiryMs(state.order);
  // Listed first: at its expiresAt the order is expired, so a check settling at that very instant fails.
  if (expiresMs !== null) rules.push({ atMs: expiresMs, apply: (s) => ({ ...s, order: { ...s.order, status: 'Expired' } }) });
  const pending = state.pending;
  if (pending) {
    rules.push({
      atMs: Date.parse(pending.settlesAt),
      apply: (s) => {
        const settled = settle(pending, s.order);
        return { order: settled.order ?? s.order, pending: null, settled: [...s.settled, settled.reauthorization] };
      },
    });
  }
  return rules;
}
