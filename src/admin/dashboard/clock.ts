/**
 * The sandbox clock as the page knows it: the last state the server gave, and while it ticks,
 * extrapolated with performance.now(), never with the browser's own date (the sandbox's now is
 * whatever the sandbox was set to).
 */
import type { ClockState } from './answers.js';

let last = { nowMs: 0, frozen: true, fetchedAt: 0 };

export function takeClockState(state: ClockState): void {
  last = { nowMs: Date.parse(state.now), frozen: state.frozen, fetchedAt: performance.now() };
}

export function sandboxNow(): number {
  return last.frozen ? last.nowMs : last.nowMs + (performance.now() - last.fetchedAt);
}

export function clockFrozen(): boolean {
  return last.frozen;
}
