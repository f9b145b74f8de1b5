/**
 * Every change of an order is held to its books (src/domain/order-books.ts) in the one place
 * every change passes through, the store: a change that would break them is refused whole, and
 * the request that made it answers 500 (a sandbox bug, never the caller's). Always on: the
 * check costs what the order's own size does, only when an order is written, which already
 * writes the whole order to the change log; and a refused write is better than books that
 * make every later call on the order go wrong. Only what a change breaks is refused, so a
 * state saved by an older version keeps working.
 */
import { brokenBy } from '../domain/order-books.js';
import type { StateStore } from '../store/store.js';

/** The latest violations, for the test suite to fail on even where no answer shows them (the clock's work). */
const violations: string[] = [];
const KEPT = 100;

export function bookViolations(): string[] {
  return violations;
}

export function guardOrderBooks(store: StateStore): void {
  store.guard('orders', (before, after) => {
    const broken = brokenBy(before, after).map((issue) => `order ${after.orderId}'s books would break: ${issue.detail}`);
    violations.push(...broken);
    violations.splice(0, Math.max(0, violations.length - KEPT));
    return broken;
  });
}
