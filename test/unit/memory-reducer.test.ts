/**
 * The idle memory reducer's rule (src/memory-reducer.ts): collect only when the process is
 * quiet and the committed heap holds enough unused room to be worth the pause.
 */
import { describe, expect, it } from 'vitest';
import { worthReducing } from '../../src/memory-reducer.js';

const MiB = 1024 * 1024;

describe('worthReducing', () => {
  it('collects when quiet and the committed heap exceeds the live one by 32 MiB or more', () => {
    expect(worthReducing({ utilization: 0.002, committed: 200 * MiB, used: 60 * MiB })).toBe(true);
    expect(worthReducing({ utilization: 0, committed: 92 * MiB, used: 60 * MiB })).toBe(true);
  });

  it('waits while the process works: 1% of a core or more in the last period', () => {
    expect(worthReducing({ utilization: 0.01, committed: 200 * MiB, used: 60 * MiB })).toBe(false);
    expect(worthReducing({ utilization: 1.4, committed: 200 * MiB, used: 60 * MiB })).toBe(false);
  });

  it('leaves a heap alone whose unused room is under the slack (after a collection, or a small world)', () => {
    expect(worthReducing({ utilization: 0, committed: 91 * MiB, used: 60 * MiB })).toBe(false);
    expect(worthReducing({ utilization: 0, committed: 21 * MiB, used: 19 * MiB })).toBe(false);
  });

  it('takes its thresholds from the options', () => {
    const reading = { utilization: 0.03, committed: 40 * MiB, used: 30 * MiB };
    expect(worthReducing(reading)).toBe(false);
    expect(worthReducing(reading, { slackBytes: 8 * MiB, quietBelow: 0.05 })).toBe(true);
    expect(worthReducing(reading, { slackBytes: 8 * MiB })).toBe(false);
  });
});
