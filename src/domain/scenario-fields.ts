/**
 * The field types scenario files share: instants, ids given as strings or numbers, amounts in
 * major units (read exactly into minor units), positive seconds, and the bounds of what a
 * merchant entry may hold (each below with why). Here, below the store, because the settings
 * (settings.ts) are a scenario's sections too.
 */
import { z } from 'zod';
import { LAST_DATE_MS, LAST_INSTANT_MS, parseInstant } from '../clock.js';
import { toMinor } from './money.js';

/** Ids (a merchant's, a SharedKey username) are path segments, log fields and map keys: the service's are short numbers and names. */
export const MAX_ID_LENGTH = 64;
/** Names (a merchant's, an API client's) are shown in lists and on the dashboard: 200 characters hold any company name. */
export const MAX_NAME_LENGTH = 200;
/** Keys and secrets (SharedKey keys, client secrets, webhook signing keys) are hashed on every use: 256 characters hold any key a portal issues. */
export const MAX_SECRET_LENGTH = 256;
/** Callback URLs: the length servers and browsers commonly take in a request line. */
export const MAX_URL_LENGTH = 2048;
/** Store ids are the service's 32-bit integers (the API reads 1234 or "1234"): this is the largest. */
export const MAX_STORE_ID = 2_147_483_647;
/**
 * The longest token lifetime whose tokens the API accepts: a token's exp (the clock's now plus
 * the lifetime) must be a date (LAST_DATE_MS), even for a token issued at the clock's last instant.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = Math.floor((LAST_DATE_MS - LAST_INSTANT_MS) / 1000);

export const scenarioInstant = z.string().refine((v) => parseInstant(v) !== null, {
  message: 'expected an ISO-8601 instant such as 2026-10-30T23:00:00Z',
});
/** An instant as the state keeps it (the sandbox writes `toISOString()`; a hand-edited file may hold any form Date reads). */
export const storedInstant = z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: 'expected an ISO-8601 instant' });
/** An instant kept in one form (2026-10-30T23:00:00.000Z), whatever zone it was written in. */
export const isoInstant = scenarioInstant.transform((v) => (parseInstant(v) as Date).toISOString());
export const id = z.union([z.string().min(1).max(MAX_ID_LENGTH), z.number().int()]).transform(String);

const STORE_ID = {
  error: `expected a store id as the API reads it: a whole number from 1 to ${MAX_STORE_ID}, as 1234 or "1234" (no leading zeros, no spaces)`,
};
/**
 * A store id as the API matches it: a path's /merchants/{storeId}/… as sent, an init body's
 * storeId as its digits. Kept as those digits; " 1234" or "01234" would match no request.
 */
export const storeId = z
  .union([
    z.int(STORE_ID).min(1, STORE_ID).max(MAX_STORE_ID, STORE_ID),
    z
      .string(STORE_ID)
      .regex(/^[1-9][0-9]{0,9}$/, STORE_ID)
      .refine((v) => Number(v) <= MAX_STORE_ID, STORE_ID),
  ])
  .transform(String);

export const name = z.string().min(1).max(MAX_NAME_LENGTH);
/** A SharedKey key or a webhook signing key. */
export const key = z.string().min(1).max(MAX_SECRET_LENGTH);
export const clientSecret = z
  .string()
  .min(8, { error: 'a client secret needs at least 8 characters' })
  .max(MAX_SECRET_LENGTH, { error: `a client secret has at most ${MAX_SECRET_LENGTH} characters` });
/** Where the sandbox calls a shop: http or https only (a javascript:, file: or data: URL names no shop). */
export const callbackUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http or https URL' })
  .max(MAX_URL_LENGTH, { error: `a URL has at most ${MAX_URL_LENGTH} characters` });

export const scenarioAmount = z
  .union([z.number(), z.string()])
  .refine((v) => toMinor(v) !== null, { message: 'expected an amount such as 199 or "199.00"' })
  .transform((v) => toMinor(v) as number);
export const seconds = z.number().int().positive();
/** A token lifetime: one the issuer signs and the API then accepts (MAX_TOKEN_LIFETIME_SECONDS). */
export const tokenLifetime = seconds.max(MAX_TOKEN_LIFETIME_SECONDS, {
  error: `at most ${MAX_TOKEN_LIFETIME_SECONDS} seconds: a longer lifetime puts a token's expiry past the last date the API reads`,
});
