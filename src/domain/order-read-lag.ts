/**
 * Eventual consistency of order reads, as https://payments.collectorbank.se/docs/manage/orders/get
 * describes it: an order's updates "may not be visible immediately"; a read that names the
 * `correlationId` of an action (the one its webhook carries) returns the order only once that
 * action is applied; 403 and 404 may be transient. The sandbox applies every action at once and
 * plays the delay for the merchants that ask for it (`orderReadLagSeconds`): an action becomes
 * visible to plain reads `lag` after it was made, on the sandbox clock, and a read with its
 * correlation id sees it at once. Pure: the service keeps the actions (src/services/order-read-lag.ts).
 */
import type { Order } from './model.js';

/** An action on an order as a read sees it: when it was made, its correlation id, and the order before it (null: it created the order). */
export interface LaggedAction {
  correlationId: string;
  atMs: number;
  /** Kept while the action is within the lag; dropped after (absent), when no read can show it. */
  before?: Order | null;
}

/**
 * What a read shows: the order as it stood before the earliest action still within the lag
 * (null while that action created it: not found yet). With a correlation id among the order's
 * actions, at least the order as that action left it; an id the order has no action of (another
 * event's, or one made before the lag was set) shows the order as it is.
 */
export function visibleOrder(
  current: Order,
  actions: readonly LaggedAction[],
  correlationId: string | null,
  nowMs: number,
  lagMs: number,
): Order | null {
  const since = nowMs - lagMs;
  const pending = actions.filter((a) => a.atMs > since && a.before !== undefined).sort((a, b) => a.atMs - b.atMs);
  if (pending.length === 0) return current;
  if (correlationId !== null) {
    const named = correlationId.trim().toLowerCase();
    const known = actions.find((a) => a.correlationId.toLowerCase() === named);
    if (!known) return current;
    const at = pending.indexOf(known);
    // The order as that action left it: as it stood before the next one still pending, or as it is.
    if (at >= 0) return at + 1 < pending.length ? pending[at + 1]!.before! : current;
  }
  return pending[0]!.before!;
}

/** The actions to keep after one at `nowMs`: those within the lag with the order before them, the older ones by their ids only. */
export function keptActions(actions: readonly LaggedAction[], nowMs: number, lagMs: number): LaggedAction[] {
  const since = nowMs - lagMs;
  return actions.map((a) => (a.atMs > since || a.before === undefined ? a : { correlationId: a.correlationId, atMs: a.atMs }));
}
