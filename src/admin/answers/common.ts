/**
 * Field shapes the control plane's answers share (src/admin/answers/*): instants on the
 * sandbox clock and on the machine's, the clock's state, ids, and the value lists of unions
 * the lower layers declare only as types (kept complete by the compiler, see `everyOf`).
 */
import { z } from 'zod';
import { ENVIRONMENTS } from '../../hosts.js';

/** An instant on the sandbox clock as the sandbox writes it (`toISOString()`). */
export const instantSchema = z.iso.datetime().meta({ description: 'ISO-8601 in UTC, sandbox time, e.g. 2026-10-30T22:59:00.000Z.' });

/** An instant of the machine's own time (idle expiry, the journal's realTime). */
export const realInstantSchema = z.iso.datetime().meta({ description: "ISO-8601 in UTC, the machine's time (not the sandbox clock)." });

/** A GUID as the sandbox and the portal issue them (client, secret, checkout, order ids). */
export const guidSchema = z.guid();

export const envSchema = z.enum(ENVIRONMENTS).meta({ description: 'uat or prod.' });

export const clockStateSchema = z
  .strictObject({
    now: instantSchema,
    frozen: z.boolean().meta({ description: 'True while the clock stands still (PUT /__admin/clock {"frozen": true}).' }),
  })
  .meta({ description: 'The sandbox clock.' });

/**
 * The values of a union the domain or a service declares only as a type ('pending' |
 * 'delivered' | 'failed'), for a zod enum: a value the type does not have, or a value of the
 * type left out, fails to compile, so the answer schema follows the type.
 *
 *   const STATES = everyOf<CallbackRecord['state']>()(['pending', 'delivered', 'failed']);
 */
export function everyOf<T extends string>() {
  return <const V extends readonly [T, ...T[]]>(
    values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> }),
  ): V => values;
}

/** A record's shape without the defaults its reading gives. */
type WithoutDefaults<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodDefault<infer T extends z.core.$ZodType> ? T : S[K] };

/**
 * A stored record's schema (src/domain/merchant.ts) as an answer: strict, and without the
 * defaults a state file's reading gives a field it lacks, so the answer check still sees a view
 * that leaves a field out. Pick, omit or extend it for what the view shows.
 */
export function answerOf<S extends z.ZodRawShape>(record: z.ZodObject<S>): z.ZodObject<WithoutDefaults<S>, z.core.$strict> {
  const shape = Object.fromEntries(
    Object.entries(record.shape).map(([field, schema]) => [field, schema instanceof z.ZodDefault ? schema.unwrap() : schema]),
  );
  return z.strictObject(shape) as unknown as z.ZodObject<WithoutDefaults<S>, z.core.$strict>;
}
