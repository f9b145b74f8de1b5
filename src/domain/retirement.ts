/**
 * When the retired host ({deprecated_base_url}) answers: until `shutdownAt` on the sandbox
 * clock, except during brownout windows; from `shutdownAt` on, never. Pure: the clock's
 * instant is passed in, so moving the clock back simply reopens the host. Imports only types, so
 * the dashboard's script carries it too (its retired-host badge follows the same rule).
 */
import type { RetirementSettings } from './settings.js';

export type RetirementState =
  { open: true } | { open: false; cause: 'shutdown'; since: string } | { open: false; cause: 'brownout'; since: string; until: string };

/**
 * The retired host was deprecated long before its shutdown (the SDK moved to the
 * transitional hosts in May 2022); the Deprecation header needs an instant, and the
 * scenario has none, so this one is used unless it would fall after the shutdown.
 */
const DEPRECATED_SINCE = '2022-05-01T00:00:00.000Z';

export function retirementState(retirement: Pick<RetirementSettings, 'shutdownAt' | 'brownouts'>, nowMs: number): RetirementState {
  if (nowMs >= Date.parse(retirement.shutdownAt)) return { open: false, cause: 'shutdown', since: retirement.shutdownAt };
  const brownout = retirement.brownouts.find((b) => Date.parse(b.start) <= nowMs && nowMs < Date.parse(b.end));
  if (brownout) return { open: false, cause: 'brownout', since: brownout.start, until: brownout.end };
  return { open: true };
}

/** RFC 9745 wants the Deprecation instant no later than the Sunset instant. */
export function deprecatedSinceMs(retirement: RetirementSettings): number {
  return Math.min(Date.parse(DEPRECATED_SINCE), Date.parse(retirement.shutdownAt));
}
