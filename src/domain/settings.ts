/**
 * The scenario's settings as the running sandbox keeps them (token lifetimes, the retired
 * host's dates, checkout and order lifetimes, on-hold reviews, the page's personas), described
 * once: a scenario file's sections are read with this schema, seeding keeps what it gives, and
 * a state file's settings are read back with it. Each default is given here, so a section a
 * scenario leaves out, or a state file written before the section existed, gets the same value.
 * Plain data: the store persists it, services change it, every layer reads it.
 */
import { z } from 'zod';
import { personaSchema } from './personas.js';
import { isoInstant, seconds, tokenLifetime } from './scenario-fields.js';

export const rateLimitSchema = z.object({ requests: z.number().int().positive(), perSeconds: seconds });

const retirementSchema = z.object({
  // The start of 31 October 2026 in Stockholm (CET, UTC+1).
  shutdownAt: isoInstant.default('2026-10-30T23:00:00.000Z'),
  afterShutdown: z.enum(['refuse', 'gone']).default('refuse'),
  brownouts: z.array(z.object({ start: isoInstant, end: isoInstant })).default([]),
});

/** The token settings as the running sandbox keeps them; /__admin/tokens shows and changes them. */
export const tokenSettingsFields = z.object({
  lifetimeSeconds: tokenLifetime,
  /** ext_expires_in of the tokens issued. */
  extLifetimeSeconds: tokenLifetime,
  clockSkewSeconds: z.number().int().min(0),
  rateLimit: rateLimitSchema.nullable(),
});

const tokens = tokenSettingsFields.shape;
const tokensSchema = tokenSettingsFields
  .extend({
    lifetimeSeconds: tokens.lifetimeSeconds.default(3599),
    /** Omitted: the tokens' lifetime. */
    extLifetimeSeconds: tokens.extLifetimeSeconds.optional(),
    clockSkewSeconds: tokens.clockSkewSeconds.default(300),
    rateLimit: tokens.rateLimit.default(null),
  })
  .transform((tokens) => ({ ...tokens, extLifetimeSeconds: tokens.extLifetimeSeconds ?? tokens.lifetimeSeconds }));

export const settingsSchema = z.object({
  tokens: tokensSchema.prefault({}),
  retirement: retirementSchema.prefault({}),
  checkouts: z
    .object({
      lifetimeSeconds: seconds.default(90 * 24 * 3600),
      /**
       * May an old-style path name another store of the same merchant than the checkout's
       * (WooCommerce's euro stores)? lenient: yes; strict: 404.
       */
      storeMatching: z.enum(['lenient', 'strict']).default('lenient'),
    })
    .prefault({}),
  orders: z.object({ lifetimeSeconds: seconds.default(28 * 24 * 3600) }).prefault({}),
  /** On-hold purchases (fraud review) resolve after this much sandbox time with this invoice status; null: only by the admin call. */
  onHold: z
    .object({ resolveAfterSeconds: seconds.nullable().default(3600), invoiceStatus: z.enum(['Approved', 'Rejected']).default('Approved') })
    .prefault({}),
  /** Test customers of the hosted checkout page; omitted: the built-in ones (DEFAULT_PERSONAS). */
  personas: z.array(personaSchema).optional(),
});

export type Settings = z.output<typeof settingsSchema>;
export type RateLimit = z.output<typeof rateLimitSchema>;
export type RetirementSettings = Settings['retirement'];
