/**
 * The field types scenario files share: instants, ids given as strings or numbers, amounts in
 * major units (read exactly into minor units), positive seconds. Here, below the store, because
 * the settings (settings.ts) are a scenario's sections too.
 */
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { toMinor } from './money.js';

export const scenarioInstant = z.string().refine((v) => parseInstant(v) !== null, {
  message: 'expected an ISO-8601 instant such as 2026-10-30T23:00:00Z',
});
/** An instant kept in one form (2026-10-30T23:00:00.000Z), whatever zone it was written in. */
export const isoInstant = scenarioInstant.transform((v) => (parseInstant(v) as Date).toISOString());
export const id = z.union([z.string().min(1), z.number().int()]).transform(String);
export const scenarioAmount = z
  .union([z.number(), z.string()])
  .refine((v) => toMinor(v) !== null, { message: 'expected an amount such as 199 or "199.00"' })
  .transform((v) => toMinor(v) as number);
export const seconds = z.number().int().positive();
