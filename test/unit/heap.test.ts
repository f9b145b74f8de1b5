/**
 * The server's heap rules (src/heap.ts): the young generation's growth stops at its cap; the
 * idle memory reducer collects only when the process is quiet and the committed heap has grown
 * enough since the last collection to be worth the pause.
 */
import { describe, expect, it } from 'vitest';
import { growthFactorFor, worthReducing, YOUNG_GENERATION_CAP } from '../../src/heap.js';

const MiB = 1024 * 1024;

describe('worthReducing', () => {
  it('collects when quiet and the committed heap grew by 8 MiB or more since the last collection', () => {
    expect(worthReducing({ utilization: 0.002, committed: 200 * MiB, baseline: 60 * MiB })).toBe(true);
    expect(worthReducing({ utilization: 0, committed: 28 * MiB, baseline: 20 * MiB })).toBe(true);
  });

  it('waits while the process works: 1% of a core or more in the last period', () => {
    expect(worthReducing({ utilization: 0.01, committed: 200 * MiB, baseline: 60 * MiB })).toBe(false);
    expect(worthReducing({ utilization: 1.4, committed: 200 * MiB, baseline: 60 * MiB })).toBe(false);
  });

  it('leaves a heap alone that grew less (a quiet server after its collection, a few requests)', () => {
    expect(worthReducing({ utilization: 0, committed: 27 * MiB, baseline: 20 * MiB })).toBe(false);
    expect(worthReducing({ utilization: 0, committed: 20 * MiB, baseline: 20 * MiB })).toBe(false);
  });

  it('takes its thresholds from the options', () => {
    const reading = { utilization: 0.03, committed: 36 * MiB, baseline: 30 * MiB };
    expect(worthReducing(reading)).toBe(false);
    expect(worthReducing(reading, { growthBytes: 4 * MiB, quietBelow: 0.05 })).toBe(true);
    expect(worthReducing(reading, { growthBytes: 4 * MiB })).toBe(false);
  });
});

describe('growthFactorFor', () => {
  it("lets V8 double the young generation below the cap (its own factor, 2) and holds it at the cap (1)", () => {
    expect(YOUNG_GENERATION_CAP).toBe(16 * MiB);
    expect(growthFactorFor(2 * MiB)).toBe(2);
    expect(growthFactorFor(8 * MiB)).toBe(2);
    expect(growthFactorFor(16 * MiB)).toBe(1);
    expect(growthFactorFor(32 * MiB)).toBe(1);
    expect(growthFactorFor(8 * MiB, 8 * MiB)).toBe(1);
  });
});
