/**
 * The answers of the merchant portal's API key page (src/admin/api-clients.ts) and of the
 * token settings (src/admin/tokens.ts). A client is shown as the portal shows it
 * (src/identity/clients.ts, apiClientView): never a secret or its hash, except the new
 * secret in the one answer that makes it.
 */
import { z } from 'zod';
import { rateLimitSchema, tokenSettingsFields } from '../../domain/settings.js';
import { envSchema, guidSchema, instantSchema } from './common.js';

const tokens = tokenSettingsFields.shape;

const lifetime = z.number().int().positive();

export const apiClientViewSchema = z
  .strictObject({
    clientId: guidSchema.meta({ description: 'The client_id of token requests.' }),
    merchantId: z.string().min(1),
    name: z.string(),
    objectId: guidSchema.meta({ description: "The service principal's object id: the token's oid and sub." }),
    tokenLifetimeSeconds: lifetime
      .nullable()
      .meta({ description: "This client's token lifetime; null: the sandbox's (GET /__admin/tokens)." }),
    createdAt: instantSchema,
    revokedAt: instantSchema.nullable().meta({ description: 'When it was revoked (its tokens are refused); null while it is valid.' }),
    secrets: z.array(
      z.strictObject({
        secretId: guidSchema,
        hint: z.string().meta({ description: 'The first 3 characters of the secret.' }),
        createdAt: instantSchema,
        expiresAt: instantSchema.nullable().meta({ description: 'null: it does not expire.' }),
        expired: z.boolean().meta({ description: 'True once expiresAt has passed on the sandbox clock.' }),
      }),
    ),
  })
  .meta({ description: 'An API client as the portal shows it (no secrets).' });

const note = z.string().min(1).meta({ description: 'Where the secret is shown, and what to do when it is lost.' });
const clientSecret = z.string().min(8).meta({ description: 'The secret itself: shown only in this answer (the sandbox keeps a hash).' });

/** 201 of POST …/api-clients. */
export const apiClientCreatedSchema = apiClientViewSchema
  .extend({
    clientSecret: clientSecret,
    secretId: guidSchema,
    secretExpiresAt: instantSchema.nullable(),
    tokenEndpoint: z.url().meta({ description: "The sandbox's token endpoint of the environment." }),
    scope: z.string().min(1).meta({ description: 'The scope token requests name, e.g. api://…/.default.' }),
    note: note,
  })
  .meta({ description: 'A new API client, with its first secret (shown only here) and where to request tokens.' });

/** 200 of GET …/api-clients. */
export const apiClientListSchema = z
  .strictObject({ env: envSchema, merchantId: z.string().min(1), apiClients: z.array(apiClientViewSchema) })
  .meta({ description: "A merchant's API clients." });

/** 201 of POST …/api-clients/{clientId}/secrets. */
export const clientSecretCreatedSchema = z
  .strictObject({
    clientId: guidSchema,
    secretId: guidSchema,
    clientSecret: clientSecret,
    hint: z.string(),
    createdAt: instantSchema,
    expiresAt: instantSchema.nullable(),
    note: note,
  })
  .meta({ description: 'A further secret of a client; the older ones keep working.' });

/** 200 of every /__admin/tokens call: the token settings of both environments. */
export const tokenSettingsSchema = tokenSettingsFields
  .extend({
    lifetimeSeconds: tokens.lifetimeSeconds.meta({ description: 'expires_in of new tokens.' }),
    extLifetimeSeconds: tokens.extLifetimeSeconds.meta({ description: 'ext_expires_in of new tokens.' }),
    clockSkewSeconds: tokens.clockSkewSeconds.meta({ description: 'How long past exp a bearer token is still accepted.' }),
    rateLimit: rateLimitSchema
      .strict()
      .nullable()
      .meta({ description: 'Token requests allowed per client in a window (429 past it); null: no throttling.' }),
  })
  .strict()
  .meta({ description: 'Token lifetimes, skew and rate limit (both environments).' });
