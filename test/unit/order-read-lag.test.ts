/** What a lagged read of an order shows (src/domain/order-read-lag.ts), and what is kept of the actions. */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/model.js';
import { type LaggedAction, keptActions, visibleOrder } from '../../src/domain/order-read-lag.js';
import { tentOrder } from '../support/order-fixture.js';

const LAG = 3000;
const v0 = tentOrder('2026-11-02T10:00:00.000Z');
const v1: Order = { ...v0, status: 'PartActivated' };
const v2: Order = { ...v0, status: 'Activated' };
// Created at 0, captured in part at 1000, the rest at 2000; v2 is the order as it is.
const actions: LaggedAction[] = [
  { correlationId: 'C0', atMs: 0, before: null },
  { correlationId: 'C1', atMs: 1000, before: v0 },
  { correlationId: 'C2', atMs: 2000, before: v1 },
];

describe('visibleOrder', () => {
  it('shows the order as it stood before the earliest action within the lag: nothing while its creation is', () => {
    expect(visibleOrder(v2, actions, null, 2500, LAG)).toBeNull();
    expect(visibleOrder(v2, actions, null, 3000, LAG)).toBe(v0);
    expect(visibleOrder(v2, actions, null, 4000, LAG)).toBe(v1);
    expect(visibleOrder(v2, actions, null, 5000, LAG)).toBe(v2);
  });

  it('with an action’s correlation id, at least that action applied; an unknown id shows the order as it is', () => {
    expect(visibleOrder(v2, actions, 'C0', 2500, LAG)).toBe(v0);
    expect(visibleOrder(v2, actions, 'c1', 2500, LAG)).toBe(v1);
    expect(visibleOrder(v2, actions, 'C2', 2500, LAG)).toBe(v2);
    // An id older than the lag: as a plain read, which already shows it.
    expect(visibleOrder(v2, actions, 'C0', 3500, LAG)).toBe(v0);
    expect(visibleOrder(v2, actions, 'another', 2500, LAG)).toBe(v2);
  });
});

describe('keptActions', () => {
  it('keeps the order before an action only while a read can show it, and every id', () => {
    expect(keptActions(actions, 4500, LAG)).toEqual([
      { correlationId: 'C0', atMs: 0 },
      { correlationId: 'C1', atMs: 1000 },
      { correlationId: 'C2', atMs: 2000, before: v1 },
    ]);
  });
});
