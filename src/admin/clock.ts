/**
 * /__admin/clock: read, set, freeze and advance the sandbox clock. Every change is
 * persisted with the state, so a restart keeps the sandbox's time.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { parseDurationMs } from '../clock.js';
import type { AdminDeps } from './deps.js';
import { AdminError, adminBody, instantField } from './errors.js';

export const setSchema = z
  .object({
    now: instantField.optional(),
    frozen: z.boolean().optional(),
  })
  .strict();

export const advanceSchema = z
  .object({
    seconds: z.number().finite().optional(),
    duration: z.string().optional(),
  })
  .strict();

/** The latest instant PUT /__admin/clock accepts (a four-digit year); advancing stays within it too. */
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function registerClockAdmin(admin: Hono, deps: Pick<AdminDeps, 'clock' | 'services'>): void {
  const persist = (): Promise<void> => deps.services.settings.persistClock();

  admin.get('/__admin/clock', (c) => c.json(deps.clock.state()));

  admin.put('/__admin/clock', async (c) => {
    const body = await adminBody(c, setSchema);
    deps.clock.set(body);
    await persist();
    return c.json(deps.clock.state());
  });

  // Back to the machine's time, ticking.
  admin.delete('/__admin/clock', async (c) => {
    deps.clock.reset();
    await persist();
    return c.json(deps.clock.state());
  });

  admin.post('/__admin/clock/advance', async (c) => {
    const body = await adminBody(c, advanceSchema);
    let ms: number;
    if (body.seconds !== undefined && body.duration === undefined) {
      ms = body.seconds * 1000;
    } else if (body.duration !== undefined && body.seconds === undefined) {
      const parsed = parseDurationMs(body.duration);
      if (parsed === null) throw new AdminError(400, `duration: '${body.duration}' is not an ISO-8601 duration such as PT1H30M or P1D`);
      ms = parsed;
    } else {
      throw new AdminError(400, 'Send exactly one of {"seconds": n} or {"duration": "PT1H30M"}.');
    }
    // Past the calendar's end (or Infinity) every Date the sandbox makes would be invalid: refuse, don't wedge the clock.
    if (!(Math.abs(deps.clock.nowMs() + ms) <= LAST_INSTANT_MS)) {
      throw new AdminError(400, `Advancing by ${body.duration ?? `${body.seconds} seconds`} would move the clock past 9999-12-31; advance by less, or PUT /__admin/clock {"now": ...}.`);
    }
    deps.clock.advance(ms);
    await persist();
    return c.json(deps.clock.state());
  });
}
