/**
 * /__admin/{env}/merchants/{merchantId}/api-clients: the merchant portal's API key page.
 *
 *   POST   …/api-clients                          create; the secret is in this answer only
 *   GET    …/api-clients                          list (no secrets)
 *   GET    …/api-clients/{clientId}               one client
 *   PATCH  …/api-clients/{clientId}               name, tokenLifetimeSeconds
 *   POST   …/api-clients/{clientId}/secrets       a further secret; the old ones keep working
 *   DELETE …/api-clients/{clientId}/secrets/{id}  delete one secret
 *   DELETE …/api-clients/{clientId}               revoke the client (its tokens are refused)
 *
 * Token settings (lifetimes, skew, rate limit) live in ./tokens.ts and register from here.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { instant, parseDurationMs, parseInstant } from '../clock.js';
import type { AdminDeps } from './deps.js';
import type { ApiClient, Merchant } from '../domain/model.js';
import type { EnvName } from '../hosts.js';
import { apiClientView } from '../identity/clients.js';
import { AdminError, adminBody, instantField } from './errors.js';
import { registerTokenSettingsAdmin } from './tokens.js';
import { envParam } from './world.js';

const durationField = z.string().refine((v) => parseDurationMs(v) !== null, { message: 'expected an ISO-8601 duration such as PT30M or P180D' });
const secretValue = z.string().min(8, { message: 'a client secret needs at least 8 characters' }).max(256);

export const createSchema = z
  .object({
    name: z.string().min(1).max(200).optional(),
    clientSecret: secretValue.optional(),
    secretExpiresAt: instantField.optional(),
    secretExpiresIn: durationField.optional(),
    tokenLifetimeSeconds: z.number().int().positive().nullable().optional(),
  })
  .strict();

export const patchSchema = z
  .object({ name: z.string().min(1).max(200).optional(), tokenLifetimeSeconds: z.number().int().positive().nullable().optional() })
  .strict();

export const secretSchema = z
  .object({ clientSecret: secretValue.optional(), expiresAt: instantField.optional(), expiresIn: durationField.optional() })
  .strict();

const BASE = '/__admin/:env/merchants/:merchantId/api-clients';

type ApiClientAdminDeps = Pick<AdminDeps, 'clock' | 'services' | 'identity' | 'urls'>;

export function registerApiClientAdmin(admin: Hono, ctx: ApiClientAdminDeps): void {
  registerTokenSettingsAdmin(admin, ctx);

  admin.post(BASE, async (c) => {
    const { env, merchant } = merchantOf(c, ctx);
    const body = await adminBody(c, createSchema);
    const expiresAt = expiry(ctx, body.secretExpiresAt, body.secretExpiresIn, 'secretExpiresAt', 'secretExpiresIn');
    const { client, secret } = await ctx.services
      .env(env)
      .apiClients.create(merchant, { name: body.name, clientSecret: body.clientSecret, tokenLifetimeSeconds: body.tokenLifetimeSeconds, expiresAt });
    return c.json(
      {
        ...apiClientView(client, ctx.clock.nowMs()),
        clientSecret: secret.clientSecret,
        secretId: secret.record.secretId,
        secretExpiresAt: secret.record.expiresAt,
        tokenEndpoint: `${ctx.urls.baseUrl(env, 'auth')}/oauth2/v2.0/token`,
        scope: ctx.identity.tenant(env).scope,
        note: 'The client secret is shown only in this answer; the sandbox keeps a hash. Lost it? POST …/secrets for a new one.',
      },
      201,
    );
  });

  admin.get(BASE, (c) => {
    const { env, merchant } = merchantOf(c, ctx);
    const clients = ctx.services.env(env).apiClients.list(merchant.id);
    return c.json({ env, merchantId: merchant.id, apiClients: clients.map((a) => apiClientView(a, ctx.clock.nowMs())) });
  });

  admin.get(`${BASE}/:clientId`, (c) => c.json(apiClientView(clientOf(c, ctx).client, ctx.clock.nowMs())));

  admin.patch(`${BASE}/:clientId`, async (c) => {
    const { env, client } = clientOf(c, ctx);
    const body = await adminBody(c, patchSchema);
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const renamed = await ctx.services.env(env).apiClients.rename(client, changes);
    return c.json(apiClientView(renamed, ctx.clock.nowMs()));
  });

  admin.post(`${BASE}/:clientId/secrets`, async (c) => {
    const { env, client } = clientOf(c, ctx);
    if (client.revokedAt !== null) throw new AdminError(409, `API client ${client.clientId} was revoked on ${client.revokedAt}; create a new client instead.`);
    const body = await adminBody(c, secretSchema);
    const expiresAt = expiry(ctx, body.expiresAt, body.expiresIn, 'expiresAt', 'expiresIn');
    const { secret } = await ctx.services.env(env).apiClients.addSecret(client, { clientSecret: body.clientSecret, expiresAt });
    return c.json(
      {
        clientId: client.clientId,
        secretId: secret.record.secretId,
        clientSecret: secret.clientSecret,
        hint: secret.record.hint,
        createdAt: secret.record.createdAt,
        expiresAt: secret.record.expiresAt,
        note: 'Shown only in this answer. The older secrets keep working until you delete them.',
      },
      201,
    );
  });

  admin.delete(`${BASE}/:clientId/secrets/:secretId`, async (c) => {
    const { env, client } = clientOf(c, ctx);
    const secretId = c.req.param('secretId') ?? '';
    const next = await ctx.services.env(env).apiClients.deleteSecret(client, secretId);
    if (!next) {
      const known = client.secrets.map((s) => s.secretId).join(', ') || 'none';
      throw new AdminError(404, `API client ${client.clientId} has no secret ${secretId}; its secrets: ${known}.`);
    }
    return c.json(apiClientView(next, ctx.clock.nowMs()));
  });

  admin.delete(`${BASE}/:clientId`, async (c) => {
    const { env, client } = clientOf(c, ctx);
    const revoked = await ctx.services.env(env).apiClients.revoke(client);
    return c.json(apiClientView(revoked, ctx.clock.nowMs()));
  });
}

function merchantOf(c: Context, ctx: ApiClientAdminDeps): { env: EnvName; merchant: Merchant } {
  const env = envParam(c.req.param('env'));
  const merchantId = c.req.param('merchantId') ?? '';
  const directory = ctx.services.env(env).merchants;
  const merchant = directory.byId(merchantId);
  if (!merchant) {
    const known = directory.list().map((m) => m.id).join(', ') || 'none';
    throw new AdminError(404, `No merchant '${merchantId}' in ${env.toUpperCase()}; known merchants: ${known} (GET /__admin/${env}/merchants).`);
  }
  return { env, merchant };
}

function clientOf(c: Context, ctx: ApiClientAdminDeps): { env: EnvName; client: ApiClient } {
  const { env, merchant } = merchantOf(c, ctx);
  const clientId = c.req.param('clientId') ?? '';
  const client = ctx.services.env(env).apiClients.get(merchant.id, clientId);
  if (!client) {
    throw new AdminError(404, `Merchant ${merchant.id} has no API client '${clientId}' in ${env.toUpperCase()} (GET /__admin/${env}/merchants/${merchant.id}/api-clients lists them).`);
  }
  return { env, client };
}

/** An absolute instant, or a duration from now on the sandbox clock; neither means no expiry. */
function expiry(ctx: Pick<AdminDeps, 'clock'>, at: string | undefined, within: string | undefined, atName: string, withinName: string): string | null {
  if (at !== undefined && within !== undefined) throw new AdminError(400, `Send ${atName} or ${withinName}, not both.`);
  if (at !== undefined) return (parseInstant(at) as Date).toISOString();
  if (within !== undefined) {
    const at = instant(ctx.clock.nowMs() + (parseDurationMs(within) as number));
    // 'P99999999Y' parses, but lands past the end of the calendar: a 400, not a RangeError.
    if (Number.isNaN(at.getTime())) throw new AdminError(400, `${withinName}: '${within}' reaches past the calendar's end; send a shorter duration, or ${atName}.`);
    return at.toISOString();
  }
  return null;
}
