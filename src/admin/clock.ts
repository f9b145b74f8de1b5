/**
 * /__admin/clock: read, set, freeze and advance the sandbox clock. Every change is
 * persisted with the state, so a restart keeps the sandbox's time.
 */
import { z } from 'zod';
import { LAST_INSTANT_MS, parseDurationMs } from '../clock.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { AdminError, instantField } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { clockStateSchema } from './answers/common.js';

const setSchema = z
  .object({
    now: instantField.optional(),
    frozen: z.boolean().optional(),
  })
  .strict();

const advanceSchema = z
  .object({
    seconds: z.number().finite().optional(),
    duration: z.string().optional(),
  })
  .strict();

type ClockDeps = Pick<AdminDeps, 'clock' | 'services' | 'idle'>;

const CLOCK = json('The clock as it now is.', clockStateSchema, 'AdminClock');

/** Saves the clock and does the work it made due (state only: deliveries are made beside the request). */
export const persistClock = async (deps: ClockDeps): Promise<void> => {
  await deps.services.settings.persistClock();
  await deps.idle();
};

export const CLOCK_OPERATIONS: readonly AnyOperation<ClockDeps>[] = [
  adminOperation<ClockDeps>({
    op: 'getClock',
    method: 'GET',
    path: '/__admin/clock',
    summary: 'The sandbox clock',
    answers: { '200': CLOCK, ...refusals() },
    handler: (deps) => (c) => c.json(deps.clock.state()),
  }),
  adminOperation<ClockDeps, z.infer<typeof setSchema>>({
    op: 'setClock',
    method: 'PUT',
    path: '/__admin/clock',
    summary: 'Set or freeze the clock',
    body: jsonBody(setSchema, 'AdminClockSet'),
    answers: { '200': CLOCK, ...refusals(...BODY_REFUSALS, 503) },
    handler:
      (deps) =>
      async (c, { body }) => {
        deps.clock.set(body);
        await persistClock(deps);
        return c.json(deps.clock.state());
      },
  }),
  adminOperation<ClockDeps>({
    op: 'resetClock',
    method: 'DELETE',
    path: '/__admin/clock',
    summary: "Back to the machine's time",
    answers: { '200': CLOCK, ...refusals(503) },
    handler: (deps) => async (c) => {
      deps.clock.reset();
      await persistClock(deps);
      return c.json(deps.clock.state());
    },
  }),
  adminOperation<ClockDeps, z.infer<typeof advanceSchema>>({
    op: 'advanceClock',
    method: 'POST',
    path: '/__admin/clock/advance',
    summary: 'Advance the clock',
    description:
      'Exactly one of {"seconds": n} (negative moves it back) or {"duration": "PT1H30M"}; the work that fell due is done, and the callback retries that fell due are made in the background (POST /__admin/deliveries/settle waits for them).',
    body: jsonBody(advanceSchema, 'AdminClockAdvance'),
    answers: { '200': CLOCK, ...refusals(...BODY_REFUSALS, 503) },
    handler:
      (deps) =>
      async (c, { body }) => {
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
          throw new AdminError(
            400,
            `Advancing by ${body.duration ?? `${body.seconds} seconds`} would move the clock past 9999-12-31; advance by less, or PUT /__admin/clock {"now": ...}.`,
          );
        }
        deps.clock.advance(ms);
        await persistClock(deps);
        return c.json(deps.clock.state());
      },
  }),
];
